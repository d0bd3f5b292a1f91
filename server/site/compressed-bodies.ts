// Compressed bodies of the site's text files (HTML, scripts, styles, page data), made once and
// kept in memory (issue 12, item 9: brotli per request cut a review page from 1,692 to 344
// req/s). Why a cache and not files compressed at build time: at 100,000 reviews the build
// writes about 260,000 HTML and page-data files; brotli on all of them would add minutes to
// every build (docs/benchmarks.md, "Compression"), for pages most of which are never asked
// for between two builds. Here a file is compressed on its first request, off the event loop
// (zlib's thread pool), once however many requests arrive together, and kept while its size
// and mtime stand (a rebuild rewrites a file: the next request compresses the new one) and it
// is the same inode (a publish or a rollback swaps the release under the same path, and two
// releases may hold different files of one size and mtime). The
// cache is bounded by its bytes, least recently used out first.
//
// Brotli at quality 5 and gzip at level 6 for every file, the publish's settings too: one module,
// publish/compression.ts, says why.
import fs from 'node:fs';
import path from 'node:path';
import { compressBody, SIBLING_SUFFIX, type Encoding } from '../../publish/compression';
import { Lru } from './lru';
import { writeDurably } from '../durable-write';

export type { Encoding };

export interface CompressedBodiesOptions {
  /** Bytes of compressed bodies kept (default 64 MB: some 5,000 review pages in brotli). */
  maxBytes?: number;
  /** Larger files are not compressed here (default 8 MB); none of the site's come close. */
  maxFileBytes?: number;
  /**
   * Folders this server writes itself (the kept store of deferred reviews): a body compressed
   * for a file under one is also written beside it (`<file>.br`, `<file>.gz`) and read back
   * from there when the cache has dropped it, so a kept page is compressed once, however many
   * pages outgrow the cache (docs/benchmarks.md "The crawl"). Never for release files: their
   * siblings are the publish's (nginx serves them).
   */
  persistUnder?: string[];
}

interface Entry {
  body: Buffer;
  mtimeMs: number;
  size: number;
  ino: number;
  dev: number;
}

export class CompressedBodies {
  private readonly lru: Lru<Entry>;
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();
  readonly maxFileBytes: number;

  constructor(opts: CompressedBodiesOptions = {}) {
    this.lru = new Lru<Entry>({
      maxWeight: opts.maxBytes ?? 64 * 1024 * 1024,
      weigh: (e, key) => e.body.length + key.length,
    });
    this.maxFileBytes = opts.maxFileBytes ?? 8 * 1024 * 1024;
    this.persistUnder = (opts.persistUnder ?? []).map((d) => path.resolve(d) + path.sep);
  }

  private readonly persistUnder: string[];

  get bytes(): number {
    return this.lru.totalWeight;
  }

  /**
   * The file's bytes compressed with `encoding`, or null when the file is too large,
   * unreadable, or changed while it was read (the caller then sends it as is).
   */
  async get(abs: string, st: fs.Stats, encoding: Encoding): Promise<Buffer | null> {
    if (st.size > this.maxFileBytes) return null;
    const key = `${encoding}:${abs}`;
    const hit = this.lru.get(key);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size && hit.ino === st.ino && hit.dev === st.dev)
      return hit.body;
    const flightKey = `${key}:${st.mtimeMs}:${st.size}:${st.dev}:${st.ino}`;
    let pending = this.inFlight.get(flightKey);
    if (!pending) {
      pending = this.compress(abs, st, encoding)
        .then((body) => {
          if (body) this.lru.set(key, { body, mtimeMs: st.mtimeMs, size: st.size, ino: st.ino, dev: st.dev });
          return body;
        })
        .catch(() => null)
        .finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, pending);
    }
    return pending;
  }

  private async compress(abs: string, st: fs.Stats, encoding: Encoding): Promise<Buffer | null> {
    const persist = this.persistUnder.some((d) => abs.startsWith(d));
    const sibling = `${abs}${SIBLING_SUFFIX[encoding]}`;
    if (persist) {
      // Written by this cache after the file (a kept page is written once and never changed in
      // place: a re-render replaces the folder's files, and their mtime moves on).
      const kept = await readSibling(sibling, st);
      if (kept) return kept;
    }
    const body = await this.compressFile(abs, st, encoding);
    // Best effort: a full disk or a removed store costs a compression next time, nothing else.
    if (body && persist) await writeDurably(sibling, body).catch(() => {});
    return body;
  }

  private async compressFile(abs: string, st: fs.Stats, encoding: Encoding): Promise<Buffer | null> {
    const fh = await fs.promises.open(abs, 'r');
    let raw: Buffer;
    try {
      // Another file under the path since the caller's stat (a release switch): not the one
      // the caller's headers describe.
      const now = await fh.stat();
      if (now.ino !== st.ino || now.dev !== st.dev) return null;
      raw = await fh.readFile();
    } finally {
      await fh.close();
    }
    // Read while a rebuild rewrote it: not the file the caller's headers describe.
    if (raw.length !== st.size) return null;
    return compressBody(encoding, raw);
  }
}

/** A sibling at least as new as its file, or null (none, older, or unreadable). */
async function readSibling(sibling: string, st: fs.Stats): Promise<Buffer | null> {
  try {
    const s = await fs.promises.stat(sibling);
    if (!s.isFile() || s.mtimeMs < st.mtimeMs) return null;
    return await fs.promises.readFile(sibling);
  } catch {
    return null;
  }
}
