// Every route validates its input (400), unknown ids are 404, unknown paths under /api are a
// JSON 404, and no bad input produces a 500 — always with the contract's error shape.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError, startTestServer, type TestServer } from './helper';

describe('errors', () => {
  let s: TestServer;
  let pid: number;
  let cid: number;
  before(async () => {
    s = await startTestServer({ reviews: 60 });
    ({ pid, cid } = s.app.db.prepare('SELECT product_id AS pid, id AS cid FROM reviews LIMIT 1').get() as {
      pid: number;
      cid: number;
    });
  });
  after(async () => {
    await s.close();
  });

  test('bad path ids are 400 on every route with an id', async () => {
    const routes = [
      (x: string) => ['GET', `/api/v1/products/${x}`],
      (x: string) => ['GET', `/api/v1/products/${x}/related`],
      (x: string) => ['GET', `/api/v2/products/${x}/similar/context/PRODUCT_DETAILS`],
      (x: string) => ['GET', `/api/v1/sizecharts/products/${x}`],
      (x: string) => ['GET', `/api/v1/translate/product/${x}`],
      (x: string) => ['GET', `/api/v1/merchants/${x}/domesticshipping`],
      (x: string) => ['GET', `/api/v1/product-comment/products/${x}/comments`],
      (x: string) => ['GET', `/api/v1/product-comment/products/${pid}/comments/${x}/replies`],
      (x: string) => ['POST', `/api/v1/product-comment/products/${x}/comments/${cid}/likes`],
      (x: string) => ['DELETE', `/api/v1/product-comment/products/${pid}/comments/${x}/likes`],
    ];
    for (const r of routes) {
      for (const bad of ['abc', '0', '-1', '1e3', '0x10', '012', '12abc', '3.5', '%20', '9999999999999']) {
        const [method, path] = r(bad);
        assertError(await s.req(method, path), 400);
      }
    }
  });

  test('unknown ids are 404 on every route with an id', async () => {
    for (const path of [
      '/api/v1/products/1',
      '/api/v1/products/1/related',
      '/api/v2/products/1/similar/context/PRODUCT_DETAILS',
      '/api/v1/sizecharts/products/1',
      '/api/v1/translate/product/1',
      '/api/v1/merchants/999/domesticshipping',
      '/api/v1/product-comment/products/1/comments',
      `/api/v1/product-comment/products/${pid}/comments?commentId=1`,
      `/api/v1/product-comment/products/${pid}/comments/1/replies`,
      '/api/v2/product_comment/haul?category=nope',
    ]) {
      assertError(await s.get(path), 404);
    }
  });

  test('unknown API paths and methods: JSON 404', async () => {
    assertError(await s.get('/api/v9/whatever'), 404);
    assertError(await s.req('PUT', '/api/v2/productcategories'), 404);
    assertError(await s.req('POST', '/api/v2/product_comment/haul'), 404);
    assertError(await s.get('/api/v2/products/1/similar/context/OTHER'), 404);
  });

  test('a fuzz of query strings never answers 500', async () => {
    const paths = [
      '/api/v2/product_comment/haul',
      `/api/v1/product-comment/products/${pid}/comments`,
      '/api/v2/discover',
      '/api/v1/brands',
      '/api/v1/content/articles/search',
      `/api/v1/products/${pid}`,
      `/api/v1/product-comment/products/${pid}/comments/${cid}/replies`,
    ];
    const queries = [
      'f=%FF',
      'f[]=1',
      'f[a]=1',
      't=1e400',
      'size=NaN',
      'delimiter=%00',
      'category=%E4',
      'pr=1-2-3',
      'tags=' + 'x,'.repeat(150),
      'commentId=' + '9'.repeat(30),
      's=' + 'a'.repeat(5000),
      'withbanner=1',
      'np=',
      'cids=' + 'a,'.repeat(60) + 'a',
      '__proto__=1',
      'constructor=x',
    ];
    for (const p of paths) {
      for (const q of queries) {
        const res = await s.get(`${p}?${q}`);
        assert.ok(res.status < 500, `${p}?${q.slice(0, 40)} -> ${res.status}`);
        if (res.status >= 400) assertError(res, res.status);
      }
    }
  });

  test('bodies: bad JSON, wrong types, prototype keys, oversized', async () => {
    assertError(
      await s.req('POST', '/api/v2/signin/sms', { raw: '{', headers: { 'content-type': 'application/json' } }),
      400,
    );
    assertError(await s.req('POST', '/api/v2/signin/sms', { body: { phone: { n: 13812345678 } } }), 400, 'phone');
    assertError(await s.req('POST', '/api/v2/signin/sms', { body: [1, 2] }), 400);
    assertError(
      await s.req('POST', '/api/v2/signin/sms', {
        raw: '{"__proto__":{"x":1},"phone":"1"}',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    assertError(
      await s.req('POST', '/api/v3/discover', {
        raw: JSON.stringify({ q: 'x'.repeat(100_000) }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
    );
    assertError(
      await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone: '13812345678', code: 123456 } }),
      400,
    );
  });

  test('API answers are not cached; errors carry a code', async () => {
    const ok = await s.get('/api/v2/productcategories');
    assert.equal(ok.headers.get('cache-control'), 'no-store');
    const bad = await s.get('/api/v1/products/x');
    assert.equal(bad.body.code, 'BAD_REQUEST');
    assert.equal(bad.body.statusCode, 400);
  });
});
