// How a finished build's files get into a release (publish/releases.ts keeps the releases and
// serves one): copied the rsync --link-dest way, hard-linked, or moved, and with a move the
// workspace's public/ linked back; and a patch build's release prepared from its base.
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
import { isSibling } from './precompress';
import {
  HELD_PREFIX,
  PREPARED_PREFIX,
  newRelease,
  releasesDir,
  type CopyState,
  type PreparedStats,
  type PublishOptions,
  type PublishStats,
} from './releases';

/** File operations in flight at once: enough to keep the disk busy, few enough for the server. */
const CONCURRENCY = 16;

const skipped = (rel: string, name: string) => name.startsWith('.') || isPrivateFile(rel);

interface CopyContext {
  src: string;
  dest: string;
  prev: string | null;
  run: ReturnType<typeof limit>;
  state: CopyState;
  opts: PublishOptions;
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

/** A relative posix path that stays inside its directory and is publishable (no dot-file or dot-folder). */
function checkedRelative(rel: string): string {
  const parts = rel.split('/');
  if (!rel || rel.length > 1024 || parts.some((p) => !p || p.startsWith('.')) || skipped(rel, parts.at(-1)!))
    throw new Error(`not a publishable file path: ${JSON.stringify(rel.slice(0, 200))}`);
  return rel;
}

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
