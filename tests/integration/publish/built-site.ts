// Shared by the corrupted-state and publish tests: a temporary folder removed after the file's
// tests (with the releases a prune removes in the background), and a small built site.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { prunedRemoved } from '../../../publish/releases';

/** A temporary folder for this test file, removed after its tests. */
export function tmpFolder(name: string): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  after(async () => {
    await prunedRemoved();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  return tmp;
}

/** A built site in `dir` with a home page saying `text`. */
export function built(dir: string, text: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<html><body>${text}</body></html>`);
  fs.writeFileSync(path.join(dir, '404.html'), '<html>404</html>');
  return dir;
}
