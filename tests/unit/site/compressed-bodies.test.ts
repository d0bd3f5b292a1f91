// The cache of compressed bodies (server/site/compressed-bodies.ts): compressed once per file
// version, shared by concurrent first requests, bounded by bytes. Real files in a temp dir.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CompressedBodies } from '../../../server/site/compressed-bodies';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compressed-bodies-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const page = (n: number) => `<!doctype html><html><body>${`<p>第${n}条晒单，做工很好。</p>`.repeat(300)}</body></html>`;
function write(name: string, body: string, mtime?: Date) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, body);
  if (mtime) fs.utimesSync(p, mtime, mtime);
  return { p, st: fs.statSync(p) };
}

test('compresses once per file version; concurrent first requests share the work', async () => {
  const bodies = new CompressedBodies();
  const { p, st } = write('a.html', page(1));
  const [x, y] = await Promise.all([bodies.get(p, st, 'br'), bodies.get(p, st, 'br')]);
  assert.ok(x && x === y, 'one compression for two concurrent requests');
  assert.equal(zlib.brotliDecompressSync(x).toString(), page(1));
  assert.equal(await bodies.get(p, fs.statSync(p), 'br'), x, 'the same bytes on the next request');
  const gz = await bodies.get(p, st, 'gzip');
  assert.equal(zlib.gunzipSync(gz!).toString(), page(1));
  // A rebuild rewrites the file: the next request compresses the new one.
  const next = write('a.html', page(22), new Date(st.mtimeMs + 5_000));
  const z = await bodies.get(next.p, next.st, 'br');
  assert.notEqual(z, x);
  assert.equal(zlib.brotliDecompressSync(z!).toString(), page(22));
});

test('a file that changed since its stat is not cached (the caller sends it as is)', async () => {
  const bodies = new CompressedBodies();
  const { p, st } = write('b.html', page(1));
  fs.writeFileSync(p, page(333));
  assert.equal(await bodies.get(p, st, 'br'), null);
  assert.equal(bodies.bytes, 0);
});

test('bounded by bytes; files above maxFileBytes are left alone', async () => {
  const bodies = new CompressedBodies({ maxBytes: 3_000, maxFileBytes: 20_000 });
  for (let i = 0; i < 20; i++) {
    const { p, st } = write(`p${i}.html`, page(i));
    assert.ok(await bodies.get(p, st, 'br'));
    assert.ok(bodies.bytes <= 3_000, `${bodies.bytes} bytes kept`);
  }
  const big = write('big.html', page(1).repeat(4));
  assert.ok(big.st.size > 20_000);
  assert.equal(await bodies.get(big.p, big.st, 'br'), null);
});
