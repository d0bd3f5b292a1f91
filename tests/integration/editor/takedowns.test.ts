// Instant takedown (issue 13): the editors' API behind the bearer token, and a taken-down
// review answering 410 at every URL of the site and at the API's review detail, from the next
// request, until DELETE restores it; the store survives a restart. The reference server and the
// site on one origin as `npm start` runs them, over a small site tree on disk.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { registerSite } from '../../../server/site';
import { startServer, type RunningServer } from '../../../server/start';
import { tokensEqual } from '../../../server/editor/token';

const TOKEN = 'editor-token-for-tests-0123456789';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'takedowns-'));
const site = path.join(tmp, 'site');
const dbFile = path.join(tmp, 'db.sqlite');
const logs: string[] = [];
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function put(rel: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
  fs.writeFileSync(path.join(site, rel), body);
}

const start = (opts: { token?: string } = {}) =>
  startServer({
    dbFile,
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 20,
    editorToken: 'token' in opts ? opts.token : TOKEN,
    // Every request logged (LOG_LEVEL=info): the token must never show in the log.
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _e, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    },
    configure: (app) => registerSite(app, site),
  });

const auth = { authorization: `Bearer ${TOKEN}` };
let server: RunningServer;
let p: number;
let c: number;
let unbuilt: number;

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = auth) {
  const r = await fetch(server.url + url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  return {
    status: r.status,
    headers: r.headers,
    text,
    json: (r.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined,
  };
}

function assertErrorShape(r: { status: number; json?: any }, status: number) {
  assert.equal(r.status, status);
  assert.deepEqual(Object.keys(r.json).sort(), ['code', 'message', 'messages', 'statusCode']);
  assert.equal(r.json.statusCode, status);
}

before(async () => {
  server = await start();
  const rows = server.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id LIMIT 2').all() as Array<{
    id: number;
    product_id: number;
  }>;
  [p, c, unbuilt] = [rows[0].product_id, rows[0].id, rows[1].id];
  put('index.html', '<html>home</html>');
  put('404.html', '<html>404</html>');
  put(`${p}/${c}/index.html`, '<html>晒单正文 review text</html>');
  put(`page-data/${p}/${c}/page-data.json`, '{"path":"/x/"}');
});
after(() => server?.close());

test('tokensEqual: equal digests only, whatever the lengths; never an empty token', () => {
  assert.equal(tokensEqual(TOKEN, TOKEN), true);
  assert.equal(tokensEqual(`${TOKEN}x`, TOKEN), false);
  assert.equal(tokensEqual(TOKEN.slice(0, -1), TOKEN), false);
  assert.equal(tokensEqual('', TOKEN), false);
  assert.equal(tokensEqual('', ''), false);
});

test("the editors' API answers 401 in the API's error shape without the token, and no-store with it", async () => {
  for (const headers of [
    {} as Record<string, string>,
    { authorization: 'Bearer wrong' },
    { authorization: TOKEN },
    { authorization: `Basic ${TOKEN}` },
    { authorization: `Bearer ${TOKEN}x` },
  ]) {
    const r = await call('GET', '/editor/api/takedowns', undefined, headers);
    assertErrorShape(r, 401);
    assert.ok(!r.text.includes(TOKEN));
  }
  // Checked before the body is read: no 400 that would tell a stranger what the route expects.
  assertErrorShape(await call('POST', '/editor/api/takedowns', '{bad json', {}), 401);
  const ok = await call('GET', '/editor/api/takedowns');
  assert.equal(ok.status, 200);
  assert.deepEqual(ok.json, { takedowns: [] });
  assert.equal(ok.headers.get('cache-control'), 'no-store');
});

const pageUrls = () => [
  `/review/${p}/${c}/`,
  `/review/${p}/${c}`,
  `/review/${p}/${c}/?from=share`,
  `/review/${p}/${c}?a=1&b=2`,
  `/review/${p}/${c}/index.html`,
];
const dataUrl = () => `/review/page-data/${p}/${c}/page-data.json`;
const detailUrl = (cid = c) => `/api/v1/product-comment/products/${p}/comments?commentId=${cid}`;

test("a takedown makes the review's page, page data and API detail answer 410 at once; DELETE restores them", async () => {
  assert.equal((await call('GET', pageUrls()[0])).status, 200);
  assert.equal((await call('GET', detailUrl())).status, 200);
  const posted = await call('POST', '/editor/api/takedowns', {
    productId: String(p),
    commentId: String(c),
    reason: '用户投诉：图片侵权',
  });
  assert.equal(posted.status, 201);
  assert.equal(posted.json.reason, '用户投诉：图片侵权');
  // The very next request: the check is in memory, nothing waits for a build.
  for (const url of pageUrls()) {
    const r = await call('GET', url);
    assert.equal(r.status, 410, url);
    assert.match(r.text, /该晒单已下架/, url);
    assert.match(r.text, /<meta name="robots" content="noindex">/, url);
    assert.ok(!r.text.includes('review text'), url);
    assert.equal(r.headers.get('cache-control'), 'no-store', url);
    assert.equal(r.headers.get('x-robots-tag'), 'noindex', url);
    assert.equal((await fetch(server.url + url, { method: 'HEAD' })).status, 410, `HEAD ${url}`);
  }
  const data = await call('GET', dataUrl());
  assertErrorShape(data, 410);
  assert.equal(data.headers.get('cache-control'), 'no-store');
  const detail = await call('GET', detailUrl());
  assertErrorShape(detail, 410);
  assert.equal(detail.json.code, 'GONE');
  // Other reviews are untouched.
  assert.equal((await call('GET', detailUrl(unbuilt))).status, 200);
  assert.equal((await call('GET', `/review/${p}/${unbuilt}/`)).status, 200);
  const list = await call('GET', '/editor/api/takedowns');
  assert.deepEqual(
    list.json.takedowns.map((t: any) => [t.productId, t.commentId]),
    [[String(p), String(c)]],
  );

  const del = await call('DELETE', `/editor/api/takedowns/${p}/${c}`);
  assert.equal(del.status, 204);
  for (const url of pageUrls()) assert.notEqual((await call('GET', url)).status, 410, url);
  assert.equal((await call('GET', dataUrl())).status, 200);
  assert.equal((await call('GET', detailUrl())).status, 200);
  assertErrorShape(await call('DELETE', `/editor/api/takedowns/${p}/${c}`), 404);
});

test('a review without a static page (published after the build) answers 410 too', async () => {
  await call('POST', '/editor/api/takedowns', { productId: String(p), commentId: String(unbuilt), reason: '重复' });
  for (const url of [
    `/review/${p}/${unbuilt}/`,
    `/review/${p}/${unbuilt}`,
    `/review/page-data/${p}/${unbuilt}/page-data.json`,
  ]) {
    assert.equal((await call('GET', url)).status, 410, url);
  }
  assert.equal((await call('GET', detailUrl(unbuilt))).status, 410);
  assert.equal((await call('DELETE', `/editor/api/takedowns/${p}/${unbuilt}`)).status, 204);
  assert.equal((await call('GET', `/review/${p}/${unbuilt}/`)).status, 200);
});

test('a takedown of ids that name no review (swapped, a typo) is 404 in Chinese and takes nothing down; the preview shows what will go', async () => {
  const other = server.app.db.prepare('SELECT id, product_id FROM reviews WHERE product_id != ? LIMIT 1').get(p) as {
    id: number;
    product_id: number;
  };
  for (const [productId, commentId] of [
    [String(c), String(p)], // swapped
    [String(p), String(c) + '9'], // a typo
    [String(other.product_id), String(c)], // another product's review id
    ['abc', String(c)], // not an id the reference server has
  ]) {
    const r = await call('POST', '/editor/api/takedowns', { productId, commentId, reason: '违规' });
    assertErrorShape(r, 404);
    assert.match(r.json.message, /没有找到商品 .+ 的晒单 .+，请核对/);
    assertErrorShape(await call('GET', `/editor/api/reviews/${productId}/${commentId}`), 404);
  }
  assert.deepEqual((await call('GET', '/editor/api/takedowns')).json.takedowns, [], 'nothing taken down');
  assert.equal((await call('GET', `/review/${p}/${c}/`)).status, 200, 'the real review stays online');

  const preview = await call('GET', `/editor/api/reviews/${p}/${c}`);
  assert.equal(preview.status, 200);
  const row = server.app.db.prepare('SELECT content FROM reviews WHERE id = ?').get(c) as { content: string };
  assert.deepEqual(Object.keys(preview.json).sort(), [
    'commentId',
    'picture',
    'productId',
    'productName',
    'takenDown',
    'text',
    'url',
  ]);
  assert.equal(preview.json.text, row.content.slice(0, 300));
  assert.equal(preview.json.url, `/review/${p}/${c}/`);
  assert.ok(preview.json.productName, 'the product is named');
  assert.match(preview.json.picture, /^\/media\//);
  assert.equal(preview.json.takenDown, false);
  assertErrorShape(await call('GET', `/editor/api/reviews/${p}/${c}`, undefined, {}), 401);
});

// (Fastify's ajv turns a number id into its string and drops unknown keys, as on every route.)
test('input is bounded: ids of the review URL shape, a reason of 1-500 characters, 4 KB at most', async () => {
  const good = { productId: String(p), commentId: String(c), reason: '违规' };
  for (const body of [
    {},
    { ...good, reason: '' },
    { ...good, reason: '长'.repeat(501) },
    { ...good, productId: '../1' },
    { ...good, commentId: 'x'.repeat(65) },
    { ...good, productId: [] },
    { ...good, reason: { a: 1 } },
    { productId: String(p), commentId: String(c) },
    '[]',
    'null',
  ])
    assertErrorShape(await call('POST', '/editor/api/takedowns', body), 400);
  assertErrorShape(
    await call('POST', '/editor/api/takedowns', JSON.stringify({ ...good, reason: 'x'.repeat(5000) })),
    413,
  );
  assertErrorShape(await call('DELETE', `/editor/api/takedowns/${p}/${'x'.repeat(65)}`), 400);
  assert.equal((await call('POST', '/editor/api/takedowns', { ...good, reason: '长'.repeat(500) })).status, 201);
  assert.equal((await call('DELETE', `/editor/api/takedowns/${p}/${c}`)).status, 204);
});

describe('across a restart', () => {
  test('the takedowns are in the database: still 410 after a restart, and the token is never logged', async () => {
    await call('POST', '/editor/api/takedowns', { productId: String(p), commentId: String(c), reason: '侵权' });
    await server.close();
    server = await start();
    assert.equal((await call('GET', pageUrls()[0])).status, 410);
    assert.equal((await call('GET', detailUrl())).status, 410);
    assert.equal((await call('GET', '/editor/api/takedowns')).json.takedowns.length, 1);
    assert.ok(logs.length > 0, 'requests were logged');
    assert.ok(!logs.join('').includes(TOKEN), 'the token is in the log');
  });
});

describe('failed attempts and an unset token', () => {
  test('a client that keeps failing gets 429 with Retry-After, even with the right token then', async () => {
    for (let i = 0; i < 10; i++)
      assertErrorShape(
        await call('GET', '/editor/api/takedowns', undefined, { authorization: `Bearer guess${i}` }),
        401,
      );
    const limited = await call('GET', '/editor/api/takedowns');
    assertErrorShape(limited, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });

  test('without a configured token nothing is authorised', async () => {
    await server.close();
    server = await start({ token: undefined });
    assertErrorShape(await call('GET', '/editor/api/takedowns', undefined, { authorization: 'Bearer ' }), 401);
    assertErrorShape(await call('GET', '/editor/api/takedowns', undefined, { authorization: 'Bearer undefined' }), 401);
  });
});
