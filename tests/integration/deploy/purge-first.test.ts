// Issue 39, N12: a takedown's purge waited behind a release's (12.8 s behind 1,371 URLs), so the
// CDN kept serving the taken-down review meanwhile. A takedown's URLs now go before every queued
// release URL, on a lane of their own. A real HTTP "CDN" on a loopback port records the order
// of the purges it receives.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { PurgeHook, reviewUrls } from '../../../server/deploy/purge';

let cdn: http.Server;
let base: string;
const received: string[] = [];
/** Requests held open (a slow CDN) until released. */
const held: http.ServerResponse[] = [];
let holding = false;
let onRequest: (() => void) | null = null;

before(async () => {
  cdn = http.createServer((req, res) => {
    received.push(decodeURIComponent(req.url!.replace(/^\/purge/, '')));
    onRequest?.();
    if (holding) held.push(res);
    else res.end();
  });
  await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(cdn.address() as { port: number }).port}/purge{path}`;
});
after(() => new Promise<void>((r) => cdn.close(() => r())));

const releaseUrls = (n: number) => Array.from({ length: n }, (_, i) => `/review/p${i}/c${i}/`);
const takedown = { productId: '100001', commentId: '5000001' };

test("a takedown's URLs are purged before the 1,371 URLs of a release queued before it", async () => {
  received.length = 0;
  const hook = new PurgeHook({ url: base, concurrency: 4 });
  hook.submit(releaseUrls(1371));
  hook.submit(reviewUrls(takedown), { first: true });
  await hook.idle();
  const down = reviewUrls(takedown);
  assert.equal(received.length, 1371 + down.length);
  const last = Math.max(...down.map((u) => received.indexOf(u)));
  // Sent right after the four release URLs in flight when it came; arrivals over five connections
  // may swap with the few release URLs in flight beside them, never with the queued ones.
  assert.ok(last < 4 * (4 + down.length), `the takedown's last URL was purge number ${last + 1} of ${received.length}`);
});

test('with every lane held by a slow CDN, a takedown is still sent at once', { timeout: 30_000 }, async () => {
  received.length = 0;
  holding = true;
  const hook = new PurgeHook({ url: base, concurrency: 4, timeoutMs: 60_000 });
  const lanesBusy = new Promise<void>((r) => (onRequest = () => received.length === 4 && r()));
  hook.submit(releaseUrls(100));
  await lanesBusy;
  const down = reviewUrls(takedown);
  const arrived = new Promise<void>((r) => (onRequest = () => received.includes(down[0]) && r()));
  hook.submit(down, { first: true });
  // Fails by the test's timeout when the takedown waits for a lane.
  await arrived;
  assert.deepEqual(received.slice(0, 4), releaseUrls(4));
  holding = false;
  onRequest = null;
  for (const res of held.splice(0)) res.end();
  await hook.idle();
  assert.equal(received.length, 100 + down.length);
});
