// Optional endpoints (contract "What a build may assume"): a failing or missing one is
// skipped and reported, never fails the build. In memory, then through the real client
// against a real HTTP server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeSkipped, fetchExtras, type ExtrasSourceApi } from '../../../gatsby/sourcing/fetch-extras';
import { extrasSourceApi } from '../../../gatsby/sourcing/extras-api';
import { createStorefrontClient } from '../../../src/storefront/client';
import { StorefrontError, NetworkError } from '../../../src/storefront/errors';
import { startRecordingServer } from '../../helpers/recording-server';

const notFound = () => Promise.reject(new StorefrontError(404, { messages: ['接口不存在'] }, 'GET', '/x'));

function api(over: Partial<ExtrasSourceApi> = {}): ExtrasSourceApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    product: async (id) => {
      calls.push(`product ${id}`);
      return { id, nameCN: `商品${id}`, cents: 100, exchangeRate: 7 };
    },
    merchants: async () => {
      calls.push('merchants');
      return { merchants: [{ id: 1, name: 'Shop', nameCN: '商店' }, { id: 2 } as never] };
    },
    articles: async (n) => {
      calls.push(`articles ${n}`);
      return { articles: [{ id: 701, title: '攻略' }] };
    },
    categoryProducts: async (id) => {
      calls.push(`discover ${id}`);
      return { products: [{ id: `${id}-1` }] };
    },
    categoryReviews: async (id, size) => {
      calls.push(`haul ${id} ${size}`);
      return { waterFall: { waterDrops: [{ commentId: `c${id}`, productId: '1' }], delimiter: null } };
    },
    haulCursor: async (size) => {
      calls.push(`cursor ${size}`);
      return { waterFall: { waterDrops: [], delimiter: 'NEXT' } };
    },
    ...over,
  };
}

test('sources everything when every optional endpoint answers', async () => {
  const a = api();
  const x = await fetchExtras(a, { productIds: ['1', '2'], categoryIds: ['8', '80'] });
  assert.deepEqual([...x.products.keys()].sort(), ['1', '2']);
  assert.deepEqual(
    x.merchants.map((m) => m.name),
    ['商店'],
  );
  assert.deepEqual(
    x.articles.map((m) => m.title),
    ['攻略'],
  );
  assert.deepEqual(
    x.categories.get('80')!.products.map((p) => p.id),
    ['80-1'],
  );
  assert.deepEqual(
    x.categories.get('8')!.reviews.map((r) => r.commentId),
    ['c8'],
  );
  assert.equal(x.haulCursor, 'NEXT');
  assert.deepEqual(x.skipped, []);
  assert.ok(a.calls.includes('haul 8 10') && a.calls.includes('articles 20') && a.calls.includes('cursor 20'));
});

test('every optional endpoint failing: empty extras, each one reported, nothing thrown', async () => {
  const fail = () => Promise.reject(new NetworkError('GET', '/x', new Error('ECONNRESET')));
  const x = await fetchExtras(
    api({
      product: notFound,
      merchants: fail,
      articles: notFound,
      categoryProducts: fail,
      categoryReviews: notFound,
      haulCursor: fail,
    }),
    { productIds: ['1'], categoryIds: ['8'] },
  );
  assert.equal(x.products.size, 0);
  assert.deepEqual([x.merchants, x.articles, x.haulCursor, x.categories.size], [[], [], null, 0]);
  assert.equal(x.skipped.length, 6);
  assert.match(describeSkipped(x.skipped), /GET \/api\/v1\/products\/\{id\}: 1 call\(s\) failed; first error: .*404/);
});

test('a missing endpoint is given up after `breakAfter` failures; single failures are not', async () => {
  const a = api({
    product: (id) => {
      a.calls.push(`product ${id}`);
      return notFound();
    },
  });
  const ids = Array.from({ length: 100 }, (_, i) => String(i));
  const x = await fetchExtras(a, { productIds: ids, categoryIds: [], breakAfter: 5, concurrency: 1 });
  assert.equal(a.calls.filter((c) => c.startsWith('product')).length, 5);
  assert.deepEqual(
    x.skipped.map((s) => [s.endpoint, s.failed, s.notTried]),
    [['GET /api/v1/products/{id}', 5, 95]],
  );

  // An endpoint that answered once is never given up: a vanished product is one skip.
  const b = api({
    product: async (id) => {
      if (id !== '0') return notFound();
      return { id };
    },
  });
  const y = await fetchExtras(b, { productIds: ids, categoryIds: [], breakAfter: 5, concurrency: 1 });
  assert.deepEqual([...y.products.keys()], ['0']);
  assert.deepEqual(
    y.skipped.map((s) => [s.failed, s.notTried]),
    [[99, 0]],
  );
});

test('malformed answers are skipped and reported: wrong product id, missing lists', async () => {
  const x = await fetchExtras(
    api({
      product: async (id) => ({ id: id === '1' ? '999' : id }),
      merchants: async () => ({}) as never,
      articles: async () => ({ articles: 'x' }) as never,
    }),
    { productIds: ['1', '2'], categoryIds: [] },
  );
  assert.deepEqual([...x.products.keys()], ['2']);
  assert.deepEqual(x.skipped.map((s) => s.endpoint).sort(), [
    'GET /api/v1/content/articles/search',
    'GET /api/v1/products/{id}',
    'GET /api/v2/merchants',
  ]);
});

test('through the storefront client: the real query parameters, 404 and 500 skipped', async () => {
  const server = await startRecordingServer((req) => {
    if (req.path === '/api/v2/merchants') return { status: 404, body: { message: 'Not Found' } };
    if (req.path === '/api/v1/content/articles/search') return { status: 500, body: { messages: ['内部错误'] } };
    if (req.path.startsWith('/api/v1/products/'))
      return { body: { id: Number(req.path.split('/').pop()), nameCN: '商品', images: [] } };
    if (req.path === '/api/v2/discover') return { body: { products: [{ id: 5 }], total: 1 } };
    if (req.path === '/api/v2/product_comment/haul')
      return { body: { waterFall: { waterDrops: [], delimiter: null } } };
    return { status: 404, body: {} };
  });
  try {
    const client = createStorefrontClient({
      mode: 'build',
      baseURL: server.url,
      retries: 1,
      retryDelayMs: 1,
      maxRetryDelayMs: 2,
    });
    const x = await fetchExtras(extrasSourceApi(client), { productIds: ['100001'], categoryIds: ['8'] });
    assert.deepEqual([...x.products.keys()], ['100001']);
    assert.deepEqual(
      x.categories.get('8')!.products.map((p) => p.id),
      ['5'],
    );
    // Issue 45: the facts calls this server lacks (404) are skipped and reported; the product
    // keeps its page, its facts without those parts.
    assert.deepEqual(x.skipped.map((s) => s.endpoint).sort(), [
      'GET /api/v1/content/articles/search',
      'GET /api/v1/sizecharts/products/{id}',
      'GET /api/v1/translate/product/{id}',
      'GET /api/v2/merchants',
    ]);
    const facts = x.products.get('100001')!.facts!;
    assert.deepEqual([facts.sizeChart, facts.original, facts.domestic], [undefined, undefined, undefined]);
    const product = server.requests.find((r) => r.path === '/api/v1/products/100001')!;
    assert.deepEqual([product.query.promo, product.query.groupBuy], ['true', 'true']);
    assert.match(x.skipped.find((s) => s.endpoint.includes('articles'))!.reason, /内部错误|500/);
    const discover = server.requests.find((r) => r.path === '/api/v2/discover')!;
    assert.deepEqual(
      [discover.query.cids, discover.query.f, discover.query.t, discover.query.pr],
      ['8', '0', '15', '-'],
    );
    const haul = server.requests.filter((r) => r.path === '/api/v2/product_comment/haul');
    assert.ok(haul.some((r) => r.query.category === '8' && r.query.size === '10' && r.query.delimiter === '0'));
    assert.ok(haul.some((r) => r.query.category === '0' && r.query.size === '20'));
    // The 500 was retried (GET), the 404 was not.
    assert.equal(server.requests.filter((r) => r.path === '/api/v1/content/articles/search').length, 2);
    assert.equal(server.requests.filter((r) => r.path === '/api/v2/merchants').length, 1);
  } finally {
    await server.close();
  }
});
