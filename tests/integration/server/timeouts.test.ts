// Issue 25, F7: every connection is timed. Eight connections sending an upload's body a byte at a
// time used to hold every upload slot for good (no request timeout). Raw sockets against the
// server with short timeouts; each case waits for the server to close the connection (an event,
// bounded by the test's own timeout, which is what fails without the fix).
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { signIn, startTestServer, type TestServer } from './helper';
import { DEFAULT_TIMEOUTS, fastifyTimeoutOptions } from '../../../server/timeouts';

let s: TestServer;
let port: number;
before(async () => {
  s = await startTestServer({
    reviews: 10,
    app: { timeouts: { headersMs: 300, requestMs: 800, idleMs: 600, keepAliveMs: 300 } },
  });
  port = Number(new URL(s.url).port);
});
after(() => s?.close());

/** Opens a socket, writes `first`, then `drip` every 100 ms; resolves with what came back once the server closes it. */
function until(first: string, drip = ''): Promise<string> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let got = '';
    let timer: NodeJS.Timeout | undefined;
    sock.on('data', (d) => (got += d));
    sock.on('error', () => {});
    sock.on('close', () => {
      clearInterval(timer);
      resolve(got);
    });
    sock.write(first);
    if (drip) timer = setInterval(() => sock.writable && sock.write(drip), 100);
  });
}

const WAIT = { timeout: 20_000 };

test('headers that never end: 408, closed', WAIT, async () => {
  const got = await until('GET /api/v1/wechat/miniprogram/gift-amount HTTP/1.1\r\nHost: x\r\n', 'X-a: b\r\n');
  assert.match(got, /^HTTP\/1\.1 408/);
});

test('an upload body sent a byte at a time: 408 once the request timeout is up, closed', WAIT, async () => {
  const { headers } = await signIn(s, '13800000001');
  const head =
    'POST /api/v2/profile/photo-ids HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
    `Content-Length: 100000\r\nX-Session-User: ${headers['X-Session-User']}\r\nX-Session-Key: ${headers['X-Session-Key']}\r\n\r\n--b\r\n`;
  const got = await until(head, 'x');
  assert.match(got, /^HTTP\/1\.1 408/);
});

test('a connection that says nothing is closed (408 or nothing)', WAIT, async () => {
  assert.match(await until(''), /^(HTTP\/1\.1 408[^]*)?$/);
});

test('a kept-alive connection with no next request is closed', WAIT, async () => {
  const got = await until('GET /api/v1/wechat/miniprogram/gift-amount HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.match(got, /^HTTP\/1\.1 200/);
});

test('the defaults: headers within 15 s, the whole request within 90 s, idle 30 s', () => {
  const o = fastifyTimeoutOptions();
  assert.equal(o.http.headersTimeout, DEFAULT_TIMEOUTS.headersMs);
  assert.equal(o.requestTimeout, 90_000);
  assert.equal(o.connectionTimeout, 30_000);
  assert.ok(o.http.connectionsCheckingInterval <= 1_000);
});
