// The search page's inline script (issue 43, src/search/early-script.ts), run in a VM with a fake
// page: it asks exactly what use-search asks for the URL's state (the same URLs, body and session
// headers as the client), nothing for a URL without a query, and loads only the pictures the
// first result cards will show (the same URLs and srcset as the cards), never one that is not
// http(s) or root-relative; a failed answer rejects (use-search then asks itself). The CSP knows
// the script by its id and body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {
  EARLY_FIRST_PICTURES,
  EARLY_PRODUCT_PICTURES,
  EARLY_REVIEW_PICTURES,
  EARLY_SEARCH_ID,
  earlySearchScript,
} from '../../../src/search/early-script';
import { EARLY_SEARCH_SLOT, earlyAnswer, type EarlySearch } from '../../../src/search/early';
import { firstSearchRequests } from '../../../src/hooks/use-search';
import { readSearchParams } from '../../../src/search/query';
import { toProductCard } from '../../../src/listing/view';
import { srcSetOf } from '../../../src/common/media-variants';
import { pathId } from '../../../src/common/coerce';
import { safeUrl } from '../../../src/common/safe-url';
import { GRID_CARD_SIZES } from '../../../src/components/listing/card-sizes';
import { CLIENT_NAME, CLIENT_VERSION } from '../../../src/storefront/request-url';
import { createSession } from '../../../src/storefront/session';
import { createStore, STORAGE_PREFIX, type StorageLike } from '../../../src/storefront/storage';
import { inlineScripts } from '../../../src/site-inline-scripts';
import { inlineScriptHashes } from '../../../publish/site-policy';

const ORIGIN = 'http://127.0.0.1:8000';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}
interface Picture {
  src: string;
  srcset: string;
  sizes: string;
  priority: string;
}

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/** Runs the script on a fake page at `search`; the API answers with `answers` (by path). */
async function run(
  search: string,
  answers: Record<string, { status: number; json: unknown }> = {},
  opts: { storage?: ReturnType<typeof memoryStorage>; api?: string } = {},
) {
  const calls: Call[] = [];
  const pictures: Picture[] = [];
  const storage = opts.storage ?? memoryStorage();
  class FakeImage {
    sizes = '';
    srcset = '';
    fetchPriority = 'auto';
    set src(v: string) {
      pictures.push({ src: v, srcset: this.srcset, sizes: this.sizes, priority: this.fetchPriority });
    }
  }
  const settled: Array<Promise<unknown>> = [];
  const context: Record<string, unknown> = {
    location: { search, origin: ORIGIN },
    document: { currentScript: { getAttribute: (n: string) => (n === 'data-api' ? (opts.api ?? null) : null) } },
    localStorage: storage,
    crypto: { randomUUID: () => 'a0b1c2d3-0000-4000-8000-000000000001' },
    URL,
    URLSearchParams,
    AbortController,
    setTimeout,
    clearTimeout,
    // The first frame, at once: the pictures are asked for in a task after it.
    requestAnimationFrame: (f: () => void) => f(),
    Image: FakeImage,
    fetch: (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
      calls.push({ url, method: init.method, headers: init.headers, body: init.body ?? null });
      const a = answers[new URL(url).pathname] ?? { status: 500, json: {} };
      const r = Promise.resolve({ ok: a.status >= 200 && a.status < 300, status: a.status, json: async () => a.json });
      settled.push(r);
      return r;
    },
  };
  context.window = context;
  vm.runInNewContext(earlySearchScript(), context);
  const early = context[EARLY_SEARCH_SLOT] as EarlySearch | undefined;
  // Let the answers' handlers run, then the task after the first frame that loads the pictures.
  if (early) await Promise.allSettled([early.reviews?.answer, early.products?.answer]);
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, 0));
  return { calls, pictures, early, storage };
}

const SEARCHES = [
  '?q=%E6%AD%A3%E5%93%81',
  '?q=%E9%9D%A2%E9%9C%9C&sort=likes&media=1&score=4&page=3',
  '?q=x&sort=rank%3B&score=9&page=-2&media=yes',
  '?q=++a+b++&page=100000&score=2.5',
  `?q=${encodeURIComponent('长'.repeat(80))}`,
  `?q=${encodeURIComponent('😀'.repeat(60))}&sort=posted_at`,
  '?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E&score=1',
  '?q=a%26t%3D999&f=20',
];

test('the script asks exactly what use-search asks for the URL (URLs, body, the session headers)', async () => {
  for (const search of SEARCHES) {
    const storage = memoryStorage();
    const { calls, early } = await run(search, {}, { storage });
    const want = firstSearchRequests(readSearchParams(search), ORIGIN);
    assert.ok(early, search);
    assert.deepEqual(
      calls.map((c) => [c.method, c.url, c.body]),
      [
        ['POST', want.products.url, want.products.body],
        ['GET', want.reviews.url, null],
      ],
      search,
    );
    assert.ok(earlyAnswer(early.reviews, want.reviews.url, null), search);
    assert.ok(earlyAnswer(early.products, want.products.url, want.products.body), search);
    // The identity the client would send: the same stored session.
    const who = createSession(createStore(storage)).identity();
    for (const c of calls) {
      assert.equal(c.headers['X-Session-User'], who.user);
      assert.equal(c.headers['X-Session-Key'], who.key);
      assert.equal(c.headers['X-Client-Agent'], `${CLIENT_NAME}/${CLIENT_VERSION} (web)`);
      assert.equal(c.headers.Accept, 'application/json');
      assert.equal(c.headers['Content-Type'], c.method === 'POST' ? 'application/json' : undefined);
    }
  }
});

test('a guest gets the guest id the session would create, a signed-in shopper their own headers', async () => {
  const guest = memoryStorage();
  const { calls } = await run('?q=a', {}, { storage: guest });
  assert.equal(calls[0].headers['X-Session-User'], 'a0b1c2d3-0000-4000-8000-000000000001');
  assert.equal(guest.map.get(`${STORAGE_PREFIX}guestId`), JSON.stringify('a0b1c2d3-0000-4000-8000-000000000001'));
  assert.equal(createSession(createStore(guest)).guestId(), 'a0b1c2d3-0000-4000-8000-000000000001');
  const user = memoryStorage();
  createSession(createStore(user)).signIn({ userId: '42', userKey: 'k-42' });
  const signed = await run('?q=a', {}, { storage: user });
  assert.deepEqual(
    [signed.calls[0].headers['X-Session-User'], signed.calls[0].headers['X-Session-Key']],
    ['42', 'k-42'],
  );
});

test('no query, no request; the API origin of data-api is used as the client uses it', async () => {
  for (const search of ['', '?q=', '?q=+++', '?sort=likes']) assert.deepEqual((await run(search)).calls, [], search);
  const api = 'https://api.example.com/';
  const { calls } = await run('?q=a', {}, { api });
  const want = firstSearchRequests(readSearchParams('?q=a'), api);
  assert.deepEqual(
    calls.map((c) => c.url),
    [want.products.url, want.reviews.url],
  );
  assert.deepEqual((await run('?q=a', {}, { api: 'javascript:alert(1)' })).calls, []);
});

const product = (id: unknown, thumb: unknown) => ({ id, images: [{ thumbnail: thumb, full: { url: '/x/full.jpg' } }] });

test('the pictures loaded are those of the first product cards, as the cards show them', async () => {
  const products = [
    product('p1', { url: '/media/product/p1/240x240.jpg', width: 240, height: 240 }),
    product('bad id!', { url: '/media/product/p9/240x240.jpg' }),
    product(7, 'https://cdn.example.com/media/product/p7/800x800.webp'),
    { id: 'p2', images: ['/media/product/p2/240x240.jpg', { thumbnail: { url: 'javascript:alert(1)' } }] },
    product('p3', { url: ' HTTPS://CDN.example.com/a b.jpg ' }),
    product('p4', { url: 'data:image/png;base64,AAAA' }),
    product('p5', { url: '/media/product/p5/240x240.jpg' }),
  ];
  const { pictures } = await run('?q=a', {
    '/api/v3/discover': { status: 200, json: { products, total: products.length } },
    '/api/v1/product-comment/search': { status: 200, json: { comments: [], total: 0 } },
  });
  const cards = products
    .map(toProductCard)
    .filter((p) => p !== null)
    .slice(0, EARLY_PRODUCT_PICTURES);
  const want = cards
    .flatMap((c) =>
      c.image
        ? [
            {
              src: c.image.url,
              srcset: srcSetOf(c.image.url) ?? '',
              sizes: srcSetOf(c.image.url) ? GRID_CARD_SIZES : '',
            },
          ]
        : [],
    )
    .map((p, i) => ({ ...p, priority: i < EARLY_FIRST_PICTURES ? 'high' : 'auto' }));
  assert.deepEqual(pictures, want);
  assert.ok(pictures.some((p) => p.srcset.includes('800w')));
  for (const p of pictures) assert.match(p.src, /^(\/[^/\\]|https?:\/\/)/);
});

test("without product cards, the first reviews' pictures (safe URLs only); nothing from a failed answer", async () => {
  const comments = [
    { productId: 'p1', commentId: 'c1', image: '/media/picture/a/720x960.jpg' },
    { productId: 'p1', commentId: 'c2', image: 'javascript:alert(1)' },
    { productId: 'p1', commentId: 'c3', image: '//evil.example.com/x.jpg' },
    { productId: 'p 1', commentId: 'c4', image: '/x/4.jpg' },
    { productId: 'p1', commentId: 'c5', image: 'https://cdn.example.com/5.jpg' },
    { productId: 'p1', commentId: 'c6', image: '/x/6.jpg' },
    { productId: 'p1', commentId: 'c7', image: '/x/7.jpg' },
  ];
  const { pictures, early } = await run('?q=a', {
    '/api/v3/discover': { status: 200, json: { products: [], total: 0 } },
    '/api/v1/product-comment/search': { status: 200, json: { comments, total: 7 } },
  });
  const shown = comments.filter((c) => pathId(c.productId) && pathId(c.commentId)).slice(0, EARLY_REVIEW_PICTURES);
  assert.deepEqual(
    pictures.map((p) => p.src),
    shown.map((c) => c.image).filter((u) => /^\/|^https?:\/\//i.test(u) && safeUrl(u)),
  );
  assert.deepEqual(await early!.reviews!.answer, { comments, total: 7 });
  // The answers in, the page's render can read them at once (src/hooks/use-search.ts).
  assert.equal(early!.reviews!.ok, true);
  assert.deepEqual(early!.reviews!.value, { comments, total: 7 });

  const failed = await run('?q=a', { '/api/v1/product-comment/search': { status: 503, json: {} } });
  assert.deepEqual(failed.pictures, []);
  await assert.rejects(failed.early!.reviews!.answer as Promise<unknown>);
  await assert.rejects(failed.early!.products!.answer as Promise<unknown>);
  assert.equal(failed.early!.reviews!.ok, undefined);
});

test('the CSP knows the script by its id and exact body; it is inert text inside <script>', () => {
  const s = earlySearchScript();
  assert.ok(!/<\/script/i.test(s) && !s.includes('<!--'));
  const html = `<head><script id="${EARLY_SEARCH_ID}" data-api="https://api.example.com">${s}</script></head>`;
  assert.deepEqual(
    inlineScripts(html).map((x) => [x.id, x.known]),
    [[EARLY_SEARCH_ID, true]],
  );
  assert.equal(inlineScriptHashes(html).length, 1);
  const tampered = `<head><script id="${EARLY_SEARCH_ID}">${s.replace('fetch(', 'alert(1),fetch(')}</script></head>`;
  assert.deepEqual(inlineScriptHashes(tampered), []);
});
