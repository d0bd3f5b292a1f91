// Maps a request path under /review to a file of the built site (public/), Gatsby style.
import fs from 'node:fs';
import path from 'node:path';
import { ID_SOURCE } from '../../src/common/coerce';
import { unbuiltReviewIds } from '../../src/review/unbuilt';
import { PATH_PREFIX, productPath, withPrefix } from '../../src/paths';
import { isPrivateFile } from '../../publish/private-files';
import { isSibling } from '../../publish/precompress';
import { DEFERRED_DIR } from '../../publish/render-protocol';

export type Resolution =
  /** A file of the site, answered with `status` (the status pages keep theirs). */
  | { kind: 'file'; rel: string; status: number }
  /** `to`: the decoded site path it leads to (the takedown check runs on it, taken-down.ts). */
  | { kind: 'redirect'; location: string; to: string }
  /**
   * A review URL without a static page: the 404 page's HTML, which loads the review in the
   * browser; 200 only when the review exists (src/review/unbuilt.ts, review-exists.ts).
   */
  | { kind: 'unbuilt-review'; productId: string; commentId: string }
  /** A product hub without a static page: one the bounded build deferred, rendered on request. */
  | { kind: 'unbuilt-hub'; productId: string }
  | { kind: 'missing' };

/** /product/{id}, the product route used after navigation (src/paths.ts aliasProductId). */
const PRODUCT_ALIAS = new RegExp(`^\\/product\\/(${ID_SOURCE})\\/?$`);
/** A product hub's page (src/paths.ts productPath) and its page data. */
const HUB_PAGE = new RegExp(`^\\/pd\\/(${ID_SOURCE})\\/?$`);
const HUB_PAGE_DATA = new RegExp(`^\\/page-data\\/pd\\/(${ID_SOURCE})\\/page-data\\.json$`);

/** The product id of a hub's page-data path (after /review), else null. */
export const hubPageDataId = (sitePath: string) => HUB_PAGE_DATA.exec(sitePath)?.[1] ?? null;

/** The 404 page Gatsby builds; it also opens reviews published after the last build. */
export const NOT_FOUND_HTML = '404.html';

// The status pages answer with their status at every URL Gatsby writes them to: /404/ and
// /404.html are "not found" pages, never soft 404s a crawler could index.
const STATUS_PAGES = new Map([
  ['404.html', 404],
  ['404/index.html', 404],
  ['500.html', 500],
  ['500/index.html', 500],
]);

// Build output the browser never needs (source maps, webpack's stats): the rule is publish/'s.
export { isPrivateFile };

const stat = (p: string) => {
  try {
    // No exception for a missing file (every deferred or unknown page's URL): none is thrown.
    return fs.statSync(p, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
};

/**
 * Whether p, with every symlink followed, is still inside the site root (issue 12, item 6).
 * The root's real path is taken per request: public/ may be a symlink a deploy swaps.
 */
function inside(siteDir: string, p: string): boolean {
  try {
    const root = fs.realpathSync.native(siteDir);
    const real = fs.realpathSync.native(p);
    return real === root || real.startsWith(root + path.sep);
  } catch {
    return false;
  }
}

const fileIn = (siteDir: string, p: string) => stat(p)?.isFile() === true && inside(siteDir, p);
const dirIn = (siteDir: string, p: string) => stat(p)?.isDirectory() === true && inside(siteDir, p);

/**
 * A copy of another file of the site, made from it: a precompressed sibling (`.br`, `.gz`, made at
 * publish for nginx, publish/precompress.ts) or any future one, i.e. a file whose name without
 * its last extension names a file beside it. Never served by its own name (issue 39, N1): it holds
 * the bytes of its file, so every rule about that file (a takedown, a status, a page's policy)
 * would have to know every sibling's name. Its file is served instead, compressed to clients
 * that accept it (serve-site.ts).
 */
function isCopyOfAnother(siteDir: string, rel: string): boolean {
  if (isSibling(rel)) return true;
  const dot = rel.lastIndexOf('.');
  return dot > rel.lastIndexOf('/') + 1 && fileIn(siteDir, path.join(siteDir, rel.slice(0, dot)));
}

const file = (siteDir: string, rel: string): Resolution =>
  isPrivateFile(rel) || isCopyOfAnother(siteDir, rel)
    ? { kind: 'missing' }
    : { kind: 'file', rel, status: STATUS_PAGES.get(rel) ?? 200 };

const redirect = (to: string, search: string): Resolution => ({
  kind: 'redirect',
  location: `${PATH_PREFIX}${to}${search}`,
  to,
});

/** `sitePath` is the decoded path after /review (starting with "/"), `search` the query string. */
export function resolveSitePath(dir: string, sitePath: string, search = ''): Resolution {
  const siteDir = path.resolve(dir);
  if (sitePath.includes('\0') || sitePath.includes('\\')) return { kind: 'missing' };
  // Dot segments are refused outright rather than normalised away, and so is every other
  // dot-name (.build-stamp, .cache, ...): nothing Gatsby emits for the browser starts with one.
  if (sitePath.split('/').some((s) => s.startsWith('.'))) return { kind: 'missing' };
  // What the site server renders deferred reviews from (gatsby/deferred/data.ts): never served.
  if (sitePath.split('/')[1] === DEFERRED_DIR) return { kind: 'missing' };
  const normal = path.posix.normalize(sitePath);
  if (!normal.startsWith('/')) return { kind: 'missing' };
  const abs = path.join(siteDir, normal);
  if (!abs.startsWith(siteDir)) return { kind: 'missing' };
  if (normal.endsWith('/')) {
    if (fileIn(siteDir, path.join(abs, 'index.html')))
      return file(siteDir, path.posix.join(normal, 'index.html').slice(1));
  } else if (fileIn(siteDir, abs)) {
    return file(siteDir, normal.slice(1));
  } else if (dirIn(siteDir, abs) && fileIn(siteDir, path.join(abs, 'index.html'))) {
    // /review/merchants and /review/merchants/ reach the same page (spec section 2).
    return redirect(`${normal}/`, search);
  }
  // /product/{id} is the product route used after navigation; it leads to /pd/{id}/.
  const product = PRODUCT_ALIAS.exec(normal);
  if (product) {
    const to = productPath(product[1]);
    return { kind: 'redirect', location: withPrefix(to), to };
  }
  const hub = HUB_PAGE.exec(normal);
  if (hub) {
    if (!normal.endsWith('/')) return redirect(`${normal}/`, search);
    return { kind: 'unbuilt-hub', productId: hub[1] };
  }
  const review = unbuiltReviewIds(normal);
  if (review && fileIn(siteDir, path.join(siteDir, NOT_FOUND_HTML))) {
    if (!normal.endsWith('/')) return redirect(`${normal}/`, search);
    return { kind: 'unbuilt-review', ...review };
  }
  return { kind: 'missing' };
}
