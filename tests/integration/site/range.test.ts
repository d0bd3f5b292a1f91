// Issue 25, F14: Range headers were ignored on pictures and pages (a full 200). Now a single
// range answers 206 with exactly those bytes (server/http-range.ts, shared with the videos to
// come), past the end 416, and a stale If-Range or several ranges the whole body. The reference
// server and the site on one origin over a small site tree; raw HTTP, so compressed bodies stay
// as sent.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { registerSite } from '../../../server/site';
import { startServer, type RunningServer } from '../../../server/start';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-'));
const site = path.join(tmp, 'site');
// Varied text, so that its compressed variant is long enough to split too.
const PAGE = `<!doctype html><html lang="zh-CN"><body>${Array.from({ length: 400 }, (_, i) => `<p>晒单 ${(i * 7919) % 10007} ${(i * i * 31) % 9973}</p>`).join('')}</body></html>`;
let server: RunningServer;
let picture: string;

before(async () => {
  fs.mkdirSync(path.join(site, 'about'), { recursive: true });
  fs.writeFileSync(path.join(site, 'about', 'index.html'), PAGE);
  fs.writeFileSync(path.join(site, '404.html'), '<html>404</html>');
  server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 10,
    logger: false,
    configure: (app) => registerSite(app, site),
  });
  const row = server.app.db
    .prepare('SELECT pictures FROM reviews WHERE json_array_length(pictures) > 0 LIMIT 1')
    .get() as { pictures: string };
  picture = (JSON.parse(row.pictures) as Array<{ full: { url: string } }>)[0].full.url;
});
after(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(server.url + url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The same cases for any URL and Accept-Encoding. */
async function rangeCases(url: string, acceptEncoding: string) {
  const full = await get(url, { 'accept-encoding': acceptEncoding });
  assert.equal(full.status, 200);
  assert.equal(full.headers['accept-ranges'], 'bytes');
  const n = full.body.length;
  assert.ok(n > 200, `${url}: ${n} bytes`);
  const ask = (range: string, extra: Record<string, string> = {}) =>
    get(url, { 'accept-encoding': acceptEncoding, range, ...extra });

  const first = await ask('bytes=0-99');
  assert.equal(first.status, 206);
  assert.equal(first.headers['content-range'], `bytes 0-99/${n}`);
  assert.equal(first.headers['content-length'], '100');
  assert.deepEqual(first.body, full.body.subarray(0, 100));
  assert.equal(first.headers['content-encoding'], full.headers['content-encoding']);

  const rest = await ask('bytes=100-');
  assert.equal(rest.status, 206);
  assert.deepEqual(Buffer.concat([first.body, rest.body]), full.body, 'the two parts make the whole');

  const tail = await ask('bytes=-10');
  assert.equal(tail.headers['content-range'], `bytes ${n - 10}-${n - 1}/${n}`);
  assert.deepEqual(tail.body, full.body.subarray(n - 10));

  const past = await ask(`bytes=${n}-`);
  assert.equal(past.status, 416);
  assert.equal(past.headers['content-range'], `bytes */${n}`);

  assert.equal((await ask('bytes=0-1,5-9')).status, 200, 'several ranges: the whole body');
  assert.equal((await ask('bytes=0-9', { 'if-range': '"stale"' })).status, 200, 'stale If-Range: the whole body');
  // A weak ETag never satisfies If-Range (RFC 9110 13.1.5): browsers send Last-Modified then.
  const etag = String(full.headers.etag);
  const holds = etag.startsWith('W/') ? String(full.headers['last-modified']) : etag;
  assert.equal((await ask('bytes=0-9', { 'if-range': holds })).status, 206);
  // With the ETag itself: a strong one holds (206), a weak one never does (the whole body).
  assert.equal((await ask('bytes=0-9', { 'if-range': etag })).status, etag.startsWith('W/') ? 200 : 206);
}

describe('Range: 206 where a browser asks', () => {
  test('pictures under /media', () => rangeCases(picture, 'identity'));
  test('pages, as they are', () => rangeCases('/review/about/', 'identity'));
  test('pages, of the compressed variant sent', () => rangeCases('/review/about/', 'br'));
  test('status pages never answer part of themselves', async () => {
    const r = await get('/review/no-such-page/', { range: 'bytes=0-9' });
    assert.equal(r.status, 404);
  });
});
