// The site server's serving rules against a real Fastify instance on a random port and a
// small built-site tree on disk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serveSite } from '../../../server/site/serve-site';
import { thirdPartyProxy } from '../../../server/site/third-party-proxy';
import { IMMUTABLE, NEVER, REVALIDATE } from '../../../server/site/cache-rules';

let app: FastifyInstance;
let base: string;
let upstream: http.Server;
let upstreamUrl: string;
const BIG_HTML = `<!doctype html><html><body>${'<p>晒单内容，做工很好。</p>'.repeat(400)}</body></html>`;
const BIG_JS = `!function(){${'var a=1;'.repeat(2000)}}();`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));

function put(rel: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), body);
}

before(async () => {
  put('index.html', '<html>home</html>');
  put('404.html', '<html>404</html>');
  put('1001/2002/index.html', '<html>review 2002</html>');
  put('merchants/index.html', '<html>merchants</html>');
  put('page-data/1001/2002/page-data.json', '{}');
  put('static/abc/img.jpg', 'jpg');
  put('app-0123456789abcdef0123.js', 'js');
  put('sw.js', 'sw');
  put('big/index.html', BIG_HTML);
  put('rebuilt/index.html', BIG_HTML);
  put('framework-0123456789abcdef0123.js', BIG_JS);
  put('static/abc/photo.jpg', BIG_JS); // large, but an image type: never compressed
  upstream = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/javascript');
    res.end('console.log(1)');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/tag.js`;
  app = Fastify();
  await serveSite(app, { siteDir: dir });
  await thirdPartyProxy(app, { allow: [upstreamUrl] });
  app.get('/api/big', () => BIG_JS); // a route beside the site, as the API is
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await app.close();
  upstream.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw request (fetch would decompress): status, headers and the body bytes as sent. */
function raw(
  p: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + p, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

const get = (p: string) => fetch(base + p, { redirect: 'manual' });

test('a built review page is served with HTML revalidation', async () => {
  const r = await get('/review/1001/2002/');
  assert.equal(r.status, 200);
  assert.equal(await r.text(), '<html>review 2002</html>');
  assert.equal(r.headers.get('cache-control'), REVALIDATE);
});

test('both spellings reach a page: no trailing slash redirects', async () => {
  const r = await get('/review/merchants?x=1');
  assert.equal(r.status, 301);
  assert.equal(r.headers.get('location'), '/review/merchants/?x=1');
  assert.equal((await get('/review')).headers.get('location'), '/review/');
});

test('page-data is revalidated, hashed assets immutable, sw.js never cached', async () => {
  assert.equal((await get('/review/page-data/1001/2002/page-data.json')).headers.get('cache-control'), REVALIDATE);
  assert.equal((await get('/review/static/abc/img.jpg')).headers.get('cache-control'), IMMUTABLE);
  assert.equal((await get('/review/app-0123456789abcdef0123.js')).headers.get('cache-control'), IMMUTABLE);
  assert.equal((await get('/review/sw.js')).headers.get('cache-control'), NEVER);
});

test('an unbuilt review URL without a review check answers 404 with the 404 page (it loads the review)', async () => {
  const r = await get('/review/1001/9999/');
  assert.equal(r.status, 404);
  assert.equal(await r.text(), '<html>404</html>');
  assert.equal(r.headers.get('cache-control'), REVALIDATE);
  assert.equal((await get('/review/1001/9999')).status, 301);
  // The site's own sections never count as review ids.
  for (const p of ['/review/category/zz/', '/review/pd/x/', '/review/haul/page/', '/review/404/x/'])
    assert.equal((await get(p)).status, 404, p);
});

test('unknown paths get the 404 page with status 404; traversal is refused', async () => {
  for (const p of ['/review/nope/', '/review/category/zz/x/', '/review/a/b/c/', '/review/..%2f..%2fetc/passwd']) {
    const r = await get(p);
    assert.equal(r.status, 404, p);
    assert.equal(await r.text(), '<html>404</html>', p);
  }
});

test('a malformed escape is a client error, never a crash', async () => {
  const r = await get('/review/%E0%A4%A');
  assert.ok(r.status === 400 || r.status === 404, String(r.status));
});

test('the third-party proxy serves only allow-listed URLs', async () => {
  const ok = await get(`/__third-party-proxy?url=${encodeURIComponent(upstreamUrl)}`);
  assert.equal(ok.status, 200);
  assert.equal(await ok.text(), 'console.log(1)');
  for (const url of ['http://127.0.0.1:1/evil.js', `${upstreamUrl}?x=1`, 'file:///etc/passwd']) {
    const r = await get(`/__third-party-proxy?url=${encodeURIComponent(url)}`);
    assert.equal(r.status, 403, url);
    assert.ok(((await r.json()) as { messages: string[] }).messages[0]);
  }
  assert.equal((await get('/__third-party-proxy')).status, 400);
});

test('pages, scripts and page data go out compressed to clients that accept it, and decompress to the file', async () => {
  for (const [p, body] of [
    ['/review/big/', BIG_HTML],
    ['/review/framework-0123456789abcdef0123.js', BIG_JS],
  ] as const) {
    const br = await raw(p, 'br, gzip');
    assert.equal(br.status, 200, p);
    assert.equal(br.headers['content-encoding'], 'br', p);
    assert.match(String(br.headers.vary), /accept-encoding/i, p);
    assert.equal(zlib.brotliDecompressSync(br.body).toString(), body, p);
    assert.ok(br.body.length < Buffer.byteLength(body) / 4, `${p}: ${br.body.length} bytes`);
    const gz = await raw(p, 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip', p);
    assert.equal(zlib.gunzipSync(gz.body).toString(), body, p);
    const plain = await raw(p);
    assert.equal(plain.headers['content-encoding'], undefined, p);
    assert.equal(plain.body.toString(), body, p);
  }
  // The cache rules still apply to compressed answers.
  assert.equal((await raw('/review/framework-0123456789abcdef0123.js', 'br')).headers['cache-control'], IMMUTABLE);
});

test('images and the API beside the site are not compressed by the site server', async () => {
  const img = await raw('/review/static/abc/photo.jpg', 'br, gzip');
  assert.equal(img.status, 200);
  assert.equal(img.headers['content-encoding'], undefined);
  assert.equal(img.body.toString(), BIG_JS);
  const api = await raw('/api/big', 'br, gzip');
  assert.equal(api.headers['content-encoding'], undefined);
});

/** A raw request with extra headers. */
function rawWith(
  p: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + p, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('each encoding of a page is its own variant: Vary, an ETag of its own, 304 for its own tag only', async () => {
  const br = await raw('/review/big/', 'br');
  const gz = await raw('/review/big/', 'gzip');
  const plain = await raw('/review/big/');
  const tags = [br, gz, plain].map((r) => r.headers.etag);
  assert.ok(tags.every(Boolean), 'every variant has an ETag');
  assert.equal(new Set(tags).size, 3, `distinct ETags: ${tags.join(' ')}`);
  for (const r of [br, gz, plain]) {
    assert.match(String(r.headers.vary), /accept-encoding/i, 'Vary, even on the plain answer');
    assert.equal(r.headers['cache-control'], REVALIDATE);
    assert.ok(r.headers['last-modified']);
  }
  assert.equal(Number(plain.headers['content-length']), Buffer.byteLength(BIG_HTML));
  // The same request twice: the same bytes (one compressed body, kept).
  assert.deepEqual((await raw('/review/big/', 'br')).body, br.body);
  const again = await rawWith('/review/big/', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal(again.headers.etag, br.headers.etag);
  // A client holding the plain body must not get a 304 for the brotli one, nor the reverse.
  assert.equal(
    (await rawWith('/review/big/', { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag! })).status,
    200,
  );
  assert.equal((await rawWith('/review/big/', { 'if-none-match': br.headers.etag! })).status, 200);
  // HEAD: the headers of the variant, no body.
  const head = await rawWith('/review/big/', { 'accept-encoding': 'br' }, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-encoding'], 'br');
  assert.equal(head.body.length, 0);
});

test('a rebuilt page goes out new at once, compressed from the new file', async () => {
  const before = await raw('/review/rebuilt/', 'br');
  assert.equal(zlib.brotliDecompressSync(before.body).toString(), BIG_HTML);
  const next = BIG_HTML.replace('做工很好', '重建后的内容');
  put('rebuilt/index.html', next);
  const later = new Date(Date.now() + 10_000);
  fs.utimesSync(path.join(dir, 'rebuilt/index.html'), later, later);
  const after = await raw('/review/rebuilt/', 'br');
  assert.equal(zlib.brotliDecompressSync(after.body).toString(), next);
  assert.notEqual(after.headers.etag, before.headers.etag);
});

test('the 404 page is compressed too, and keeps its status', async () => {
  put('404.html', BIG_HTML);
  try {
    const r = await raw('/review/no/such/page/', 'br');
    assert.equal(r.status, 404);
    assert.equal(r.headers['content-encoding'], 'br');
    assert.equal(zlib.brotliDecompressSync(r.body).toString(), BIG_HTML);
    // A validator never turns an error answer into a 304.
    assert.equal(
      (await rawWith('/review/no/such/page/', { 'accept-encoding': 'br', 'if-none-match': r.headers.etag! })).status,
      404,
    );
  } finally {
    put('404.html', '<html>404</html>');
  }
});
