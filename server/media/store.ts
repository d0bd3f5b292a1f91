// On-disk cache of rendered media: mediaDir/{kind}/{id}/{w}x{h}.{ext}, bounded (issue 12 item 2).
// - Size cap: the cached files never add up to more than maxBytes; room is made before a file
//   is written by deleting the least recently served files (access order kept in memory; at
//   start-up the existing files are ranked by mtime, i.e. by when they were written).
// - Atomic writes: a render goes to a temp file that is renamed into place, so a crash leaves at
//   worst a *.tmp file, which the start-up scan deletes and nothing ever serves. A cached file
//   that is not a complete JPEG/WebP (written by something else) is deleted and rendered again.
// - Renders go through RenderLimiter (bounded, coalesced).
// Several processes may share the directory (tests, the build's embedded server): a file this
// process did not write is adopted when it is read, and one deleted by another is rendered again.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { RenderLimiter, type RenderStats } from './limit';
import { RENDERER_VERSION, renderImage } from './render';
import type { Subject } from './subjects';
import { parseMediaPath, type MediaKey } from './urls';

export interface MediaStoreOptions {
  /** Cap on the bytes of cached files; default env MEDIA_CACHE_BYTES or 256 MiB. */
  maxBytes: number;
  /** Distinct renders at a time (default 2: each one already uses libvips' threads). */
  renders: number;
  /** Distinct renders waiting for a slot before new ones get a 503 (default 64). */
  queue: number;
}

const DEFAULT_MAX_BYTES = 256 * 2 ** 20;

function defaultMaxBytes(): number {
  const n = Number(process.env.MEDIA_CACHE_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_BYTES;
}

const TMP_SUFFIX = '.tmp';
const STALE_TMP_MS = 60_000;
const TMP_RE = /^([0-9]+x[0-9]+\.(?:jpg|webp))\.[0-9]+\.[0-9a-f]{8}\.tmp$/;

/** True when bytes end where their format says they end (a truncated write fails this). */
export function isComplete(bytes: Buffer, ext: string): boolean {
  if (ext === 'webp') {
    return (
      bytes.length >= 12 &&
      bytes.toString('latin1', 0, 4) === 'RIFF' &&
      bytes.toString('latin1', 8, 12) === 'WEBP' &&
      bytes.readUInt32LE(4) + 8 === bytes.length
    );
  }
  return (
    bytes.length >= 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[bytes.length - 2] === 0xff &&
    bytes[bytes.length - 1] === 0xd9
  );
}

export class MediaStore {
  private readonly opts: MediaStoreOptions;
  private readonly limiter: RenderLimiter;
  /** Cached files (path relative to dir) -> size, least recently served first. */
  private readonly files = new Map<string, number>();
  private bytes = 0;
  private readonly ready: Promise<void>;
  /** The get() calls not yet answered (close waits for them). */
  private readonly serving = new Set<Promise<Buffer>>();

  /**
   * `subjectOf`: what a picture shows (server/media/subjects.ts, a lookup on the database),
   * asked only when a picture is drawn; without it every picture is its kind's placeholder.
   */
  constructor(
    private readonly dir: string,
    opts: Partial<MediaStoreOptions> = {},
    private readonly subjectOf: (key: MediaKey) => Subject | null = () => null,
  ) {
    this.opts = { maxBytes: opts.maxBytes ?? defaultMaxBytes(), renders: opts.renders ?? 2, queue: opts.queue ?? 64 };
    this.limiter = new RenderLimiter(this.opts.renders, this.opts.queue);
    this.ready = this.scan();
  }

  get stats(): RenderStats & { files: number; bytes: number; inFlight: number } {
    return { ...this.limiter.stats, files: this.files.size, bytes: this.bytes, inFlight: this.limiter.inFlight };
  }

  /**
   * Resolves once nothing this store started still writes: the start's scan (which writes
   * MEDIA_DIR/.renderer) and every picture asked for and not yet answered (each is written to
   * the cache before it is answered). The server waits for it on close, so a folder removed
   * after close stays removed (a test's temp folder failed with ENOTEMPTY when the scan wrote
   * its marker after the removal had listed the folder).
   */
  async close(): Promise<void> {
    await Promise.allSettled([this.ready, ...this.serving]);
  }

  fileOf(key: MediaKey): string {
    // Every segment was validated by parseMediaPath: no separators, no dots except the extension.
    return join(key.kind, key.id, `${key.width}x${key.height}.${key.ext}`);
  }

  get(key: MediaKey): Promise<Buffer> {
    const p = this.serve(key);
    this.serving.add(p);
    p.then(
      () => this.serving.delete(p),
      () => this.serving.delete(p),
    );
    return p;
  }

  private async serve(key: MediaKey): Promise<Buffer> {
    await this.ready;
    const rel = this.fileOf(key);
    const cached = await this.read(rel, key.ext);
    if (cached) return cached;
    return this.limiter.run(rel, () => this.create(key, rel));
  }

  private async read(rel: string, ext: string): Promise<Buffer | null> {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(this.dir, rel));
    } catch {
      return null; // not cached (or evicted meanwhile)
    }
    if (!isComplete(bytes, ext)) {
      this.forget(rel);
      await unlink(join(this.dir, rel)).catch(() => {});
      return null;
    }
    const known = this.files.has(rel);
    this.forget(rel);
    this.remember(rel, bytes.length); // now the most recently served
    if (!known) await this.evict(); // adopted a file another process wrote
    return bytes;
  }

  private async create(key: MediaKey, rel: string): Promise<Buffer> {
    const bytes = await renderImage(key, this.subjectOf(key));
    // An image bigger than the whole cache is served but not kept.
    if (bytes.length > this.opts.maxBytes) return bytes;
    const file = join(this.dir, rel);
    this.forget(rel);
    this.remember(rel, bytes.length); // reserve its room before anything is written
    await this.evict(rel);
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}${TMP_SUFFIX}`;
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    } catch {
      // Disk full or read-only: serve the image anyway, keep nothing.
      this.forget(rel);
      await unlink(tmp).catch(() => {});
    }
    return bytes;
  }

  private remember(rel: string, size: number): void {
    this.files.set(rel, size);
    this.bytes += size;
  }

  private forget(rel: string): void {
    const size = this.files.get(rel);
    if (size === undefined) return;
    this.files.delete(rel);
    this.bytes -= size;
  }

  /** Deletes least recently served files until the cache fits (keep: the file being written). */
  private async evict(keep?: string): Promise<void> {
    const victims: string[] = [];
    for (const [rel] of this.files) {
      if (this.bytes <= this.opts.maxBytes) break;
      if (rel === keep) continue;
      this.forget(rel);
      victims.push(rel);
    }
    await Promise.all(victims.map((rel) => this.remove(rel)));
  }

  /**
   * Deletes a cached file and its {kind}/{id} folder once empty (issue 25, F9: evicted media
   * left empty folders, one per id, without end). A render into that folder meanwhile fails its
   * write and is served uncached.
   */
  private async remove(rel: string): Promise<void> {
    await unlink(join(this.dir, rel)).catch(() => {});
    await rmdir(dirname(join(this.dir, rel))).catch(() => {}); // ENOTEMPTY: others still cached
  }

  /**
   * Learns what a previous run left: sizes and write order; deletes temp files of crashed writes,
   * and every cached image when they were drawn by another renderer version (RENDERER_VERSION in
   * MEDIA_DIR/.renderer). Only files named as this store names them are ever looked at or
   * deleted: a MEDIA_DIR pointed at the wrong directory loses nothing else.
   */
  private async scan(): Promise<void> {
    const marker = join(this.dir, '.renderer');
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const sameRenderer = (await readFile(marker, 'utf8').catch(() => '')) === RENDERER_VERSION;
    const found: Array<{ rel: string; size: number; mtime: number }> = [];
    for (const e of entries) {
      if (!e.isFile()) continue;
      const file = join(e.parentPath, e.name);
      const rel = relative(this.dir, file);
      const kind = ownFile(rel);
      if (!kind) continue;
      const s = await stat(file).catch(() => null);
      if (!s) continue;
      if (kind === 'tmp') {
        // Left by a crash, unless another process sharing the directory is writing it now.
        if (s.mtimeMs < Date.now() - STALE_TMP_MS) await unlink(file).catch(() => {});
      } else if (!sameRenderer) {
        await this.remove(rel);
      } else {
        found.push({ rel, size: s.size, mtime: s.mtimeMs });
      }
    }
    if (!sameRenderer) {
      await mkdir(this.dir, { recursive: true }).catch(() => {});
      await writeFile(marker, RENDERER_VERSION).catch(() => {});
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const f of found) this.remember(f.rel, f.size);
    await this.evict();
  }
}

/** 'image' for {kind}/{id}/{w}x{h}.{ext}, 'tmp' for its temp files, null for anything else. */
function ownFile(rel: string): 'image' | 'tmp' | null {
  const parts = rel.split(sep);
  if (parts.length !== 3) return null;
  const [kind, id, name] = parts;
  if (parseMediaPath(kind, id, name)) return 'image';
  const tmp = TMP_RE.exec(name);
  return tmp && parseMediaPath(kind, id, tmp[1]) ? 'tmp' : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The media cache (tests read its stats). */
    mediaStore: MediaStore;
  }
}
