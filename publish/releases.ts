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
// A file whose size and mtime equal the previous release's copy is hard-linked to it, others
// are copied with their mtime kept, so an incremental build's unchanged files cost neither disk
// nor copy time (rsync's quick check: same size and mtime = same file; Gatsby rewrites the
// files whose content changes). Release files are shared between releases by these links, so
// they must never be written in place: nothing here does, and the site server only reads.
//
// `link: true` (the build queue's staging workspace, issue 23): every file of public/ is
// hard-linked into the release, nothing is copied: a cold publish of 264,000 files is one
// link() each (docs/benchmarks.md "Cold publish"). public/ stays where it is, so the next
// `gatsby build` in the workspace still finds it and .cache/ and rewrites only what changed; it
// runs with the workspace guard (workspace-guard.cjs), which makes each write into public/ a
// new inode instead of writing the shared one in place, so a release never changes under a
// later build. An unchanged file is then the same inode in public/, the previous release and
// the new one, which is what precompress.ts and page-policies.ts take as "unchanged".
import fs from 'node:fs';
import path from 'node:path';
import { isPrivateFile } from './private-files';
import { forEachLimit, limit } from './limit';
import { prepareDeployFiles, type DeployFilesStats } from './deploy-files';
import { isSibling } from './precompress';
import { deployFilesReady, releaseSwitched } from './release-events';

/** Releases kept after a publish (the current one is kept whatever its age). */
export const KEEP_RELEASES = 5;
/** File operations in flight at once: enough to keep the disk busy, few enough for the server. */
const CONCURRENCY = 16;
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

const releasesDir = (root: string) => path.join(root, 'releases');
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

const skipped = (rel: string, name: string) => name.startsWith('.') || isPrivateFile(rel);

interface CopyState {
  files: number;
  linked: number;
  copied: number;
  bytesCopied: number;
  moved?: number;
}
interface CopyContext {
  src: string;
  dest: string;
  prev: string | null;
  run: ReturnType<typeof limit>;
  state: CopyState;
  opts: PublishOptions;
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

/** Directories of one level walked at once; with the file limit, bounds what waits in memory. */
const DIRS_AT_ONCE = 4;

/**
 * Copies dir `rel` of src into dest, linking files unchanged since `prev` (may be null). The
 * walk is lazy: a directory's entries are listed when it is reached, files go through the
 * shared limit (`run`) a few at a time, so at 100,000 pages neither memory nor the limit's
 * queue holds the whole tree.
 */
async function copyTree(c: CopyContext, rel: string): Promise<void> {
  c.opts.signal?.throwIfAborted();
  await fs.promises.mkdir(path.join(c.dest, rel), { recursive: true });
  const entries = await c.run(() => fs.promises.readdir(path.join(c.src, rel), { withFileTypes: true }));
  const files: string[] = [];
  const dirs: string[] = [];
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (skipped(child, e.name)) continue;
    // Only plain files and directories: a symlink in public/ could lead out of it (issue 12, item 6).
    if (e.isDirectory()) dirs.push(child);
    else if (e.isFile()) files.push(child);
  }
  // On a failure, what is in flight ends before the caller removes the copy (forEachLimit).
  await forEachLimit(files, CONCURRENCY, (child) => c.run(() => copyFile(c, child)));
  await forEachLimit(dirs, DIRS_AT_ONCE, (child) => copyTree(c, child));
}

async function copyFile(c: CopyContext, child: string): Promise<void> {
  const { src, dest, prev, state } = c;
  c.opts.signal?.throwIfAborted();
  const from = path.join(src, child);
  const to = path.join(dest, child);
  const st = await fs.promises.stat(from);
  const old = prev ? await fs.promises.lstat(path.join(prev, child)).catch(() => null) : null;
  state.files++;
  // utimes takes seconds as a double: the copy's mtime is the source's within a microsecond
  // or so, so "equal" is within 1 ms (rsync's --modify-window, finer).
  if (old?.isFile() && old.size === st.size && Math.abs(old.mtimeMs - st.mtimeMs) < 1) {
    await fs.promises.link(path.join(prev!, child), to);
    state.linked++;
  } else {
    await fs.promises.copyFile(from, to);
    await fs.promises.utimes(to, st.atime, st.mtime);
    state.copied++;
    state.bytesCopied += st.size;
  }
  c.opts.onProgress?.(state.files);
}

/** Milliseconds of synchronous file calls between two yields to the event loop. */
const SLICE_MS = 10;

/**
 * The linked publish's walk: every file of src/rel hard-linked into dest. Synchronous calls in
 * slices of SLICE_MS, then a yield: a link() is a few microseconds, a round trip through libuv's
 * thread pool (4 threads, shared with the server) costs more than the call, and on a busy
 * machine much more (3.5x slower async at 4,400 files, docs/benchmarks.md "Cold publish"); the
 * server in the same process waits at most a slice. Across filesystems (EXDEV) a file is copied.
 */
async function linkTree(c: CopyContext): Promise<void> {
  let sliceStart = performance.now();
  const pending: string[] = [''];
  while (pending.length) {
    const rel = pending.pop()!;
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((r) => setImmediate(r));
      c.opts.signal?.throwIfAborted();
      sliceStart = performance.now();
    }
    fs.mkdirSync(path.join(c.dest, rel), { recursive: true });
    for (const e of fs.readdirSync(path.join(c.src, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (skipped(child, e.name)) continue;
      // Only plain files and directories: a symlink in public/ could lead out of it (issue 12, item 6).
      if (e.isDirectory()) pending.push(child);
      else if (e.isFile()) {
        linkOrCopy(path.join(c.src, child), path.join(c.dest, child), c.state);
        c.state.files++;
        c.opts.onProgress?.(c.state.files);
      }
    }
  }
}

function linkOrCopy(from: string, to: string, state: CopyState): void {
  try {
    fs.linkSync(from, to);
    state.linked++;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    fs.copyFileSync(from, to);
    const st = fs.statSync(from);
    fs.utimesSync(to, st.atime, st.mtime);
    state.copied++;
    state.bytesCopied += st.size;
  }
}

const queues = new Map<string, Promise<unknown>>();
/** One publish or switch at a time per releasesRoot in this process. */
function serially<T>(root: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(root) ?? Promise.resolve()).then(task, task);
  queues.set(
    root,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Publishes a finished build: copies (or with `link`, hard-links) `publicDir` (minus dot-files,
 * source maps and webpack's stats and chunk map) into a new release, switches `current` to it, and removes releases
 * beyond the last KEEP_RELEASES (never the one served until now). A failure before the switch removes
 * the partial copy and leaves `current` as it was.
 */
export function publish(publicDir: string, root: string, opts: PublishOptions = {}): Promise<PublishStats> {
  if (opts.move) return publishMoved(publicDir, root, opts);
  return newRelease(root, opts, async (partial, state, prev) => {
    const st = await fs.promises.stat(publicDir);
    if (!st.isDirectory()) throw new Error(`${publicDir} is not a directory`);
    const c = {
      src: path.resolve(publicDir),
      dest: partial,
      prev,
      run: limit(opts.concurrency ?? CONCURRENCY),
      state,
      opts,
    };
    await (opts.link ? linkTree(c) : copyTree(c, ''));
  });
}

/** What a moved publish sets aside until the workspace gets it back (releases/.held-<pid>-<n>). */
const HELD_PREFIX = '.held-';

/** The `move` publish: rename, set aside what a release leaves out, serve, link back. */
async function publishMoved(publicDir: string, root: string, opts: PublishOptions): Promise<PublishStats> {
  const src = path.resolve(publicDir);
  const held = path.join(releasesDir(root), `${HELD_PREFIX}${process.pid}-${Date.now()}`);
  let moved = false;
  let stats: PublishStats;
  try {
    stats = await newRelease(root, opts, async (partial, state, prev) => {
      const st = await fs.promises.stat(src);
      if (!st.isDirectory()) throw new Error(`${src} is not a directory`);
      try {
        await fs.promises.rename(src, partial);
        moved = true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        // Another filesystem: copied as a plain publish does.
        return copyTree({ src, dest: partial, prev, run: limit(opts.concurrency ?? CONCURRENCY), state, opts }, '');
      }
      await setAside(partial, held, state, opts.signal);
    });
  } catch (e) {
    await fs.promises.rm(held, { recursive: true, force: true });
    throw e;
  }
  if (!moved) return stats;
  const t = performance.now();
  await linkBack(path.join(releasesDir(root), stats.id), src, held);
  return { ...stats, workspaceMs: Math.round(performance.now() - t) };
}

/** Yields to the event loop every SLICE_MS of synchronous calls (see linkTree). */
function slicer(signal?: AbortSignal) {
  let start = performance.now();
  return async () => {
    if (performance.now() - start <= SLICE_MS) return;
    await new Promise((r) => setImmediate(r));
    signal?.throwIfAborted();
    start = performance.now();
  };
}

/** Moves what a release leaves out from `dir` into `held` (same relative paths); counts the rest. */
async function setAside(dir: string, held: string, state: CopyState, signal?: AbortSignal): Promise<void> {
  const tick = slicer(signal);
  const pending: string[] = [''];
  state.moved = 0;
  while (pending.length) {
    const rel = pending.pop()!;
    await tick();
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (!skipped(child, e.name) && e.isDirectory()) pending.push(child);
      else if (!skipped(child, e.name) && e.isFile()) {
        state.files++;
        state.moved++;
      } else {
        fs.mkdirSync(path.join(held, rel), { recursive: true });
        fs.renameSync(path.join(dir, child), path.join(held, child));
      }
    }
  }
}

/**
 * Gives the workspace its public/ back after a moved publish: every file of the release but
 * the deploy files (dot-folder, .br/.gz siblings) hard-linked into `<src>.next`, what was set
 * aside moved in, then renamed to `src` in one step (a partial folder is never the workspace's).
 */
async function linkBack(release: string, src: string, held: string): Promise<void> {
  const next = `${src}.next-${process.pid}`;
  fs.rmSync(next, { recursive: true, force: true });
  const tick = slicer();
  const walk = async (
    from: string,
    keep: (name: string, isFile: boolean) => boolean,
    put: (a: string, b: string) => void,
  ) => {
    const pending: string[] = [''];
    while (pending.length) {
      const rel = pending.pop()!;
      await tick();
      fs.mkdirSync(path.join(next, rel), { recursive: true });
      for (const e of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
        const child = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory() && !e.name.startsWith('.')) pending.push(child);
        else if (keep(e.name, e.isFile())) put(path.join(from, child), path.join(next, child));
      }
    }
  };
  await walk(release, (name, isFile) => isFile && !name.startsWith('.') && !isSibling(name), fs.linkSync);
  if (fs.existsSync(held)) {
    // Set-aside entries are files, symlinks or dot-folders: moved back whole.
    const pending: string[] = [''];
    while (pending.length) {
      const rel = pending.pop()!;
      for (const e of fs.readdirSync(path.join(held, rel), { withFileTypes: true })) {
        const child = rel ? `${rel}/${e.name}` : e.name;
        const target = path.join(next, child);
        if (e.isDirectory() && fs.existsSync(target)) pending.push(child);
        else {
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.renameSync(path.join(held, child), target);
        }
      }
    }
    fs.rmSync(held, { recursive: true, force: true });
  }
  fs.rmSync(src, { recursive: true, force: true });
  fs.renameSync(next, src);
}

/** A patch build's output (gatsby/patch/build.ts): files replacing or adding to a release, files left out. */
export interface ReleasePatch {
  /** The release the patch applies to (its files are linked, never written). */
  base: string;
  /** Where the `written` files are. */
  outDir: string;
  written: string[];
  deleted: string[];
}
export type PreparedStats = Omit<PublishStats, 'id' | 'ms'>;

/** A relative posix path that stays inside its directory and is publishable (no dot-file or dot-folder). */
function checkedRelative(rel: string): string {
  const parts = rel.split('/');
  if (!rel || rel.length > 1024 || parts.some((p) => !p || p.startsWith('.')) || skipped(rel, parts.at(-1)!))
    throw new Error(`not a publishable file path: ${JSON.stringify(rel.slice(0, 200))}`);
  return rel;
}

/** Prefix of a release a patch build prepares (releases/.patch-<n>): publishPrepared() serves it. */
export const PREPARED_PREFIX = '.patch-';

/** A patch's files checked, and the set of base files it replaces (written or deleted). */
function patchPlan(dest: string, patch: ReleasePatch): { written: string[]; replaced: Set<string> } {
  if (!path.basename(dest).startsWith(PREPARED_PREFIX)) throw new Error(`not a patch release folder: ${dest}`);
  if (!fs.statSync(patch.base, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`no release ${patch.base}`);
  const written = patch.written.map(checkedRelative);
  return { written, replaced: new Set([...written, ...patch.deleted.map(checkedRelative)]) };
}

/**
 * Whether the base's entry `child` (named `name`) is walked or linked into the patch release.
 * The base's .deploy/ is made again at publish (deploy-files.ts), and so are the .br/.gz
 * siblings of the replaced files; those of the files linked are theirs (linked too).
 */
const fromBase = (name: string, child: string, replaced: Set<string>) =>
  !name.startsWith('.') && !(isSibling(name) && replaced.has(child.slice(0, child.lastIndexOf('.'))));

/**
 * Prepares a patch release in `dest` (emptied first), beside the releases so it can be renamed
 * into one: every file of the base release hard-linked, except the patch's deleted and written
 * files, the written ones copied from its out/ directory; no folder is left for a deleted page.
 * Synchronous, one `link` per file and no comparison (~0.5 s for 27,000 files): it runs in the
 * patch build's own process, never in the server's (which uses preparePatchReleaseAsync).
 */
export function preparePatchRelease(dest: string, patch: ReleasePatch): PreparedStats {
  const { written, replaced } = patchPlan(dest, patch);
  const stats: PreparedStats = { files: 0, linked: 0, copied: 0, bytesCopied: 0 };
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(dest, { recursive: true });
  const made = new Set<string>(['.']);
  const dirOf = (rel: string) => {
    const d = path.posix.dirname(rel);
    if (!made.has(d)) fs.mkdirSync(path.join(dest, d), { recursive: true });
    made.add(d);
  };
  const linkTree = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(patch.base, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (!fromBase(e.name, child, replaced)) continue;
      if (e.isDirectory()) linkTree(child);
      else if (e.isFile() && !replaced.has(child)) {
        dirOf(child);
        fs.linkSync(path.join(patch.base, child), path.join(dest, child));
        stats.linked++;
      }
    }
  };
  linkTree('');
  for (const rel of written) {
    dirOf(rel);
    fs.copyFileSync(path.join(patch.outDir, rel), path.join(dest, rel));
    stats.copied++;
    stats.bytesCopied += fs.statSync(path.join(dest, rel)).size;
  }
  stats.files = stats.linked + stats.copied;
  return stats;
}

/**
 * preparePatchRelease for the server's own process (a takedown patch, publish/takedown-patch.ts):
 * the same release, made with async calls, CONCURRENCY files in flight, so the event loop keeps
 * answering requests meanwhile (the synchronous walk held it ~0.5 s at 27,000 files). Slower in
 * total than the synchronous one (each link is a round trip through libuv's pool), which is the
 * price of a server that never stops answering.
 */
export async function preparePatchReleaseAsync(dest: string, patch: ReleasePatch): Promise<PreparedStats> {
  const { written, replaced } = patchPlan(dest, patch);
  const stats: PreparedStats = { files: 0, linked: 0, copied: 0, bytesCopied: 0 };
  await fs.promises.rm(dest, { recursive: true, force: true });
  await fs.promises.mkdir(dest, { recursive: true });
  const run = limit(CONCURRENCY);
  const made = new Map<string, Promise<unknown>>([['.', Promise.resolve()]]);
  const dirOf = (rel: string) => {
    const d = path.posix.dirname(rel);
    if (!made.has(d)) made.set(d, fs.promises.mkdir(path.join(dest, d), { recursive: true }));
    return made.get(d)!;
  };
  const linkTree = async (rel: string): Promise<void> => {
    const entries = await run(() => fs.promises.readdir(path.join(patch.base, rel), { withFileTypes: true }));
    const files: string[] = [];
    const dirs: string[] = [];
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (!fromBase(e.name, child, replaced)) continue;
      if (e.isDirectory()) dirs.push(child);
      else if (e.isFile() && !replaced.has(child)) files.push(child);
    }
    await forEachLimit(files, CONCURRENCY, (child) =>
      run(async () => {
        await dirOf(child);
        await fs.promises.link(path.join(patch.base, child), path.join(dest, child));
        stats.linked++;
      }),
    );
    await forEachLimit(dirs, DIRS_AT_ONCE, linkTree);
  };
  await linkTree('');
  await forEachLimit(written, CONCURRENCY, async (rel) => {
    await dirOf(rel);
    await fs.promises.copyFile(path.join(patch.outDir, rel), path.join(dest, rel));
    stats.copied++;
    stats.bytesCopied += (await fs.promises.stat(path.join(dest, rel))).size;
  });
  stats.files = stats.linked + stats.copied;
  return stats;
}

/** Serves a release prepared by preparePatchRelease(): renamed to a new id, then the same switch and pruning as publish(). */
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
function newRelease(
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
export const switchTo = (root: string, id: string): Promise<void> =>
  serially(path.resolve(root), async () => {
    const served = currentRelease(root);
    await switchCurrent(root, id);
    releaseSwitched(root, served, id);
  });
export const rollback = switchTo;
