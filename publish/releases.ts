// Published builds of the site (issue 13, "Atomic publish and rollback"). A finished build's
// public/ is copied into releasesRoot/releases/<id>/ the rsync --link-dest way, then ONE atomic
// switch makes it the served site: releasesRoot/current is a relative symlink, replaced by
// rename() of a fresh symlink over it. The site server serves releasesRoot/current and takes
// its real path per request (server/site/resolve.ts), so a request sees one release or the
// other, never a mix of files being written.
//
//   releasesRoot/current -> releases/20261123T124501123Z
//   releasesRoot/releases/20261123T124501123Z/   (never written again once published)
//   releasesRoot/releases/.partial-<id>/          (a publish in progress; renamed when complete)
//
// How a build's files get into a release (copied, hard-linked or moved, and the workspace's
// public/ linked back) is release-files.ts; this module is the registry: the releases, which
// one is served, the switch, pruning, and serving a kept release again (republish).
import fs from 'node:fs';
import path from 'node:path';
import { prepareDeployFiles, type DeployFilesStats } from './deploy-files';
import { deployFilesReady, releaseSwitched } from './release-events';
import { keyedQueue } from './limit';

/** Releases kept after a publish (the current one is kept whatever its age). */
export const KEEP_RELEASES = 5;
const ID = /^\d{8}T\d{9}Z(-\d+)?$/;

export interface PublishStats {
  id: string;
  files: number;
  linked: number;
  copied: number;
  bytesCopied: number;
  ms: number;
  /** ms from the call until the release was served (the switch); `ms` includes the deploy files made after it. */
  servedMs?: number;
  /** The .br/.gz siblings and page policies made for nginx (deploy-files.ts), after the switch. */
  deploy?: DeployFilesStats;
  /** Why the deploy files are incomplete (the release is served all the same: nginx falls back). */
  deployError?: string;
  /** `move`: files moved into the release (public/ renamed), then linked back (after the switch). */
  moved?: number;
  /** `move`: ms to give the workspace its public/ back, after the release is served. */
  workspaceMs?: number;
}
export interface Release {
  id: string;
  current: boolean;
}

export const releasesDir = (root: string) => path.join(root, 'releases');
const currentLink = (root: string) => path.join(root, 'current');

/** The id the current symlink points to, or null before the first publish. */
export function currentRelease(root: string): string | null {
  try {
    const id = path.basename(fs.readlinkSync(currentLink(root)));
    return ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Published releases, newest first (ids sort by time). */
export function listReleases(root: string): Release[] {
  let names: string[];
  try {
    names = fs.readdirSync(releasesDir(root));
  } catch {
    return [];
  }
  const current = currentRelease(root);
  return names
    .filter((n) => ID.test(n))
    .sort()
    .reverse()
    .map((id) => ({ id, current: id === current }));
}

/** A new id later than every existing one: the UTC time to the millisecond, then a counter. */
export function newId(root: string): string {
  const base = new Date().toISOString().replace(/[-:.]/g, '');
  const newest = listReleases(root)[0]?.id;
  if (!newest || base > newest) return base;
  // Same millisecond (or a clock set back): count on from the newest.
  const [stamp, n] = newest.split('-');
  return `${stamp}-${String(Number(n ?? 0) + 1).padStart(4, '0')}`;
}

/**
 * Makes release `id` the served one: a temporary relative symlink renamed over `current`.
 * rename() replaces the old link atomically, so a reader sees the old target or the new one.
 */
async function switchCurrent(root: string, id: string): Promise<void> {
  if (!ID.test(id)) throw new Error(`not a release id: ${id}`);
  const target = path.join(releasesDir(root), id);
  const st = await fs.promises.stat(target).catch(() => null);
  if (!st?.isDirectory()) throw new Error(`no release ${id} in ${releasesDir(root)}`);
  const tmp = path.join(root, `.current-${process.pid}-${Date.now()}`);
  await fs.promises.symlink(path.join('releases', id), tmp);
  try {
    await fs.promises.rename(tmp, currentLink(root));
  } catch (e) {
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
}

export interface CopyState {
  files: number;
  linked: number;
  copied: number;
  bytesCopied: number;
  moved?: number;
}

export interface PublishOptions {
  /** Releases kept (default KEEP_RELEASES). */
  keep?: number;
  /** File operations in flight at once (default 16). */
  concurrency?: number;
  /** Stops the copy; the publish then fails like any other, leaving `current` as it was. */
  signal?: AbortSignal;
  /** Called after each file with the number written so far (progress for a build queue). */
  onProgress?: (files: number) => void;
  /** Switch `current` to the new release (default true); false keeps it built, not served (a locked queue). */
  serve?: boolean;
  /**
   * Hard-link every file of the source instead of copying (default false): only for a source
   * whose writers replace files rather than write them in place (a staging workspace built with
   * the workspace guard, workspace-guard.ts). Across filesystems (EXDEV) the file is copied.
   */
  link?: boolean;
  /**
   * Move the source into the release (one rename()), then give the source folder the
   * release's files back as hard links once the release is served (default false): the
   * staging workspace's publish, under the same condition as `link` (its writers replace files).
   * What a release leaves out (dot-files, private files, symlinks) is set aside and put back.
   * A publish that fails after the move leaves no source folder (Gatsby then builds from
   * scratch: .cache/ without public/ is a corrupt cache to it). Across filesystems: copied.
   */
  move?: boolean;
  /**
   * Make the .br/.gz siblings and the page policies (default true; nginx needs them), after the
   * switch. false only in the bench, which times the files and the deploy files apart.
   */
  deployFiles?: boolean;
  /**
   * The release that must still be served when this one is made (a patch of the served release,
   * publish/takedown-patch.ts): checked in the publish queue, so no publish or rollback comes
   * between; another one served fails the publish, serving nothing new.
   */
  expectServed?: string;
}

/** One publish or switch at a time per releasesRoot in this process. */
const serially = keyedQueue();

/** What a moved publish sets aside until the workspace gets it back (releases/.held-<pid>-<n>). */
export const HELD_PREFIX = '.held-';

export type PreparedStats = Omit<PublishStats, 'id' | 'ms'>;

/** Prefix of a release a patch build prepares (releases/.patch-<n>): publishPrepared() serves it. */
export const PREPARED_PREFIX = '.patch-';

/** Serves a release prepared by preparePatchRelease() (release-files.ts): renamed to a new id, then the same switch and pruning as publish(). */
export function publishPrepared(root: string, prepared: string, stats: PreparedStats, opts: PublishOptions = {}) {
  if (
    path.dirname(path.resolve(prepared)) !== path.resolve(releasesDir(root)) ||
    !path.basename(prepared).startsWith(PREPARED_PREFIX)
  )
    return Promise.reject(new Error(`not a prepared release of ${root}: ${prepared}`));
  return newRelease(root, opts, async (partial, state) => {
    await fs.promises.rename(prepared, partial);
    Object.assign(state, stats);
  });
}

/**
 * A new release filled by `fill` in a partial directory, renamed to its id once complete, then
 * served (one switch), its deploy files made, and older releases pruned. A failure before the
 * switch removes the partial directory and leaves `current` as it was.
 *
 * The deploy files (.br/.gz siblings and page policies, deploy-files.ts) are made after the
 * switch (issue 23): a first release has nothing to link them from, and compressing 264,000
 * files of a 100,000-review build takes minutes. Until they are there nginx sends a file without
 * its sibling as it is, and a page without a policy line to the site server, which computes its
 * policy (deploy/nginx/): never a wrong answer, only a slower one. Once they are, the listeners
 * are told (deployFilesReady: the deploy side reloads nginx, which then reads the new map). A
 * failure there (an abort, a full disk) leaves the release served without them; the next
 * publish makes what is missing.
 */
export function newRelease(
  root: string,
  opts: PublishOptions,
  fill: (partial: string, state: CopyState, prev: string | null) => Promise<void>,
): Promise<PublishStats> {
  return serially(path.resolve(root), async () => {
    const started = performance.now();
    const dir = releasesDir(root);
    await fs.promises.mkdir(dir, { recursive: true });
    // Partial copies of a publish that was killed (kill -9, power loss): never served, removed;
    // pruned releases a stopped process did not finish removing: removed in the background.
    for (const n of await fs.promises.readdir(dir)) {
      if (n.startsWith('.partial-') || n.startsWith(HELD_PREFIX))
        await fs.promises.rm(path.join(dir, n), { recursive: true, force: true });
      else if (n.startsWith(PRUNED_PREFIX)) removeInBackground(path.join(dir, n));
    }
    if (opts.expectServed !== undefined && currentRelease(root) !== opts.expectServed)
      throw new Error(`release ${opts.expectServed} is no longer served (${currentRelease(root)} is)`);
    const id = newId(root);
    const partial = path.join(dir, `.partial-${id}`);
    const prevId = currentRelease(root) ?? listReleases(root)[0]?.id ?? null;
    const state: CopyState = { files: 0, linked: 0, copied: 0, bytesCopied: 0 };
    const prev = prevId ? path.join(dir, prevId) : null;
    try {
      await fill(partial, state, prev);
      // The last point a stop can leave `current` as it was.
      opts.signal?.throwIfAborted();
      // Complete: renamed to its id in one step, so a release directory is never partial.
      await fs.promises.rename(partial, path.join(dir, id));
    } catch (e) {
      await fs.promises.rm(partial, { recursive: true, force: true });
      throw e;
    }
    const served = currentRelease(root);
    if (opts.serve !== false) {
      await switchCurrent(root, id);
      releaseSwitched(root, served, id);
    }
    const servedMs = Math.round(performance.now() - started);
    let deploy: DeployFilesStats | undefined;
    let deployError: string | undefined;
    if (opts.deployFiles !== false) {
      try {
        deploy = await prepareDeployFiles(path.join(dir, id), id, prev, opts);
        if (opts.serve !== false) deployFilesReady(root, id);
      } catch (e) {
        deployError = (e as Error).message;
      }
    }
    await prune(root, opts.keep ?? KEEP_RELEASES, prevId);
    return { id, ...state, ms: Math.round(performance.now() - started), servedMs, deploy, deployError };
  });
}

/**
 * Removes the oldest releases beyond `keep`, never the current one nor the one served just
 * before this publish: after a rollback to an old release, that release stays within reach.
 */
async function prune(root: string, keep: number, previous: string | null): Promise<void> {
  const current = currentRelease(root);
  const old = listReleases(root)
    .slice(keep)
    .filter((r) => r.id !== current && r.id !== previous);
  // Renamed out of the list at once (a pruned release is never served again), deleted after:
  // removing 265,000 files at 100,000 reviews takes seconds the publish need not wait for.
  for (const r of old) {
    const gone = path.join(releasesDir(root), `${PRUNED_PREFIX}${r.id}`);
    await fs.promises.rename(path.join(releasesDir(root), r.id), gone);
    removeInBackground(gone);
  }
}

const PRUNED_PREFIX = '.pruned-';
const removing = new Map<string, Promise<void>>();
/** Deletes a pruned release's folder once, without the caller waiting. */
function removeInBackground(dir: string): void {
  if (removing.has(dir)) return;
  const done = fs.promises
    .rm(dir, { recursive: true, force: true })
    .catch(() => undefined) // retried by the next publish
    .finally(() => removing.delete(dir));
  removing.set(dir, done);
}
/** Resolves when the pruned releases being deleted are gone (tests, shutdown). */
export async function prunedRemoved(): Promise<void> {
  await Promise.all([...removing.values()]);
}

/**
 * Serves release `id` again (a rollback, or forward again after one): one symlink swap, queued
 * behind a publish in progress so the two never interleave. The release as it is: the editors'
 * rollback goes through publish/takedown-patch.ts serveRelease, which applies the takedowns.
 */
export const republish = (root: string, id: string): Promise<void> =>
  serially(path.resolve(root), async () => {
    const served = currentRelease(root);
    await switchCurrent(root, id);
    releaseSwitched(root, served, id);
  });
