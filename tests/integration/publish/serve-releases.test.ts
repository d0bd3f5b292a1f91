// The site server over releasesRoot/current (as `npm start` runs it): a publish and a rollback
// take effect on the next request, and no cache in server/site (compressed bodies, page
// policies) answers with the other release's bytes, even for files of the same size and mtime.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serveSite } from '../../../server/site/serve-site';
import { republish } from '../../../publish/releases';
import { publish } from '../../../publish/release-files';

let app: FastifyInstance;
let base: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-releases-'));
const pub = path.join(tmp, 'public');
const root = path.join(tmp, 'var', 'site');
// Same length in both versions.
const page = (v: string) =>
  `<!doctype html><html><head><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";var v="${v}";/*]]>*/</script></head><body>${'<p>晒单内容，做工很好。</p>'.repeat(200)}${v}</body></html>`;
const MTIME = new Date('2026-01-02T03:04:05Z');

function put(rel: string, body: string, dir = pub, mtime = MTIME) {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), body);
  fs.utimesSync(path.join(dir, rel), mtime, mtime);
}

before(async () => {
  put('index.html', page('AAAA'));
  put('404.html', '<html>404</html>');
  await publish(pub, root);
  app = Fastify();
  await serveSite(app, { siteDir: path.join(root, 'current') });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await app.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** GET /review/ with raw bytes (fetch would undo the encoding and hide which one was sent). */
function home(encoding: 'br' | 'gzip' | 'identity'): Promise<{ text: string; csp: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/review/`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            assert.equal(res.statusCode, 200);
            assert.equal(res.headers['content-encoding'], encoding === 'identity' ? undefined : encoding);
            const raw = Buffer.concat(chunks);
            const body =
              encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
            resolve({ text: body.toString(), csp: String(res.headers['content-security-policy'] ?? '') });
          } catch (e) {
            reject(e);
          }
        });
      })
      .on('error', reject);
  });
}

test('a publish and a rollback show on the next request, in every encoding, with the right page policy', async () => {
  for (const e of ['br', 'gzip', 'identity'] as const) assert.match((await home(e)).text, /AAAA<\/body>/);
  const first = fs.readlinkSync(path.join(root, 'current'));
  put('index.html', page('BBBB'), pub, new Date(MTIME.getTime() + 60_000));
  await publish(pub, root);
  for (const e of ['br', 'gzip', 'identity'] as const) {
    const h = await home(e);
    assert.match(h.text, /BBBB<\/body>/, e);
    // The page's CSP names its inline script by hash: the new page's, not the cached old one's.
    const { text: again, csp } = h;
    assert.ok(again.includes('var v="BBBB"') && csp.includes("'sha256-"), e);
  }
  const cspB = (await home('br')).csp;
  await republish(root, path.basename(first));
  for (const e of ['br', 'gzip', 'identity'] as const) assert.match((await home(e)).text, /AAAA<\/body>/, e);
  assert.notEqual((await home('br')).csp, cspB);
});

test('files of the same size and mtime in two releases: the cache tells them apart by inode', async () => {
  // Made by hand: a publish would hard-link such a file (rsync's quick check), so two releases
  // only differ this way when a build rewrote a file within the same millisecond.
  const a = path.join(root, 'releases', '20000101T000000000Z');
  const b = path.join(root, 'releases', '20000101T000000001Z');
  put('index.html', page('CCCC'), a);
  put('index.html', page('DDDD'), b);
  for (const [id, v] of [
    [a, 'CCCC'],
    [b, 'DDDD'],
    [a, 'CCCC'],
  ] as const) {
    await republish(root, path.basename(id));
    for (const e of ['br', 'gzip', 'identity'] as const) {
      const h = await home(e);
      assert.match(h.text, new RegExp(`${v}</body>`), `${e} after switching to ${v}`);
    }
  }
});
