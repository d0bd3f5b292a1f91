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
}
export type Manifest = Map<string, ManifestEntry>;

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
 * data's own date stands.
 */
export function stampChanges(next: Manifest, last: Manifest | null, now: number): Manifest {
  for (const [p, e] of next) {
    const prev = last?.get(p);
    e.changedAt = !prev ? null : prev.digest === e.digest ? prev.changedAt : now;
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
  const out: Record<string, [string, string, string | null, number | null]> = {};
  for (const [p, e] of manifest) out[p] = [e.template, e.digest, e.matchPath, e.changedAt];
  fs.writeFileSync(path.join(next(dataDir), MANIFEST), JSON.stringify(out));
}

/** The manifest of the last published build (`dir` is its data: BUILD_DATA_DIR/last), or null. */
export function loadManifest(dir: string): Manifest | null {
  let raw: Record<string, [string, string, string | null, (number | null)?]>;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    return null;
  }
  return new Map(
    Object.entries(raw).map(([p, [template, digest, matchPath, changedAt]]) => [
      p,
      { template, digest, matchPath, changedAt: typeof changedAt === 'number' ? changedAt : null },
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
