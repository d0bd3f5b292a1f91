// Writes that survive a kill -9 and leave nothing behind when they fail (issue 25, F9): the
// bytes go to FILE.tmp, are fsync'd and renamed into place; on any failure the temp file is
// deleted (a failed photo-id upload used to leave its .tmp for good). What a crash leaves, the
// owner's start-up sweep (sweepStaleTemps) deletes.
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const TEMP_SUFFIX = '.tmp';

export async function writeDurably(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}${TEMP_SUFFIX}`;
  try {
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => {});
    throw e;
  }
}

/**
 * Deletes `*.tmp` files under `dir` older than `staleMs` (a writer of this or another process
 * may still be writing a younger one); returns how many. Missing `dir`: 0.
 */
export async function sweepStaleTemps(dir: string, staleMs = 60_000, now = Date.now()): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith(TEMP_SUFFIX)) continue;
    const file = join(e.parentPath, e.name);
    const s = await stat(file).catch(() => null);
    if (s && s.mtimeMs < now - staleMs) {
      await rm(file, { force: true }).catch(() => {});
      removed++;
    }
  }
  return removed;
}
