// What the last build published, page by page, for the patch build (gatsby/patch/build.ts): each
// page's template and a digest of its page-data result, and the file routes of the sitemap. Both
// kinds of build write it next to the build data (gatsby/sourcing/incremental.ts, `next/`, promoted
// to `last/` once published): Gatsby's from createPages and onPostBuild, the patch build its own.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DATA } from '../../publish/build-protocol';
import type { PageActions, PageInput } from '../pages/types';
import type { SitemapEntry } from '../sitemap';
import { pageResultJson } from '../renderer/render';

export interface ManifestEntry {
  template: string;
  digest: string;
  matchPath: string | null;
  /** When a build found this page's data changed (null: unchanged since it was first built): the sitemap's lastmod. */
  changedAt: number | null;
  /**
   * The page's earlier versions, newest first (at most HISTORY): each one's digest and
   * changedAt, so a page whose data goes back to an earlier version (a reverted edit) gets that
   * version's changedAt back instead of a new one (issue 44). Absent: the page never changed.
   */
  history?: Array<[digest: string, changedAt: number | null]>;
}

/** How many earlier versions of a page the manifest remembers. */
const HISTORY = 3;
export type Manifest = Map<string, ManifestEntry>;
/** A manifest entry as saved: the history only for pages that changed (the file stays small). */
type ManifestRow = [
  template: string,
  digest: string,
  matchPath: string | null,
  changedAt?: number | null,
  history?: Array<[string, number | null]>,
];

const { manifest: MANIFEST, fileRoutes: FILE_ROUTES } = DATA;

/** A template's name from its component file (`src/templates/review.tsx` -> `review`). */
export const templateName = (component: string) => path.basename(component, path.extname(component));

export function manifestEntry(page: PageInput): ManifestEntry {
  const template = templateName(page.component);
  const digest = createHash('sha1')
    .update(`${template}\n${page.matchPath ?? ''}\n`)
    .update(pageResultJson(page.context))
    .digest('base64url');
  return { template, digest, matchPath: page.matchPath ?? null, changedAt: null };
}

/**
 * Carries each page's `changedAt` over from the last build's manifest, or sets it to `now` when
 * the page's data differs from the last build's (issue 20, defect 8: an edited review's lastmod
 * is when its page last changed, not its posting date). A page new in this build keeps null: its
 * data's own date stands. A page whose data is again one of its earlier versions (an edit
 * reverted) gets that version's changedAt back (issue 44): nothing new for crawlers to fetch.
 */
export function stampChanges(next: Manifest, last: Manifest | null, now: number): Manifest {
  for (const [p, e] of next) {
    const prev = last?.get(p);
    if (!prev) {
      e.changedAt = null;
      continue;
    }
    if (prev.digest === e.digest) {
      e.changedAt = prev.changedAt;
      if (prev.history) e.history = prev.history;
      continue;
    }
    const earlier = prev.history?.find(([d]) => d === e.digest);
    e.changedAt = earlier ? earlier[1] : now;
    e.history = [
      [prev.digest, prev.changedAt] as [string, number | null],
      ...(prev.history ?? []).filter(([d]) => d !== e.digest && d !== prev.digest),
    ].slice(0, HISTORY);
  }
  return next;
}

/** Page actions that record each created page's manifest entry, then create it. */
export function recordingManifest(actions: PageActions, into: Manifest): PageActions {
  return {
    createPage(page) {
      into.set(page.path, manifestEntry(page));
      actions.createPage(page);
    },
  };
}

const next = (dataDir: string) => path.join(dataDir, DATA.next);

export function saveManifest(dataDir: string, manifest: Manifest): void {
  fs.mkdirSync(next(dataDir), { recursive: true });
  const out: Record<string, ManifestRow> = {};
  for (const [p, e] of manifest)
    out[p] = e.history?.length
      ? [e.template, e.digest, e.matchPath, e.changedAt, e.history]
      : [e.template, e.digest, e.matchPath, e.changedAt];
  fs.writeFileSync(path.join(next(dataDir), MANIFEST), JSON.stringify(out));
}

/** The manifest of the last published build (`dir` is its data: BUILD_DATA_DIR/last), or null. */
export function loadManifest(dir: string): Manifest | null {
  let raw: Record<string, ManifestRow>;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    return null;
  }
  return new Map(
    Object.entries(raw).map(([p, [template, digest, matchPath, changedAt, history]]) => [
      p,
      {
        template,
        digest,
        matchPath,
        changedAt: typeof changedAt === 'number' ? changedAt : null,
        ...(Array.isArray(history) && history.length
          ? {
              history: history
                .filter((h) => Array.isArray(h) && typeof h[0] === 'string')
                .slice(0, HISTORY)
                .map(([d, at]): [string, number | null] => [d, typeof at === 'number' ? at : null]),
            }
          : {}),
      },
    ]),
  );
}

export function saveFileRoutes(dataDir: string, entries: SitemapEntry[]): void {
  fs.mkdirSync(next(dataDir), { recursive: true });
  fs.writeFileSync(path.join(next(dataDir), FILE_ROUTES), JSON.stringify(entries));
}

export function loadFileRoutes(dir: string): SitemapEntry[] | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, FILE_ROUTES), 'utf8')) as SitemapEntry[];
  } catch {
    return null;
  }
}
