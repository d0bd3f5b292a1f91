// Transport rules of client.ts against real HTTP servers on loopback: session headers,
// error text order, 401 in the browser versus the build, retries only on idempotent calls,
// timeouts, and session headers never reaching another origin.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createStorefrontClient, type StorefrontClientOptions } from '../../../src/storefront/client';
import { ForeignOriginError, NetworkError, StorefrontError, TimeoutError } from '../../../src/storefront/errors';
import { createSession } from '../../../src/storefront/session';
import { memoryStore } from '../../../src/storefront/storage';
import { likeComment } from '../../../src/storefront/comments';
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server';
import { until } from '../../helpers/deadline';

let api: RecordingServer;
let other: RecordingServer;
before(async () => {
  api = await startRecordingServer();
  other = await startRecordingServer();
});
after(async () => {
  await api.close();
  await other.close();
});
beforeEach(() => {
  api.reset();
  other.reset();
});

const noNavigate = () => assert.fail('navigate must not be called');
const browser = (o: Partial<StorefrontClientOptions> = {}) =>
  createStorefrontClient({
    mode: 'browser',
    baseURL: api.url,
    session: { key: '', user: 'g' },
    navigate: noNavigate,
    location: () => '/review/',
    ...o,
  });
const build = (o: Partial<StorefrontClientOptions> = {}) =>
  createStorefrontClient({ mode: 'build', baseURL: api.url, retryDelayMs: 5, navigate: noNavigate, ...o });

describe('session headers', () => {
  test('a guest sends its guest id and an empty key; after sign-in the user id and key', async () => {
    const session = createSession(memoryStore());
    const c = browser({ session });
    await c.get('/api/v1/appconfig');
    const guest = api.requests[0].headers;
    assert.equal(guest['x-session-key'], '');
    assert.equal(guest['x-session-user'], session.guestId());
    assert.match(String(guest['x-session-user']), /^[0-9a-f-]{36}$/);

    session.signIn({ userId: 77, userKey: 'secret-key' });
    await c.get('/api/v1/appconfig');
    assert.equal(api.requests[1].headers['x-session-key'], 'secret-key');
    assert.equal(api.requests[1].headers['x-session-user'], '77');

    session.signOut();
    await c.get('/api/v1/appconfig');
    assert.equal(api.requests[2].headers['x-session-key'], '');
    assert.equal(api.requests[2].headers['x-session-user'], session.guestId());
  });

  test('the build sends X-Session-User: build and the default client agent', async () => {
    await build().get('/api/v2/productcategories');
    const h = api.requests[0].headers;
    assert.equal(h['x-session-user'], 'build');
    assert.equal(h['x-session-key'], '');
    assert.match(String(h['x-client-agent']), /^[\w.-]+\/[\w.-]+ \(web\)$/);
  });

  test('a build client without a base URL names STOREFRONT_API_URL', () => {
    const saved = process.env.STOREFRONT_API_URL;
    delete process.env.STOREFRONT_API_URL;
    try {
      assert.throws(() => createStorefrontClient({ mode: 'build' }), /STOREFRONT_API_URL/);
      process.env.STOREFRONT_API_URL = api.url;
      assert.equal(createStorefrontClient({ mode: 'build' }).origin, api.origin);
    } finally {
      if (saved === undefined) delete process.env.STOREFRONT_API_URL;
      else process.env.STOREFRONT_API_URL = saved;
    }
  });

  test('the browser takes GATSBY_STOREFRONT_API_URL when it was set at build time, else the page origin', () => {
    const saved = process.env.GATSBY_STOREFRONT_API_URL;
    try {
      process.env.GATSBY_STOREFRONT_API_URL = 'https://api.example-haitao.cn';
      assert.equal(createStorefrontClient({ mode: 'browser' }).origin, 'https://api.example-haitao.cn');
      delete process.env.GATSBY_STOREFRONT_API_URL;
      assert.throws(() => createStorefrontClient({ mode: 'browser' }), /GATSBY_STOREFRONT_API_URL/, 'no page, no URL');
      (globalThis as { location?: unknown }).location = { origin: 'http://127.0.0.1:9999' };
      assert.equal(createStorefrontClient({ mode: 'browser' }).baseURL, 'http://127.0.0.1:9999');
    } finally {
      delete (globalThis as { location?: unknown }).location;
      if (saved === undefined) delete process.env.GATSBY_STOREFRONT_API_URL;
      else process.env.GATSBY_STOREFRONT_API_URL = saved;
    }
  });

  test('a base URL with a path prefix keeps it', async () => {
    await browser({ baseURL: `${api.url}/proxy/` }).get('/api/v1/appconfig');
    assert.equal(api.requests[0].path, '/proxy/api/v1/appconfig');
  });
});

describe('error text (spec section 8 order)', () => {
  const cases: Array<[string, number, unknown, string]> = [
    [
      'messages[0] first',
      400,
      { messages: ['手机号格式不正确', 'b'], errors: ['e'], message: 'm' },
      '手机号格式不正确',
    ],
    ['then errors[0]', 422, { errors: ['验证码错误'], message: 'm' }, '验证码错误'],
    ['then message', 404, { message: '评价不存在' }, '评价不存在'],
    ['empty entries are skipped', 400, { messages: [], errors: [''], message: '参数错误' }, '参数错误'],
    ['Chinese fallback with the status', 500, {}, '请求失败（HTTP 500）'],
    ['non-JSON body falls back too', 502, '<html>Bad Gateway</html>', '请求失败（HTTP 502）'],
  ];
  for (const [name, status, body, text] of cases) {
    test(name, async () => {
      api.queue.push({ status, body });
      const err = await browser()
        .get('/api/v1/products/1', { params: { x: 1 } })
        .then(
          () => assert.fail('should reject'),
          (e: unknown) => e,
        );
      assert.ok(err instanceof StorefrontError);
      assert.equal(err.status, status);
      assert.equal(err.text, text);
      assert.deepEqual(err.body, body);
      assert.equal(err.method, 'GET');
      assert.equal(err.url, `${api.url}/api/v1/products/1?x=1`);
    });
  }
});

describe('401', () => {
  test('in the browser: goes to /review/login/ with the current page as returnTo, and rejects', async () => {
    const went: string[] = [];
    const c = browser({ navigate: (u) => went.push(u), location: () => '/review/p1/c1/?from=share#top' });
    api.queue.push({ status: 401, body: { message: '请先登录' } });
    await assert.rejects(
      likeComment(c, 'p1', 'c1'),
      (e: unknown) => e instanceof StorefrontError && e.status === 401 && e.text === '请先登录',
    );
    assert.deepEqual(went, [`/review/login/?returnTo=${encodeURIComponent('/review/p1/c1/?from=share#top')}`]);

    // Several 401s of one page redirect once.
    api.queue.push({ status: 401, body: {} });
    await assert.rejects(c.get('/api/v1/appconfig'));
    assert.equal(went.length, 1);
  });

  test('in the browser after client-side navigation: a 401 on another page redirects again', async () => {
    const went: string[] = [];
    let here = '/review/p1/c1/';
    const c = browser({ navigate: (u) => went.push(u), location: () => here });
    api.respond(() => ({ status: 401, body: {} }));
    await assert.rejects(c.get('/api/v1/appconfig'));
    here = '/review/haul/';
    await assert.rejects(c.get('/api/v1/appconfig'));
    assert.deepEqual(went, [
      '/review/login/?returnTo=%2Freview%2Fp1%2Fc1%2F',
      '/review/login/?returnTo=%2Freview%2Fhaul%2F',
    ]);
  });

  test('in the browser on the login page itself: no redirect loop', async () => {
    const went: string[] = [];
    api.queue.push({ status: 401, body: {} });
    const c = browser({ navigate: (u) => went.push(u), location: () => '/review/login/?returnTo=%2Freview%2F' });
    await assert.rejects(c.get('/api/v1/appconfig'), StorefrontError);
    assert.deepEqual(went, []);
  });

  test('in the build: just an error, never a redirect and never retried', async () => {
    api.queue.push({ status: 401, body: { messages: ['未登录'] } });
    await assert.rejects(
      build().get('/api/v2/productcategories'),
      (e: unknown) => e instanceof StorefrontError && e.status === 401 && e.text === '未登录',
    );
    assert.equal(api.requests.length, 1);
  });
});

describe('retries (build mode only, idempotent calls only)', () => {
  test('GET is retried on 5xx and succeeds, counted at the server', async () => {
    api.queue.push({ status: 503, body: {} }, { status: 500, body: {} });
    api.respond(() => ({ body: { categories: [1] } }));
    const retries: number[] = [];
    const data = await build({ onRetry: (r) => retries.push(r.attempt) }).get('/api/v2/productcategories');
    assert.deepEqual(data, { categories: [1] });
    assert.equal(api.requests.length, 3);
    assert.deepEqual(retries, [1, 2]);
  });

  test('GET gives up after the bounded number of retries (default 3 = 4 attempts)', async () => {
    api.respond(() => ({ status: 500, body: { message: '服务器错误' } }));
    await assert.rejects(
      build().get('/api/v2/productcategories'),
      (e: unknown) => e instanceof StorefrontError && e.status === 500,
    );
    assert.equal(api.requests.length, 4);
  });

  test('429 is retried and Retry-After is honoured (capped)', async () => {
    api.queue.push({ status: 429, body: {}, headers: { 'retry-after': '0' } });
    const delays: number[] = [];
    await build({ onRetry: (r) => delays.push(r.delayMs) }).get('/api/v2/merchants');
    assert.equal(api.requests.length, 2);
    assert.ok(delays[0] <= 10);
  });

  test('HEAD and OPTIONS are retried too', async () => {
    for (const method of ['HEAD', 'OPTIONS'] as const) {
      api.reset();
      api.queue.push({ status: 503 });
      await build().request(method, '/api/v1/appconfig');
      assert.equal(api.requests.length, 2, method);
    }
  });

  test('a dropped connection is a NetworkError, retried for GET', async () => {
    api.respond(() => ({ destroy: true }));
    await assert.rejects(build({ retries: 2 }).get('/api/v2/productcategories'), NetworkError);
    assert.equal(api.requests.length, 3);
  });

  test('POST and DELETE are never retried (5xx, 429, dropped connection)', async () => {
    for (const answer of [{ status: 503 }, { status: 429 }, { destroy: true }]) {
      api.reset();
      api.respond(() => answer);
      await assert.rejects(build().post('/api/v2/shoppingcart', { skuId: 's' }));
      await assert.rejects(build().delete('/api/v2/shoppingcart/groups/g/items/s'));
      assert.deepEqual(
        api.requests.map((r) => r.method),
        ['POST', 'DELETE'],
        JSON.stringify(answer),
      );
    }
  });

  test('4xx other than 429 is not retried', async () => {
    api.respond(() => ({ status: 404, body: { message: '不存在' } }));
    await assert.rejects(build().get('/api/v1/products/9'), StorefrontError);
    assert.equal(api.requests.length, 1);
  });

  test('the browser does not retry', async () => {
    api.respond(() => ({ status: 503 }));
    await assert.rejects(browser().get('/api/v1/appconfig'), StorefrontError);
    assert.equal(api.requests.length, 1);
  });

  test('an aborted call is not retried and rejects with the abort', async () => {
    api.respond(() => ({ hang: true }));
    const ctl = new AbortController();
    const p = build().get('/api/v1/appconfig', { signal: ctl.signal });
    // Abort once the server has the request (on a busy machine 50 ms may pass before it is sent).
    await until('the server has the request', () => api.requests.length > 0, { everyMs: 5 });
    ctl.abort();
    await assert.rejects(p, (e: unknown) => (e as Error).name === 'CanceledError');
    assert.equal(api.requests.length, 1);
  });
});

describe('timeouts', () => {
  test('a server that never answers gives a TimeoutError (browser)', async () => {
    api.respond(() => ({ hang: true }));
    const t0 = Date.now();
    const err = await browser({ timeoutMs: 200 })
      .get('/api/v1/appconfig')
      .catch((e: unknown) => e);
    assert.ok(err instanceof TimeoutError, String(err));
    assert.equal(err.timeoutMs, 200);
    assert.equal(err.text, '请求超时，请稍后重试');
    assert.ok(Date.now() - t0 < 2000);
  });

  test('the build retries a timed-out GET, not a timed-out POST', async () => {
    api.respond(() => ({ hang: true }));
    // Counted by path: on a busy machine the previous test's timed-out request may reach the
    // server only now.
    const sent = (p: string) => api.requests.filter((r) => r.path === p).length;
    await assert.rejects(build({ timeoutMs: 100, retries: 2 }).get('/api/v2/productcategories'), TimeoutError);
    assert.equal(sent('/api/v2/productcategories'), 3);
    api.reset();
    api.respond(() => ({ hang: true }));
    await assert.rejects(build({ timeoutMs: 100, retries: 2 }).post('/api/v3/discover', { q: 'x' }), TimeoutError);
    assert.equal(sent('/api/v3/discover'), 1);
  });

  test('defaults: 10 s in the browser, 30 s in the build', async () => {
    const { DEFAULT_TIMEOUT_MS } = await import('../../../src/storefront/request-url');
    assert.deepEqual(DEFAULT_TIMEOUT_MS, { browser: 10_000, build: 30_000 });
  });
});

describe('session headers never leave the API origin', () => {
  test('an absolute URL on another origin is refused before anything is sent', async () => {
    const c = browser({ session: { key: 'k', user: 'u' } });
    for (const url of [`${other.url}/steal`, `//127.0.0.1:${other.port}/steal`, `http://localhost:${api.port}/x`]) {
      await assert.rejects(c.get(url), (e: unknown) => e instanceof ForeignOriginError && e.apiOrigin === api.origin);
      await assert.rejects(c.post(url, { a: 1 }), ForeignOriginError);
    }
    assert.equal(other.requests.length, 0);
    assert.equal(api.requests.length, 0);
  });

  test('an absolute URL on the API origin is fine', async () => {
    await browser({ session: { key: 'k', user: 'u' } }).get(`${api.url}/api/v1/appconfig`);
    assert.equal(api.requests[0].headers['x-session-key'], 'k');
  });

  test('ids that look like URLs stay path segments on the API', async () => {
    const { getProduct } = await import('../../../src/storefront/products');
    await getProduct(browser(), `${other.url}/x`);
    assert.equal(other.requests.length, 0);
    assert.equal(api.requests[0].path, `/api/v1/products/${encodeURIComponent(`${other.url}/x`)}`);
  });

  test('a redirect to another origin drops the session headers (Node transport)', async () => {
    api.queue.push({ status: 302, headers: { location: `${other.url}/landing` } });
    await build({ session: { key: 'k', user: 'u' } }).get('/api/v1/appconfig');
    assert.equal(other.requests.length, 1);
    assert.equal(other.requests[0].headers['x-session-key'], undefined);
    assert.equal(other.requests[0].headers['x-session-user'], undefined);

    // A redirect within the API origin keeps them.
    api.reset();
    api.queue.push({ status: 302, headers: { location: '/api/v1/appconfig2' } });
    await build({ session: { key: 'k', user: 'u' } }).get('/api/v1/appconfig');
    assert.equal(api.requests[1].headers['x-session-user'], 'u');
  });
});
