// Issue 39, N5 (the second probe's F7, not fixed by the request timeout): eight connections
// sending 1 KB every 2 s held every upload slot for 90 s, and every other shopper's upload got
// 503. A body is now bounded in time as well as in size (a minimum rate per window: 408 and the
// connection closed) and one address holds at most two slots. Real slow sockets against a real
// server; different loopback addresses stand for different clients (Linux routes 127/8 to lo).
// The pace is the probe's scaled to the test's window: 1 KB every 200 ms against a 16 KB/s floor.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { signIn, startTestServer, type TestServer } from './helper';
import { rawPhotoUpload } from './raw-photo-upload';
import { DEFAULT_UPLOAD_LIMITS, UPLOAD_TOO_MANY, UPLOAD_TOO_SLOW } from '../../../server/upload-slots';

const WINDOW_MS = 400;
let s: TestServer;
let port: number;
let session: Record<string, string>;
let photo: Buffer;

before(async () => {
  // The request timeout stays the default 90 s: only the pace can cut a slow body in this test.
  s = await startTestServer({ reviews: 10, app: { uploads: { windowMs: WINDOW_MS } } });
  port = Number(new URL(s.url).port);
  session = (await signIn(s, '13800000021')).headers;
  const raw = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  photo = await sharp(raw, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
});
after(() => s?.close());

interface Sent {
  /** The status line's code, or 0 when the server closed without answering. */
  status: number;
  text: string;
  /** The server closed the connection (it never stays open after a cut). */
  closed: boolean;
}

/**
 * POSTs a photo id from `localAddress` over a raw socket, `chunk` bytes every `everyMs` (all at
 * once when `everyMs` is 0); resolves once the server answered and closed, or answered a
 * kept-alive request in full.
 */
function upload(localAddress: string, chunk: number, everyMs: number): Promise<Sent> {
  const { head, payload } = rawPhotoUpload(session, photo);
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1', localAddress });
    let got = '';
    let timer: NodeJS.Timeout | undefined;
    let at = 0;
    const done = (closed: boolean) => {
      clearInterval(timer);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      resolve({ status: m ? Number(m[1]) : 0, text: got, closed });
    };
    sock.on('data', (d) => {
      got += d;
      // A whole answer on a kept-alive connection (a JSON body ends with "}").
      if (/\r\n\r\n[^]*\}$/.test(got) && !/connection: close/i.test(got)) {
        sock.destroy();
        done(false);
      }
    });
    sock.on('error', () => {});
    sock.on('close', () => done(true));
    sock.write(head);
    if (!everyMs) sock.write(payload);
    else
      timer = setInterval(() => {
        if (!sock.writable || at >= payload.length) return;
        sock.write(payload.subarray(at, at + chunk));
        at += chunk;
      }, everyMs);
  });
}

const LIMIT = { timeout: 30_000 };

test(
  'a body slower than the floor is cut with 408 within a window or two, and its connection closed',
  LIMIT,
  async () => {
    const r = await upload('127.0.3.1', 1024, 200);
    assert.equal(r.status, 408, r.text);
    assert.ok(r.closed);
    assert.ok(r.text.includes(JSON.stringify(UPLOAD_TOO_SLOW).slice(1, -1)), r.text);
  },
);

test(
  "one address dripping on eight connections holds two slots; other shoppers' uploads go through",
  LIMIT,
  async () => {
    const attack = Array.from({ length: 8 }, () => upload('127.0.4.1', 1024, 200));
    // Six other shoppers upload in turn while the attack runs; none is refused.
    const shoppers: Sent[] = [];
    for (let i = 0; i < 6; i++) shoppers.push(await upload(`127.0.5.${i + 1}`, 0, 0));
    assert.deepEqual(
      shoppers.map((r) => r.status),
      [200, 200, 200, 200, 200, 200],
      shoppers.map((r) => r.text.slice(0, 300)).join('\n'),
    );
    const cut = await Promise.all(attack);
    const statuses = cut.map((r) => r.status).sort();
    // Two admitted and cut for their pace; six refused at once (per address).
    assert.deepEqual(statuses, [408, 408, 429, 429, 429, 429, 429, 429], cut.map((r) => r.text).join('\n'));
    assert.ok(cut.find((r) => r.status === 429)!.text.includes(UPLOAD_TOO_MANY));
  },
);

test('eight addresses dripping: each is cut for its pace, and the slots are free again', LIMIT, async () => {
  const cut = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(`127.0.6.${i + 1}`, 1024, 200)));
  assert.deepEqual(
    cut.map((r) => r.status),
    Array(8).fill(408),
  );
  assert.equal((await upload('127.0.7.1', 0, 0)).status, 200);
});

test('a body at a phone-like pace over many windows is kept (the floor is 16 KB/s)', LIMIT, async () => {
  // 8 KB every 100 ms: 80 KB/s, five times the floor, over several windows.
  const payload = rawPhotoUpload(session, photo).payload.length;
  assert.ok(payload > 8 * 1024 * 6, `the photo spans several windows (${payload} bytes)`);
  const r = await upload('127.0.8.1', 8 * 1024, 100);
  assert.equal(r.status, 200, r.text);
});

test('the defaults: 8 uploads at once, 2 per address, 16 KB/s over 5 s windows', () => {
  assert.deepEqual(DEFAULT_UPLOAD_LIMITS, {
    maxInFlight: 8,
    maxPerClient: 2,
    minBytesPerSec: 16 * 1024,
    windowMs: 5_000,
  });
});
