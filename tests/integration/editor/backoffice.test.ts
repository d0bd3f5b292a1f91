// The demo's back office (issue 13 part 2) over the real server and SQLite, with a build queue
// whose runner is a fake (the real builds are builds.test.ts): each write is answered by the
// API at once (the kept detail answers are dropped) and queues a "backoffice" build with its
// hint; hidden and taken-down reviews leave the API's lists.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../../server/start';
import { BuildHistory } from '../../../server/builds/history';
import { BuildQueue } from '../../../server/builds/queue';
import type { BuildRecord } from '../../../server/builds/types';

const TOKEN = 'editor-token-for-back-office-tests-0123';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-'));
const runs: BuildRecord[] = [];
let server: RunningServer;
let queue: BuildQueue;

async function call(method: string, url: string, body?: unknown, token = TOKEN) {
  const r = await fetch(server.url + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : undefined };
}
const feed = async () =>
  (await call('GET', '/api/v2/product_comment/haul?category=0&delimiter=0&size=100')).json.waterFall
    .waterDrops as Array<{
    productId: number;
    commentId: number;
    content: string;
  }>;
const detail = (p: string | number, c: string | number) =>
  call('GET', `/api/v1/product-comment/products/${p}/comments?commentId=${c}`);

before(async () => {
  // Builds "published" at once, without a release (no gatsby here).
  queue = new BuildQueue(new BuildHistory(path.join(tmp, 'site')), async (b) => {
    runs.push(b);
    return { releaseId: '20000101T000000000Z', pages: 0, skipped: [] };
  });
  server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 20,
    editorToken: TOKEN,
    builds: queue,
  });
});
after(async () => {
  await queue.close();
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const lastBuild = async (id: string) => {
  const b = await queue.finished(id);
  return { trigger: b.trigger, hint: b.hint };
};

test('401 without the token; bodies checked', async () => {
  assert.equal((await call('PATCH', '/editor/api/reviews/1/2', { content: 'x' }, 'wrong')).status, 401);
  const [r] = await feed();
  assert.equal((await call('PATCH', `/editor/api/reviews/${r.productId}/${r.commentId}`, { content: '' })).status, 400);
  const long = 'x'.repeat(2001);
  assert.equal(
    (await call('PATCH', `/editor/api/reviews/${r.productId}/${r.commentId}`, { content: long })).status,
    400,
  );
  assert.equal((await call('PATCH', '/editor/api/reviews/abc/def', { content: 'x' })).status, 404);
  assert.equal((await call('POST', '/editor/api/reviews', { productId: '1', content: 'x', stars: 6 })).status, 400);
  assert.equal(runs.length, 0);
});

test('edit: the API answers the new text at once and a backoffice build is queued with changed: [it]', async () => {
  const [r] = await feed();
  assert.equal((await detail(r.productId, r.commentId)).status, 200); // kept in the detail cache
  const res = await call('PATCH', `/editor/api/reviews/${r.productId}/${r.commentId}`, { content: '后台改过的正文' });
  assert.equal(res.status, 200);
  assert.equal((await detail(r.productId, r.commentId)).json.comments[0].content, '后台改过的正文');
  assert.equal((await feed())[0].content, '后台改过的正文');
  assert.deepEqual(await lastBuild(res.json.build), {
    trigger: 'backoffice',
    hint: { changed: [{ productId: String(r.productId), commentId: String(r.commentId) }], removed: [] },
  });
});

test("hide: no list, feed or detail answers it; the build's hint removes it", async () => {
  const r = (await feed())[1];
  const res = await call('POST', `/editor/api/reviews/${r.productId}/${r.commentId}/hide`);
  assert.equal(res.status, 200);
  assert.equal((await detail(r.productId, r.commentId)).status, 404);
  assert.ok(!(await feed()).some((x) => x.commentId === r.commentId));
  const list = (await call('GET', `/api/v1/product-comment/products/${r.productId}/comments?f=0&t=100`)).json;
  assert.ok(!list.comments.some((x: { id: number }) => x.id === r.commentId));
  assert.deepEqual((await lastBuild(res.json.build)).hint, {
    changed: [],
    removed: [{ productId: String(r.productId), commentId: String(r.commentId) }],
  });
});

test('add: a new review first in the feed, its detail answered, a build with changed: [it]', async () => {
  const [r] = await feed();
  const res = await call('POST', '/editor/api/reviews', {
    productId: String(r.productId),
    content: '演示用户的新晒单',
    stars: 4,
  });
  assert.equal(res.status, 201);
  const first = (await feed())[0];
  assert.equal(String(first.commentId), res.json.commentId);
  assert.equal(first.content, '演示用户的新晒单');
  assert.equal(
    (await detail(res.json.productId, res.json.commentId)).json.comments[0].productCommentLabel.productSatisfyScore,
    4,
  );
  assert.deepEqual((await lastBuild(res.json.build)).hint, {
    changed: [{ productId: res.json.productId, commentId: res.json.commentId }],
    removed: [],
  });
  assert.equal(
    (await call('POST', '/editor/api/reviews', { productId: '999999', content: 'x', stars: 1 })).status,
    404,
  );
});

test('takedown: left out of the feed and the product list; POST queues removed, DELETE queues changed', async () => {
  const r = (await feed())[2];
  const ref = { productId: String(r.productId), commentId: String(r.commentId) };
  const down = await call('POST', '/editor/api/takedowns', { ...ref, reason: '违规' });
  assert.equal(down.status, 201);
  assert.ok(!(await feed()).some((x) => x.commentId === r.commentId));
  const list = (await call('GET', `/api/v1/product-comment/products/${r.productId}/comments?f=0&t=100`)).json;
  assert.ok(!list.comments.some((x: { id: number }) => x.id === r.commentId));
  assert.deepEqual(await lastBuild(down.json.build.id), { trigger: 'takedown', hint: { changed: [], removed: [ref] } });
  assert.equal((await call('DELETE', `/editor/api/takedowns/${ref.productId}/${ref.commentId}`)).status, 204);
  assert.ok((await feed()).some((x) => x.commentId === r.commentId));
  const builds = (await call('GET', '/editor/api/builds')).json.builds;
  assert.equal(builds[0].trigger, 'restore', 'a restore is labelled as one');
  assert.deepEqual(builds[0].hint, { changed: 1, removed: 0 });
  assert.deepEqual(builds[0].touched, { changed: [ref], removed: [] });
});
