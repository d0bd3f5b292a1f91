// The build pipeline's files and protocol, in one place (issue 20): what the build queue
// (server/builds/gatsby-runner.ts) and its two kinds of child (`gatsby build` through gatsby/,
// and the patch build, gatsby/patch/build.ts) hand each other. Both sides import this module
// downward; it imports nothing of either.
//
// The walk of one edit: the queue writes the INPUT file (the hint, the takedowns) into the
// build-data folder and starts a child with the ENV names below set; the child sources
// incrementally from last/ (the data of the last published build), writes next/ (data,
// manifest, file routes) and the REPORT file, and exits with an EXIT code (the patch build also
// writes its RESULT file and prepares a release); after the publish the queue stamps next/ and
// promotes it to last/ (promoteBuildData).
//
//   <root>/var/build-data/input.json                 the queue -> the child (BuildInput)
//   <root>/var/build-data/next/{pages,products}.ndjson, manifest.json, file-routes.json
//   <root>/var/build-data/next/stamp.json            the queue, after the publish (BuildStamp)
//   <root>/var/build-data/last/                      next/ once published: the next build's base
//   <root>/var/build-report.json                     pages built, reviews skipped and why
//   <root>/var/patch/{out/,sitemaps/,result.json}    the patch build's work (PatchResult)
import fs from 'node:fs';
import path from 'node:path';
import type { PreparedStats } from './releases';

/** The child's environment: where its input and data are, and the patch build's folders. */
export const ENV = {
  inputFile: 'BUILD_INPUT_FILE',
  dataDir: 'BUILD_DATA_DIR',
  patchWorkDir: 'PATCH_WORK_DIR',
  /** The release the patch applies to (its files are linked, never written). */
  patchBaseDir: 'PATCH_BASE_DIR',
  /** Where the patch prepares the new release (releases/.patch-<build>). */
  patchReleaseDir: 'PATCH_RELEASE_DIR',
} as const;

/** The child's exit codes. */
export const EXIT = {
  ok: 0,
  /** The build fails (a required endpoint down); the served release stays. */
  failed: 1,
  /** The patch build cannot apply here: the queue runs `gatsby build` instead. */
  notApplicable: 3,
} as const;

/** Files of the build-data folder. */
export const DATA = {
  input: 'input.json',
  next: 'next',
  last: 'last',
  pages: 'pages.ndjson',
  products: 'products.ndjson',
  manifest: 'manifest.json',
  fileRoutes: 'file-routes.json',
  stamp: 'stamp.json',
} as const;

export const buildDataDir = (root: string) => path.join(root, 'var', 'build-data');
export const reportFile = (root: string) => path.join(root, 'var', 'build-report.json');
export const patchWorkDir = (root: string) => path.join(root, 'var', 'patch');
export const PATCH_RESULT = 'result.json';

/** A review as its URL names it. */
export interface ReviewRef {
  productId: string;
  commentId: string;
}
/** The one key of a review in maps and sets: `${productId}/${commentId}`. */
export const reviewKey = (productId: string, commentId: string) => `${productId}/${commentId}`;
export const refKey = (r: ReviewRef) => reviewKey(r.productId, r.commentId);

/** INPUT: what changed since the last build (null: a full build) and what is never built. */
export interface BuildInput {
  hint: { changed: ReviewRef[]; removed: ReviewRef[] } | null;
  exclude: ReviewRef[];
}

/** What the last published build was made with (in its data), for the next patch build. */
export interface BuildStamp {
  /** The code and settings fingerprint (server/builds/fingerprint.ts). */
  code: string;
  releaseId: string;
}

/** RESULT: what the patch build hands back on EXIT.ok. */
export interface PatchResult {
  /** Files written (new or replacing the base release's). */
  written: number;
  /** Files of the base release left out of the new one. */
  deleted: number;
  /** The release prepared in PATCH_RELEASE_DIR. */
  release: PreparedStats;
  ms: { sourcing: number; pages: number; render: number; sitemaps: number; release: number };
}

export function readStamp(dataDir: string): BuildStamp | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, DATA.last, DATA.stamp), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/**
 * After a published build: its data, stamped with what it was made with, becomes the base of
 * the next one (next/ renamed to last/). False when the build left no data.
 */
export function promoteBuildData(dataDir: string, stamp: BuildStamp): boolean {
  const next = path.join(dataDir, DATA.next);
  if (!fs.existsSync(path.join(next, DATA.pages))) return false;
  fs.writeFileSync(path.join(next, DATA.stamp), JSON.stringify(stamp));
  const last = path.join(dataDir, DATA.last);
  const old = path.join(dataDir, `.old-${process.pid}`);
  fs.rmSync(old, { recursive: true, force: true });
  if (fs.existsSync(last)) fs.renameSync(last, old);
  fs.renameSync(next, last);
  fs.rmSync(old, { recursive: true, force: true });
  return true;
}
