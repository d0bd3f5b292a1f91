// A takedown while publishing is locked (issue 39's lock finding): the takedown's build is held
// (it starts from the newest build's data, the rolled-back changes included), so the served
// release is patched instead. A takedown only removes: every file of the SERVED release that
// names a taken-down review gets a copy without it, and the copies are published as a new release
// derived from the served one (preparePatchReleaseAsync: every other file hard-linked, with async
// calls so the server keeps answering), so the rolled back content is kept and only the removals
// are added. The lock stays as it is. A rollback (serveRelease) applies every takedown the same
// way to the release it serves, before serving it: an older build's release lists reviews taken
// down since it was built.
//
// What is removed, from the served release's own files (never from a build's data):
// - sitemaps (`*.xml`): each `<url>` whose `<loc>` is the review's page;
// - page data (`*.json`): each array entry that is the review (`productId` and `commentId` or
//   `id`), wherever it sits (listing cards, related carousels, a hub's reviews);
// - HTML: the card of each link to the review (the link, or the `<li>` holding it), a hub's
//   review item (`data-comment-id`, on the product's own hub pages), and the hub's JSON-LD
//   `Review` whose body was in a removed card.
// The HTML is edited, not rendered again: counts drawn in it (a hub's rating summary, a list's
// `data-count`) keep the review until the takedown's build is served, and React, hydrating
// against the patched page data, renders such a page again in the browser. The .br/.gz siblings
// of the patched files are not linked from the base (publish makes them again), so nginx sends
// the patched file itself until they are there: never a stale sibling.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TextNode, type HTMLElement } from 'node-html-parser';
import { keyedQueue } from './limit';
import { isSibling } from './precompress';
import {
  PREPARED_PREFIX,
  currentRelease,
  listReleases,
  publishPrepared,
  republish,
  type PreparedStats,
  type PublishStats,
} from './releases';
import { preparePatchReleaseAsync } from './release-files';

export interface TakenDown {
  productId: string;
  commentId: string;
}

/** Files larger than this are not read (no listing page comes near it). */
const MAX_FILE_BYTES = 32 * 2 ** 20;
const reviewPath = (r: TakenDown) => `/review/${r.productId}/${r.commentId}/`;

/** The path of an href or a sitemap's loc, with a trailing slash, or null. */
function pathOf(href: string): string | null {
  try {
    const p = new URL(href.slice(0, 2048), 'http://site.invalid/').pathname;
    return p.endsWith('/') ? p : `${p}/`;
  } catch {
    return null;
  }
}

const isEntry = (v: unknown, r: TakenDown): boolean => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return String(o.productId) === r.productId && (String(o.commentId) === r.commentId || String(o.id) === r.commentId);
};

/** The value without the entries of the reviews (a copy where something changed). */
function withoutEntries(v: unknown, down: readonly TakenDown[]): unknown {
  if (Array.isArray(v)) return v.filter((e) => !down.some((r) => isEntry(e, r))).map((e) => withoutEntries(e, down));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, withoutEntries(e, down)]));
  return v;
}

export function patchSitemap(xml: string, down: readonly TakenDown[]): string {
  const paths = new Set(down.map(reviewPath));
  // <url> elements are flat in a sitemap: cut from each <url> to its </url>, no regex.
  let out = '';
  let at = 0;
  for (;;) {
    const start = xml.indexOf('<url>', at);
    const end = start < 0 ? -1 : xml.indexOf('</url>', start);
    if (end < 0) return out + xml.slice(at);
    const entry = xml.slice(start, end + 6);
    const locStart = entry.indexOf('<loc>');
    const locEnd = entry.indexOf('</loc>');
    const loc = locStart >= 0 && locEnd > locStart ? pathOf(entry.slice(locStart + 5, locEnd).trim()) : null;
    out += xml.slice(at, start) + (loc && paths.has(loc) ? '' : entry);
    at = end + 6;
  }
}

export function patchPageData(json: string, down: readonly TakenDown[]): string {
  return JSON.stringify(withoutEntries(JSON.parse(json), down));
}

export function patchHtml(html: string, rel: string, down: readonly TakenDown[]): string {
  const root = parse(html, {
    comment: true,
    blockTextElements: { script: true, noscript: true, style: true, pre: true },
  });
  const paths = new Set(down.map(reviewPath));
  const removed: HTMLElement[] = [];
  const cut = (el: HTMLElement) => {
    const card = el.parentNode?.rawTagName?.toLowerCase() === 'li' ? el.parentNode : el;
    if (!removed.includes(card)) removed.push(card);
  };
  for (const a of root.querySelectorAll('a[href]')) {
    const p = pathOf(a.getAttribute('href') ?? '');
    if (p && paths.has(p)) cut(a);
  }
  for (const r of down)
    if (rel.startsWith(`pd/${r.productId}/`))
      for (const el of root.querySelectorAll(`[data-comment-id="${r.commentId}"]`)) cut(el);
  const removedText = removed.map((el) => el.textContent.replace(/\s+/g, '')).join('\n');
  for (const el of removed) el.remove();
  for (const s of root.querySelectorAll('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(s.textContent);
    } catch {
      continue;
    }
    const body = (v: unknown) =>
      v && typeof v === 'object' && (v as Record<string, unknown>)['@type'] === 'Review'
        ? String((v as Record<string, unknown>).reviewBody ?? '').replace(/\s+/g, '')
        : '';
    const drop = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.filter((e) => !(body(e) && removedText.includes(body(e).slice(0, 40)))).map(drop);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, drop(e)]));
      return v;
    };
    const next = JSON.stringify(drop(data)).replace(/</g, '\\u003c');
    const textNode = s.childNodes[0];
    if (textNode instanceof TextNode && next !== JSON.stringify(data).replace(/</g, '\\u003c')) textNode.rawText = next;
  }
  return root.toString();
}

/** Whether a file's bytes name one of the reviews (its page's path, or its ids as page data has them). */
function names(text: string, down: readonly TakenDown[]): boolean {
  return down.some(
    (r) =>
      text.includes(reviewPath(r)) ||
      (text.includes(`"productId":"${r.productId}"`) &&
        (text.includes(`"commentId":"${r.commentId}"`) || text.includes(`"id":"${r.commentId}"`))) ||
      text.includes(`data-comment-id="${r.commentId}"`),
  );
}

async function listFiles(dir: string, rel = '', out: string[] = []): Promise<string[]> {
  for (const e of await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) await listFiles(dir, child, out);
    else if (e.isFile() && !isSibling(e.name)) out.push(child);
  }
  return out;
}

/** In a release patched for takedowns: the release it was patched from (never served: a dot-name). */
const ORIGIN_FILE = '.takedown-of';
const originOf = (release: string): string | null => {
  try {
    return fs.readFileSync(path.join(release, ORIGIN_FILE), 'utf8').trim().slice(0, 64) || null;
  } catch {
    return null;
  }
};

/**
 * The release of a build that is served: `current`, or the one the served takedown patch was
 * made from (the build history and the publishing state name that build as served).
 */
export function servedOrigin(root: string): string | null {
  const id = currentRelease(root);
  return id && (originOf(path.join(root, 'releases', id)) ?? id);
}

export interface TakedownPatchResult {
  /** The new release, or null when no file of the served one named the reviews. */
  release: PublishStats | null;
  patched: string[];
}

/** The takedowns, or where to read them when their turn comes (after the patches queued before). */
export type Takedowns = readonly TakenDown[] | (() => readonly TakenDown[]);
const listOf = (d: Takedowns) => (typeof d === 'function' ? d() : d);

/**
 * One takedown patch or switch at a time per releases root in this process: a takedown's patch
 * and a rollback never read the takedowns and the served release at the same time, so whichever
 * comes second sees what the first did (a rollback reads the takedown the patch before it served).
 * Its own queue: the switch inside (republish) takes the publish queue of releases.ts.
 */
const patchQueue = keyedQueue();
const inTurn = <T>(root: string, task: () => Promise<T>) => patchQueue(path.resolve(root), task);

let preparedCount = 0;

interface PreparedPatch {
  prepared: string;
  stats: PreparedStats;
  patched: string[];
}

/**
 * A release prepared (not served) from release folder `base` (id `baseId`) without every
 * listing entry of `down`, or null when no file of it names them. The reviews' own pages are not
 * touched (they answer 410 on both servers, issue 13). Every file operation is async (the
 * linking too: preparePatchReleaseAsync), so the server's event loop keeps answering.
 */
async function preparePatch(
  root: string,
  base: string,
  baseId: string,
  down: readonly TakenDown[],
): Promise<PreparedPatch | null> {
  const own = new Set(
    down.flatMap((r) => [`${r.productId}/${r.commentId}/`, `page-data/${r.productId}/${r.commentId}/`]),
  );
  const outDir = await fs.promises.mkdtemp(path.join(root, '.takedown-patch-'));
  try {
    const patched: string[] = [];
    for (const rel of await listFiles(base)) {
      const ext = path.extname(rel).toLowerCase();
      if (!['.html', '.json', '.xml'].includes(ext) || rel.startsWith('_deferred/')) continue;
      if ([...own].some((o) => rel.startsWith(o))) continue;
      const file = path.join(base, rel);
      if ((await fs.promises.stat(file)).size > MAX_FILE_BYTES) continue;
      const text = await fs.promises.readFile(file, 'utf8');
      if (!names(text, down)) continue;
      let next: string;
      try {
        next =
          ext === '.xml'
            ? patchSitemap(text, down)
            : ext === '.json'
              ? patchPageData(text, down)
              : patchHtml(text, rel, down);
      } catch {
        continue; // not a file of a shape it knows (the served file stays)
      }
      if (next === text) continue;
      await fs.promises.mkdir(path.dirname(path.join(outDir, rel)), { recursive: true });
      await fs.promises.writeFile(path.join(outDir, rel), next);
      patched.push(rel);
    }
    if (!patched.length) return null;
    const prepared = path.join(root, 'releases', `${PREPARED_PREFIX}takedown-${process.pid}-${++preparedCount}`);
    try {
      const stats = await preparePatchReleaseAsync(prepared, { base, outDir, written: patched, deleted: [] });
      await fs.promises.writeFile(path.join(prepared, ORIGIN_FILE), originOf(base) ?? baseId);
      return { prepared, stats, patched };
    } catch (e) {
      await fs.promises.rm(prepared, { recursive: true, force: true });
      throw e;
    }
  } finally {
    await fs.promises.rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Serves a prepared patch. No pruning by this publish: a patch must not push a build's release
 * out of the kept ones (the newest build's, held, is the way out of the lock).
 */
const servePatch = (root: string, p: PreparedPatch, expectServed?: string) =>
  publishPrepared(root, p.prepared, p.stats, { expectServed, keep: Number.MAX_SAFE_INTEGER }).catch(
    async (e: Error) => {
      await fs.promises.rm(p.prepared, { recursive: true, force: true });
      throw e;
    },
  );

/**
 * Publishes the served release of `root` without every listing entry of `down` (read when its
 * turn comes). `when` is asked then too (the deploy side: only while publishing is locked).
 * Rejects, serving nothing new, when another release was served meanwhile by another process.
 */
export function patchServedRelease(
  root: string,
  down: Takedowns,
  opts: { when?: () => boolean } = {},
): Promise<TakedownPatchResult> {
  return inTurn(root, async () => {
    const list = listOf(down);
    const id = currentRelease(root);
    if (!id || !list.length || (opts.when && !opts.when())) return { release: null, patched: [] };
    const base = fs.realpathSync(path.join(root, 'current'));
    const p = await preparePatch(root, base, id, list);
    if (!p) return { release: null, patched: [] };
    const release = await servePatch(root, p, id);
    // The patch it replaces goes (a patch is no build's release; its build's is kept).
    if (originOf(base)) await fs.promises.rm(base, { recursive: true, force: true });
    return { release, patched: p.patched };
  });
}

/** Takedown patches that are not served (one a switch left behind): removed. */
async function removeStalePatches(root: string): Promise<void> {
  const current = currentRelease(root);
  for (const r of listReleases(root))
    if (r.id !== current && originOf(path.join(root, 'releases', r.id)))
      await fs.promises.rm(path.join(root, 'releases', r.id), { recursive: true, force: true });
}

export interface ServedRelease {
  /** The release served: `id`, or a patch of it without the takedowns. */
  id: string;
  patched: string[];
}

/**
 * Serves release `id` again (a rollback, or forward after one) with every takedown of `down`
 * applied by the same patch as a takedown's: when a file of `id` names a taken-down review, a
 * release patched from it is served in one switch instead of `id` itself, so the site never
 * serves a listing, page data or sitemap of a review taken down since `id` was built (issue 39).
 * `id` stays as it is (its build's release). Rejects, serving nothing new, when `id` is not kept.
 *
 * The takedown patch served before (if any) is left for the CDN purge's comparison of the two
 * releases (server/deploy/), and removed by the next switch.
 */
export function serveRelease(root: string, id: string, down: Takedowns): Promise<ServedRelease> {
  return inTurn(root, async () => {
    if (!listReleases(root).some((r) => r.id === id)) throw new Error(`no release ${id} is kept`);
    await removeStalePatches(root);
    const list = listOf(down);
    const p = list.length ? await preparePatch(root, path.join(root, 'releases', id), id, list) : null;
    if (!p) {
      await republish(root, id);
      return { id, patched: [] };
    }
    return { id: (await servePatch(root, p)).id, patched: p.patched };
  });
}
