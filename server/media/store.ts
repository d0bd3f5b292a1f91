// Lazy on-disk cache of rendered media: mediaDir/{kind}/{id}/{w}x{h}.{ext}. Renders once per
// URL (concurrent requests for the same URL share one render), writes atomically.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { renderImage } from './render';
import type { MediaKey } from './urls';

export class MediaStore {
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly dir: string) {}

  fileOf(key: MediaKey): string {
    // Every segment was validated by parseMediaPath: no separators, no dots except the extension.
    return join(this.dir, key.kind, key.id, `${key.width}x${key.height}.${key.ext}`);
  }

  async get(key: MediaKey): Promise<Buffer> {
    const file = this.fileOf(key);
    try {
      return await readFile(file);
    } catch {
      // not cached yet
    }
    let p = this.pending.get(file);
    if (!p) {
      p = this.create(key, file).finally(() => this.pending.delete(file));
      this.pending.set(file, p);
    }
    return p;
  }

  private async create(key: MediaKey, file: string): Promise<Buffer> {
    const bytes = await renderImage(key);
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    return bytes;
  }
}
