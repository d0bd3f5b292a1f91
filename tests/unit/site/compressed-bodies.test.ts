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

test('under a kept store: compressed once into a sibling, read back when the cache dropped it, never trusted when older', async () => {
  const store = path.join(dir, 'kept');
  fs.mkdirSync(store);
  const outside = write('outside.html', page(5));
  const p = path.join(store, 'k.html');
  fs.writeFileSync(p, page(7));
  const st = fs.statSync(p);
  // A cache that holds nothing: every request is a miss.
  const bodies = new CompressedBodies({ maxBytes: 1, persistUnder: [store] });
  const first = await bodies.get(p, st, 'br');
  assert.equal(zlib.brotliDecompressSync(first!).toString(), page(7));
  assert.ok(fs.existsSync(`${p}.br`), 'written beside the kept page');
  // Read back, not compressed again: the sibling's bytes are served even if replaced by a marker.
  fs.writeFileSync(`${p}.br`, zlib.brotliCompressSync(Buffer.from('from the sibling')));
  assert.equal(zlib.brotliDecompressSync((await bodies.get(p, st, 'br'))!).toString(), 'from the sibling');
  // The page rendered again (a newer file): the older sibling is not used, a new one is written.
  const later = new Date(fs.statSync(`${p}.br`).mtimeMs + 5_000);
  fs.writeFileSync(p, page(8));
  fs.utimesSync(p, later, later);
  const again = await bodies.get(p, fs.statSync(p), 'br');
  assert.equal(zlib.brotliDecompressSync(again!).toString(), page(8));
  assert.equal(zlib.brotliDecompressSync(fs.readFileSync(`${p}.br`)).toString(), page(8));
  // A file outside the store never gets a sibling.
  await bodies.get(outside.p, outside.st, 'gzip');
  assert.ok(!fs.existsSync(`${outside.p}.gz`));
});
