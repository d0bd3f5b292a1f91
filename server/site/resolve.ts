// Maps a request path under /review to a file of the built site (public/), Gatsby style.
import fs from 'node:fs';
import path from 'node:path';
import { isUnbuiltReviewPath } from '../../src/review/unbuilt';

export type Resolution =
  | { kind: 'file'; rel: string }
  | { kind: 'redirect'; location: string }
  /** A review URL without a static page: the 404 page's HTML, status 200 (src/review/unbuilt.ts). */
  | { kind: 'unbuilt-review' }
  | { kind: 'missing' };

/** The 404 page Gatsby builds; it also opens reviews published after the last build. */
export const NOT_FOUND_HTML = '404.html';

const isFile = (p: string) => { try { return fs.statSync(p).isFile(); } catch { return false; } };
const isDir = (p: string) => { try { return fs.statSync(p).isDirectory(); } catch { return false; } };

/** `sitePath` is the decoded path after /review (starting with "/"), `search` the query string. */
export function resolveSitePath(siteDir: string, sitePath: string, search = ''): Resolution {
  if (sitePath.includes('\0') || sitePath.includes('\\')) return { kind: 'missing' };
  // Dot segments are refused outright rather than normalised away.
  if (sitePath.split('/').some((s) => s === '..' || s === '.')) return { kind: 'missing' };
  const normal = path.posix.normalize(sitePath);
  if (!normal.startsWith('/')) return { kind: 'missing' };
  const abs = path.join(siteDir, normal);
  if (!abs.startsWith(path.resolve(siteDir))) return { kind: 'missing' };
  if (normal.endsWith('/')) {
    if (isFile(path.join(abs, 'index.html'))) return { kind: 'file', rel: path.posix.join(normal, 'index.html').slice(1) };
  } else if (isFile(abs)) {
    return { kind: 'file', rel: normal.slice(1) };
  } else if (isDir(abs) && isFile(path.join(abs, 'index.html'))) {
    // /review/merchants and /review/merchants/ reach the same page (spec section 2).
    return { kind: 'redirect', location: `/review${normal}/${search}` };
  }
  // /product/{id} is the product route used after navigation; it leads to /pd/{id}/.
  const product = /^\/product\/([A-Za-z0-9_-]{1,64})\/?$/.exec(normal);
  if (product) return { kind: 'redirect', location: `/review/pd/${product[1]}/` };
  if (isUnbuiltReviewPath(normal) && isFile(path.join(siteDir, NOT_FOUND_HTML))) {
    if (!normal.endsWith('/')) return { kind: 'redirect', location: `/review${normal}/${search}` };
    return { kind: 'unbuilt-review' };
  }
  return { kind: 'missing' };
}
