// Precompressed copies of a release's text files (issue 24): every HTML, JS, CSS, JSON, XML and
// SVG file of 1 KB or more gets `<file>.br` and `<file>.gz` beside it, for nginx's brotli_static
// and gzip_static (deploy/nginx/), which then send them without compressing anything per request.
//
// Only changed files are compressed again. Releases share unchanged files by hard links
// (releases.ts), so "unchanged" is "the same inode as in the previous release", or the same
// bytes (a page a full build rewrote as it was): such a file's siblings are linked from the
// previous release too. By induction every release's siblings
// match their file: a release's first publish compresses everything; a publish (public/ has no
// siblings) links the siblings of the files it linked from the previous release and compresses
// the rest; a patch release comes with the base's siblings of the files it linked from the base
// (releases.ts preparePatchRelease leaves out those of the files it replaces), kept as they are,
// and its written files are compressed. A sibling is replaced by temp file + rename, never
// written in place (it may be a link shared with older releases). Siblings whose file is gone
// are removed.
//
// Brotli at quality 5, gzip at level 6: the site server's settings, from one module
// (publish/compression.ts), so both send the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import { compressBody, SIBLING_SUFFIX } from './compression';
import { forEachLimit } from './limit';

export const PRECOMPRESSED_EXTENSIONS: readonly string[] = ['.html', '.js', '.css', '.json', '.xml', '.svg'];
/** Smaller files go out as they are (the site server's threshold too: nothing to gain). */
export const PRECOMPRESS_FROM = 1024;
const ENCODINGS = [{ suffix: SIBLING_SUFFIX.br }, { suffix: SIBLING_SUFFIX.gzip }] as const;

export interface PrecompressStats {
  /** Sibling files written (one per encoding). */
  compressed: number;
  /** Sibling files linked from the previous release. */
  linked: number;
  /** Siblings removed because their file is gone or too small. */
  removed: number;
  ms: number;
}

export interface PrecompressOptions {
  signal?: AbortSignal;
  /** Files compressed at once (zlib's thread pool; default 2, the server keeps serving). */
  concurrency?: number;
}

/** Whether a file of that name gets siblings. */
export const isPrecompressible = (name: string) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(name).toLowerCase());
/** A `.br` or `.gz` sibling of a text file (made here; a site's own `.tar.gz` is not one). */
export const isSibling = (name: string) =>
  ENCODINGS.some((e) => name.endsWith(e.suffix) && isPrecompressible(name.slice(0, -e.suffix.length)));

/** Every file of the release (relative paths), dot-names left out (not served, not site files). */
async function listFiles(dir: string, rel = '', out: string[] = []): Promise<string[]> {
  for (const e of await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) await listFiles(dir, child, out);
    else if (e.isFile()) out.push(child);
  }
  return out;
}

const lstat = (p: string) => fs.promises.lstat(p).catch(() => null);

/**
 * A file rewritten with the bytes it had (a full `gatsby build` rewrites every page it renders,
 * mostly unchanged: a new inode, the same content) keeps the previous release's siblings: two
 * reads instead of two compressions. Bigger files are compressed again (nothing held whole).
 */
const SAME_BYTES_UP_TO = 4 * 1024 * 1024;
async function sameBytes(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([fs.promises.readFile(a), fs.promises.readFile(b).catch(() => null)]);
  return y != null && x.equals(y);
}

/** Puts `make`'s file at `to` in one rename (a link at `to` is replaced, never written through). */
async function replace(to: string, make: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = path.join(path.dirname(to), `.precompress-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    await make(tmp);
    await fs.promises.rename(tmp, to);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
}

const compressTo = (suffix: string, raw: Buffer): Promise<Buffer> =>
  compressBody(suffix === SIBLING_SUFFIX.gzip ? 'gzip' : 'br', raw);

/**
 * Writes or links the `.br` and `.gz` siblings of every text file of release `dir` (before it is
 * served), `prev` being the release it was made from (null for the first one).
 */
export async function precompressRelease(
  dir: string,
  prev: string | null,
  opts: PrecompressOptions = {},
): Promise<PrecompressStats> {
  const started = performance.now();
  const stats: PrecompressStats = { compressed: 0, linked: 0, removed: 0, ms: 0 };
  const files = await listFiles(dir);
  const present = new Set(files);
  // Siblings of files that are gone (a patch's deleted pages, linked from its base).
  const orphans = files.filter((f) => isSibling(f) && !present.has(f.slice(0, f.lastIndexOf('.'))));
  for (const o of orphans) {
    await fs.promises.rm(path.join(dir, o), { force: true });
    stats.removed++;
  }
  const work = files.filter(isPrecompressible);
  const toCompress: Array<{ rel: string; suffixes: string[] }> = [];
  await forEachLimit(work, 16, async (rel) => {
    opts.signal?.throwIfAborted();
    // Both siblings there: a patch release's, linked with their file from its base (not even a stat).
    if (ENCODINGS.every(({ suffix }) => present.has(rel + suffix))) return;
    const abs = path.join(dir, rel);
    const st = await fs.promises.stat(abs);
    if (st.size < PRECOMPRESS_FROM) {
      for (const { suffix } of ENCODINGS)
        if (present.has(rel + suffix)) {
          await fs.promises.rm(abs + suffix, { force: true });
          stats.removed++;
        }
      return;
    }
    const old = prev ? await lstat(path.join(prev, rel)) : null;
    const same =
      old?.isFile() &&
      ((old.ino === st.ino && old.dev === st.dev) ||
        (old.size === st.size && st.size <= SAME_BYTES_UP_TO && (await sameBytes(abs, path.join(prev!, rel)))));
    const missing: string[] = [];
    for (const { suffix } of ENCODINGS) {
      const theirs = same && !present.has(rel + suffix) ? await lstat(path.join(prev!, rel + suffix)) : null;
      if (theirs?.isFile()) {
        // The previous release's sibling of this very file.
        await fs.promises.link(path.join(prev!, rel + suffix), abs + suffix);
        stats.linked++;
      } else missing.push(suffix); // made (again: one of a pair alone is of unknown origin)
    }
    if (missing.length) toCompress.push({ rel, suffixes: missing });
  });
  await forEachLimit(toCompress, opts.concurrency ?? 2, async ({ rel, suffixes }) => {
    opts.signal?.throwIfAborted();
    const abs = path.join(dir, rel);
    const raw = await fs.promises.readFile(abs);
    const st = await fs.promises.stat(abs);
    for (const suffix of suffixes) {
      const body = await compressTo(suffix, raw);
      if (body.length >= raw.length) {
        // Nothing gained: no sibling, nginx sends the file as it is.
        await fs.promises.rm(abs + suffix, { force: true });
        continue;
      }
      await replace(abs + suffix, async (tmp) => {
        await fs.promises.writeFile(tmp, body);
        // The file's mtime: every variant then has the same Last-Modified.
        await fs.promises.utimes(tmp, st.atime, st.mtime);
      });
      stats.compressed++;
    }
  });
  stats.ms = Math.round(performance.now() - started);
  return stats;
}
