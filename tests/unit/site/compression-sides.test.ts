// The two sides that compress the site's text files send the same bytes: the publish's siblings
// for nginx (publish/precompress.ts) and the site server's compressed bodies
// (server/site/compressed-bodies.ts), both at the settings of publish/compression.ts. A side that
// compresses differently (another level, another mode, its own settings again) fails here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressRelease } from '../../../publish/precompress';
import { BROTLI_QUALITY, GZIP_LEVEL, SIBLING_SUFFIX, compressBody, type Encoding } from '../../../publish/compression';
import { CompressedBodies } from '../../../server/site/compressed-bodies';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-sides-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'index.html': `<!doctype html><html lang="zh-CN"><body>${'<p>做工很好，物流很快，和描述一致。</p>'.repeat(400)}</body></html>`,
  'page-data.json': JSON.stringify({ result: { info: Array.from({ length: 200 }, (_, i) => ({ i, t: '晒单' })) } }),
  'app.js': `(()=>{${'var a=document.querySelector("main");'.repeat(200)}})();`,
};
for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);

test("the publish's siblings and the site server's bodies are the same bytes, at brotli 5 and gzip 6", async () => {
  const stats = await precompressRelease(dir, null);
  assert.equal(stats.compressed, Object.keys(files).length * 2);
  const server = new CompressedBodies();
  for (const name of Object.keys(files)) {
    const abs = path.join(dir, name);
    const raw = fs.readFileSync(abs);
    for (const encoding of ['br', 'gzip'] as Encoding[]) {
      const sibling = fs.readFileSync(abs + SIBLING_SUFFIX[encoding]);
      const body = await server.get(abs, fs.statSync(abs), encoding);
      assert.ok(body, `${name} ${encoding}: the server compressed it`);
      assert.ok(sibling.equals(body), `${name} ${encoding}: nginx's sibling and the server's body differ`);
      assert.ok(sibling.equals(await compressBody(encoding, raw)), `${name} ${encoding}: not the shared settings`);
    }
    // The settings themselves: the same bytes as zlib at brotli 5 (text) and gzip 6.
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    assert.ok(fs.readFileSync(abs + '.br').equals(br), `${name}: brotli quality 5`);
    assert.ok(fs.readFileSync(abs + '.gz').equals(zlib.gzipSync(raw, { level: 6 })), `${name}: gzip level 6`);
  }
  assert.deepEqual([BROTLI_QUALITY, GZIP_LEVEL], [5, 6]);
});
