// The search results page's early requests (issue 43, Lighthouse >= 95; src/search/early-script.ts)
// in real Chromium at 375: a fresh load of /search/?q= asks the API for its results while the HTML
// parses, before the runtime has hydrated (held here), with the client's session headers, and
// loads the pictures of the first result cards then; once hydrated the page shows those answers
// without asking again (one review search, one product search). An early answer that failed, or
// one for another state than the page wants, is not used: the page asks the API itself and shows
// the right results. Every expectation is the reference API's own answer.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page, Request } from 'playwright-core';
import {
  MOBILE,
  PAGE_DATA,
  holdHydration,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  stepper,
  type Site,
  type WatchedPage,
} from './helpers/site';
import { withPrefix } from '../../src/paths';
import { POPULAR_SEARCHES, SEARCH_PRODUCT_COUNT, searchPath, type SearchState } from '../../src/search/query';
import { EARLY_SEARCH_SLOT } from '../../src/search/early';
import { EARLY_PRODUCT_PICTURES, EARLY_REVIEW_PICTURES } from '../../src/search/early-script';

const STEP_MS = 120_000;
const REVIEWS = /\/api\/v1\/product-comment\/search\?/;
const PRODUCTS = /\/api\/v3\/discover$/;

let site: Site;
let browser: Browser;
/** A popular search with products (their cards come first) and more than a page of reviews. */
let q = '';
/** A search with reviews but no product (its reviews come first). */
const NO_PRODUCTS = '正品';

async function api<T>(path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${site.server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.equal(r.status, 200, path);
  return (await r.json()) as T;
}
const reviewIds = async (s: string) =>
  (
    await api<{ comments: Array<{ commentId: string | number }> }>(
      `/api/v1/product-comment/search?q=${encodeURIComponent(s)}&f=0&t=10&sort=relevance`,
    )
  ).comments.map((c) => String(c.commentId));

/** The API calls the page makes, as they are sent. */
function watchApi(page: Page) {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (REVIEWS.test(r.url()) || PRODUCTS.test(r.url())) calls.push(r);
  });
  return {
    reviews: () => calls.filter((r) => REVIEWS.test(r.url())),
    products: () => calls.filter((r) => PRODUCTS.test(r.url())),
  };
}

/** Waits until the page shows the answer for `s`: its state, not loading, a first review. */
async function resultsOf(page: Page, s: Partial<SearchState> & { q: string }) {
  const state = searchPath(s);
  await page.waitForSelector(
    ['done', 'idle'].map((st) => `.srch[data-state="${state}"][data-status="${st}"] .srev`).join(', '),
  );
}

const shownIds = (page: Page) =>
  page.$$eval('.srev__link', (as) => as.map((a) => a.getAttribute('data-comment-id') ?? ''));

async function onPage(label: string, steps: (w: WatchedPage, step: ReturnType<typeof stepper>) => Promise<void>) {
  const w = await newPage(browser, MOBILE, { touch: true });
  try {
    await steps(w, stepper(label));
    return w.problems;
  } finally {
    await w.context.close();
  }
}

describe('search: the early requests (issue 43)', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    for (const candidate of POPULAR_SEARCHES) {
      const p = await api<{ total: number }>('/api/v3/discover', { q: candidate, f: 0, t: 8 });
      if (p.total >= SEARCH_PRODUCT_COUNT && (await reviewIds(candidate)).length > 0) {
        q = candidate;
        break;
      }
    }
    assert.ok(q, 'a popular search with products and reviews');
    const none = await api<{ total: number }>('/api/v3/discover', { q: NO_PRODUCTS, f: 0, t: 8 });
    assert.equal(none.total, 0, `${NO_PRODUCTS}: no product`);
    assert.ok((await reviewIds(NO_PRODUCTS)).length >= 4, `${NO_PRODUCTS}: reviews`);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const which of ['products', 'reviews'] as const) {
    test(`375: a fresh load asks once, before hydration, and shows that answer; the first ${which}' pictures load early`, async () => {
      const query = which === 'products' ? q : NO_PRODUCTS;
      const problems = await onPage(`early ${which}`, async ({ page }, step) => {
        const calls = watchApi(page);
        const pictures: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'image' && /\/media\//.test(r.url())) pictures.push(new URL(r.url()).pathname);
        });
        const hold = await holdHydration(page);
        // Layout shifts from the first paint on (none follows an input here): the results come
        // in after the page has painted, and must not move what the shopper already sees.
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: string[]; cls: number };
          w.cls = 0;
          w.shifts = [];
          new PerformanceObserver((l) =>
            l.getEntries().forEach((e) => {
              const shift = e as unknown as { value: number; sources?: Array<{ node?: Element | null }> };
              w.cls += shift.value;
              for (const src of shift.sources ?? []) w.shifts.push(src.node?.className ?? '?');
            }),
          ).observe({ type: 'layout-shift', buffered: true });
        });
        await step(
          'while hydration is held, the page has asked for its results and their first pictures',
          STEP_MS,
          async () => {
            const asked = page.waitForRequest((r) => PAGE_DATA.test(r.url()));
            await page.goto(site.base + withPrefix(searchPath({ q: query })));
            await asked;
            await page.waitForFunction((slot) => {
              const e = (
                window as unknown as Record<string, { reviews?: { ok?: boolean }; products?: { ok?: boolean } }>
              )[slot];
              return !!e?.reviews?.ok && !!e.products?.ok;
            }, EARLY_SEARCH_SLOT);
            assert.equal(calls.reviews().length, 1);
            assert.equal(calls.products().length, 1);
            assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'not hydrated yet');
            // The client's headers: the stored guest id, no key, the client's agent.
            const guest = await page.evaluate(
              () => JSON.parse(localStorage.getItem('hrv:guestId') ?? 'null') as string,
            );
            assert.match(guest, /^[0-9a-f-]{36}$/);
            for (const r of [...calls.reviews(), ...calls.products()]) {
              const h = await r.allHeaders();
              assert.equal(h['x-session-user'], guest);
              assert.equal(h['x-session-key'], '');
              assert.match(h['x-client-agent'], /^storefront-review-site\/[\d.]+ \(web\)$/);
            }
            assert.equal(calls.products()[0].postDataJSON().q, query);
            assert.equal(new URL(calls.reviews()[0].url()).searchParams.get('q'), query);
            // The first cards' pictures, asked for before React renders a card.
            await page.waitForFunction(
              (n) => performance.getEntriesByType('resource').filter((e) => /\/media\//.test(e.name)).length >= n,
              which === 'products' ? EARLY_PRODUCT_PICTURES : EARLY_REVIEW_PICTURES,
            );
            assert.equal(await page.locator('.srev, .pcard').count(), 0, 'no card rendered yet');
          },
        );
        await step('once hydrated, that answer is shown, and the API is not asked again', STEP_MS, async () => {
          const early = [...pictures];
          await hold.release();
          await resultsOf(page, { q: query });
          await hydrated(page);
          assert.deepEqual(await shownIds(page), await reviewIds(query));
          assert.equal(calls.reviews().length, 1, 'one review search');
          assert.equal(calls.products().length, 1, 'one product search');
          assert.equal(
            await page.evaluate((slot) => slot in window, EARLY_SEARCH_SLOT),
            false,
            'the early answers are taken',
          );
          // The pictures loaded early are those of the first cards shown, each in view at 375 x 812.
          const firstCards = await page.$$eval(which === 'products' ? '.pcard img' : '.srev img', (imgs) =>
            imgs
              .filter((i) => i.getBoundingClientRect().top < innerHeight)
              .map((i) => new URL((i as HTMLImageElement).currentSrc || (i as HTMLImageElement).src).pathname),
          );
          assert.ok(firstCards.length > 0, 'cards with pictures in view');
          for (const p of early) assert.ok(firstCards.includes(p), `${p} is a picture of a card in view`);
          for (const p of firstCards) assert.ok(early.includes(p), `${p}, in view, was loaded early`);
          const moved = await page.evaluate(() => {
            const w = window as unknown as { shifts: string[]; cls: number };
            return { cls: w.cls, shifts: w.shifts };
          });
          assert.ok(moved.cls < 0.01, `layout shift ${moved.cls} (${moved.shifts.join(', ')})`);
        });
        await step('scrolled through the results, nothing the shopper sees moves', STEP_MS, async () => {
          // The cards below the first screen are laid out only as they near it (search.css,
          // content-visibility): each must come in at its place, down to the first page's last one
          // (more pages load on the way: their cards come in below).
          const cards = await page.locator('.srev').count();
          assert.ok(cards >= 5, `${cards} cards: some below the first screen`);
          const last = page.locator('.srev').nth(cards - 1);
          const inView = () => last.evaluate((e) => e.getBoundingClientRect().bottom <= innerHeight);
          for (let i = 0; i < 40 && !(await inView()); i++) {
            await page.mouse.wheel(0, 240);
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          }
          assert.ok(await inView(), 'scrolled to the last card of the first page');
          const moved = await page.evaluate(() => {
            const w = window as unknown as { shifts: string[]; cls: number };
            return { cls: w.cls, shifts: w.shifts };
          });
          assert.ok(moved.cls < 0.01, `layout shift ${moved.cls} while scrolling (${moved.shifts.join(', ')})`);
        });
      });
      assert.deepEqual(problems, []);
    });
  }

  test('375: the HTML names what the runtime asks for before the results (page data, site data, static queries, chunks): each is fetched once, by the preload', async () => {
    const problems = await onPage('preloads', async ({ page }, step) => {
      const asked: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/review/page-data/') || /^\/review\/[^/]+\.js$/.test(u.pathname))
          asked.push(u.pathname + u.search);
      });
      await step('a fresh load of a query shows its results', STEP_MS, async () => {
        await page.goto(site.base + withPrefix(searchPath({ q })));
        await resultsOf(page, { q });
        await hydrated(page);
      });
      const links = await page.$$eval('link[rel="preload"]', (ls) =>
        ls.map((l) => ({ path: new URL((l as HTMLLinkElement).href).pathname, as: l.getAttribute('as') ?? '' })),
      );
      const byLink = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'link')
          .map((e) => new URL(e.name).pathname),
      );
      const data = links.filter((l) => l.as === 'fetch').map((l) => l.path);
      const chunks = links.filter((l) => l.as === 'script').map((l) => l.path);
      assert.ok(data.includes('/review/page-data/search/page-data.json'), `page data preloaded: ${data.join(', ')}`);
      assert.ok(data.includes('/review/page-data/app-data.json'), 'site data preloaded');
      assert.ok(
        data.some((p) => p.startsWith('/review/page-data/sq/d/')),
        'static queries preloaded',
      );
      assert.ok(
        chunks.some((p) => /^\/review\/component---src-pages-search-tsx-[0-9a-f]+\.js$/.test(p)),
        `the template's chunk preloaded: ${chunks.join(', ')}`,
      );
      for (const p of [...data, ...chunks]) {
        assert.equal(asked.filter((a) => a === p).length, 1, `${p} fetched once (${asked.join(', ')})`);
        assert.ok(byLink.includes(p), `${p} fetched by its preload`);
      }
      // Page data without the URL's query (patches/gatsby: the CDN caches one copy).
      assert.deepEqual(
        asked.filter((a) => a.startsWith('/review/page-data/') && a.includes('?')),
        [],
        'no page data asked for with a query',
      );
    });
    assert.deepEqual(problems, []);
  });

  test('375: an early answer that failed is not used: the page asks itself and shows the results', async () => {
    const problems = await onPage('early failed', async ({ page }, step) => {
      const calls = watchApi(page);
      let failed = 0;
      await page.route(REVIEWS, (route) => {
        if (failed++ > 0) return route.continue();
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"busy"}' });
      });
      await step('the first review search fails; the page asks again and shows the answer', STEP_MS, async () => {
        await page.goto(site.base + withPrefix(searchPath({ q })));
        await resultsOf(page, { q });
        await hydrated(page);
        assert.deepEqual(await shownIds(page), await reviewIds(q));
        assert.equal(calls.reviews().length, 2, 'the early request, then the page its own');
        assert.equal(calls.products().length, 1, 'the products answer was used');
        assert.equal(await page.locator('.srch__error').count(), 0);
      });
    });
    // The early request's 503, as Chromium logs it: expected, and the only problem.
    assert.deepEqual(
      problems.filter((p) => !(/503/.test(p) && REVIEWS.test(p))),
      [],
    );
  });

  test('375: an early answer recorded for another request than the page makes is not used', async () => {
    const problems = await onPage('early mismatch', async ({ page }, step) => {
      const calls = watchApi(page);
      const hold = await holdHydration(page);
      await step(
        'the answer in the slot says another sort: the page asks itself and shows its own',
        STEP_MS,
        async () => {
          const asked = page.waitForRequest((r) => PAGE_DATA.test(r.url()));
          await page.goto(site.base + withPrefix(searchPath({ q: NO_PRODUCTS })));
          await asked;
          await page.waitForFunction(
            (slot) => !!(window as unknown as Record<string, { reviews?: { ok?: boolean } }>)[slot]?.reviews?.ok,
            EARLY_SEARCH_SLOT,
          );
          // As if the inline script had asked for another state's reviews (its answer is not for this page).
          await page.evaluate((slot) => {
            const e = (window as unknown as Record<string, { reviews: { url: string } }>)[slot];
            e.reviews.url = e.reviews.url.replace('sort=relevance', 'sort=likes');
          }, EARLY_SEARCH_SLOT);
          await hold.release();
          await resultsOf(page, { q: NO_PRODUCTS });
          await hydrated(page);
          assert.deepEqual(await shownIds(page), await reviewIds(NO_PRODUCTS));
          assert.deepEqual(
            calls.reviews().map((r) => new URL(r.url()).searchParams.get('sort')),
            ['relevance', 'relevance'],
            'the early request, then the page its own',
          );
          assert.equal(calls.products().length, 1, 'the products answer, for this very request, was used');
        },
      );
    });
    assert.deepEqual(problems, []);
  });

  test('375: an early answer still on its way when the page has hydrated is awaited, not asked again', async () => {
    const problems = await onPage('early late', async ({ page }, step) => {
      const calls = watchApi(page);
      let release: () => void = () => undefined;
      const released = new Promise<void>((r) => (release = r));
      await page.route(REVIEWS, async (route) => {
        await released;
        await route.continue();
      });
      await step('the review search answers after hydration; the page shows it', STEP_MS, async () => {
        await page.goto(site.base + withPrefix(searchPath({ q })));
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
        await page.waitForSelector('.srch[data-status="loading"]');
        release();
        await resultsOf(page, { q });
        await hydrated(page);
        assert.deepEqual(await shownIds(page), await reviewIds(q));
        assert.equal(calls.reviews().length, 1, 'one review search');
        assert.equal(calls.products().length, 1, 'one product search');
      });
    });
    assert.deepEqual(problems, []);
  });
});
