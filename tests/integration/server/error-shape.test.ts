// Issue 12, item 8: every error answer has the contract's shape and no internal detail, also
// the ones Fastify, Node's HTTP parser or a plugin write themselves: a URL that does not decode
// (FST_ERR_BAD_URL), a too long path parameter, an unknown path outside /api, a malformed
// request line, oversized headers, the script proxy's 403/502.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { thirdPartyProxy } from '../../../server/site/third-party-proxy';
import { assertError, startTestServer, type Res, type TestServer } from './helper';
import { leakIn } from './probe';

/** One request written by hand on a socket; the raw answer (status line, headers, body). */
function rawRequest(url: string, text: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const split = all.indexOf('\r\n\r\n');
      resolve({ status: Number(all.slice(9, 12)), headers: all.slice(0, split), body: all.slice(split + 4) });
    });
  });
}

function assertClean(res: Res<any>, status: number, input: string) {
  assertError(res, status);
  assert.equal(res.body.statusCode, status);
  assert.equal(typeof res.body.code, 'string');
  assert.deepEqual(Object.keys(res.body).sort(), ['code', 'message', 'messages', 'statusCode']);
  const leak = leakIn(JSON.stringify(res.body), input);
  assert.equal(leak, null, `${input.slice(0, 60)}: ${leak} in ${JSON.stringify(res.body)}`);
}

describe('error shape of answers Fastify and plugins write', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({
      reviews: 60,
      // The script proxy as registerSite adds it, allowed to fetch a URL that cannot answer.
      app: { configure: (app) => thirdPartyProxy(app, { allow: ['http://127.0.0.1:9/never.js'], timeoutMs: 2000 }) },
    });
  });
  after(async () => {
    await s.close();
  });

  test('a URL that does not decode: 400, no echo, no FST_ code', async () => {
    for (const path of ['/api/%E0%A4%A', '/%', '/review/%zz', '/media/%E0/x/y', '/api/v1/products/%c0%af']) {
      const res = await s.get(path);
      assertClean(res, 400, path);
    }
  });

  test('a path parameter longer than any id: 414, no echo', async () => {
    for (const path of [`/api/v1/products/${'1'.repeat(300)}`, `/media/picture/${'a'.repeat(300)}/1x1.jpg`]) {
      assertClean(await s.get(path), 414, path);
    }
  });

  test('unknown paths outside /api: JSON 404, not "Route GET:/x not found"', async () => {
    for (const [method, path] of [
      ['GET', '/x'],
      ['GET', '/evil<script>'],
      ['POST', '/'],
      ['DELETE', '/api'],
      ['GET', '/.env'],
    ]) {
      const res = await s.req(method, path);
      assertClean(res, 404, path.length >= 4 ? path : 'Route');
      assert.ok(!JSON.stringify(res.body).includes('Route'), JSON.stringify(res.body));
    }
  });

  test('numbers ajv coerces to Infinity: 400, not a 500 from SQLite', async () => {
    for (const q of ['size=1e400', 'size=Infinity', `size=${'9'.repeat(400)}`]) {
      const res = await s.get(`/api/v2/product_comment/haul?${q}`);
      assertClean(res, 400, q);
      assert.match(res.body.message, /size/);
    }
    assertClean(await s.get('/api/v1/brands?f=1e400&t=1e400'), 400, '1e400');
  });

  test('the script proxy: 403 and 502 in the shape, no e.message', async () => {
    const refused = await s.get('/__third-party-proxy?url=' + encodeURIComponent('https://evil.example/x.js'));
    assertClean(refused, 403, 'evil.example');
    const failed = await s.get('/__third-party-proxy?url=' + encodeURIComponent('http://127.0.0.1:9/never.js'));
    assertClean(failed, 502, 'never.js');
    assert.ok(!/fetch failed|ECONNREFUSED/i.test(JSON.stringify(failed.body)), JSON.stringify(failed.body));
  });

  test('requests Node refuses before Fastify: malformed line, oversized headers', async () => {
    const cases: [string, number][] = [
      ['GARBAGE\r\n\r\n', 400],
      ['GET /api/v1/brands HTTP/9.9\r\nHost: x\r\n\r\n', 400],
      ['GET /api/v1/brands HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
      [`GET /api/v1/brands HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      [`GET /api/v1/brands?x=${'b'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ];
    for (const [text, status] of cases) {
      const res = await rawRequest(s.url, text);
      assert.equal(res.status, status, `${JSON.stringify(text.slice(0, 40))}: ${res.headers}`);
      assert.match(res.headers, /content-type: application\/json/i);
      const body = JSON.parse(res.body);
      assertClean(
        { status, headers: new Headers({ 'content-type': 'application/json' }), body },
        status,
        text.slice(0, 30),
      );
      assert.equal(
        Buffer.byteLength(res.body),
        Number(/content-length: (\d+)/i.exec(res.headers)?.[1]),
        'Content-Length in bytes',
      );
    }
  });
});
