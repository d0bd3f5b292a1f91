// Search in real Chromium at 1280 and 375 (issue 43, "Done when"): the header's box with
// suggestions as a shopper types (an IME composition asks for nothing until it ends), the
// keyboard's choice (a category goes to its page), recent searches cleared, the results page
// from a fresh URL (reviews and products with their counts, highlighted matches, the filters,
// the sorts, infinite scroll with a real next link, the back button), zero results with the
// closest categories and popular searches, a query cut at 50 characters and marked-up text
// shown as text; the phone's sheet (focus, scroll lock, Escape); the box before hydration
// (issue 40: typing and Enter without script, the sheet's tap held); axe with the sheet open
// and closed. Every expectation is the reference API's own answer. One browser, few loads.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  PAGE_DATA,
  PUBLIC_DIR,
  ROOT,
  engage,
  holdHydration,
  hydrated,
  innerTexts,
  launch,
  newPage,
  settled,
  siteMissing,
  startSite,
  stepper,
  type Site,
  type WatchedPage,
} from './helpers/site';
import { getCatalogue } from '../../src/catalogue/data';
import { suggestCategories } from '../../src/catalogue/suggest';
import { categoryPath, withPrefix } from '../../src/paths';
import { closestCategories } from '../../src/search/closest';
import { POPULAR_SEARCHES, SEARCH_PAGE_SIZE, searchPath, type SearchState } from '../../src/search/query';
import { CATEGORY_SUGGESTIONS } from '../../src/search/suggestions';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const ABOUT = '/review/about/';
const STEP_MS = 120_000;

interface Found {
  comments: Array<{ commentId: string | number; score?: number | null; pictureCount: number; videoCount: number }>;
  total: number;
  totalCapped: boolean;
  terms: string[];
}

let site: Site;
let browser: Browser;
/** A popular search with more than a page of reviews, products, categories and filter matches. */
let q = '';

async function reviewsFor(s: Partial<SearchState> & { q: string }, f: number, t: number): Promise<Found> {
  const p = new URLSearchParams({ q: s.q, f: String(f), t: String(t) });
  if (s.sort && s.sort !== 'relevance') p.set('sort', s.sort);
  if (s.media) p.set('media', 'any');
  if (s.score) p.set('score', String(s.score));
  const r = await fetch(`${site.server.url}/api/v1/product-comment/search?${p}`);
  assert.equal(r.status, 200);
  return (await r.json()) as Found;
}

async function productsFor(query: string): Promise<{ total: number }> {
  const r = await fetch(`${site.server.url}/api/v3/discover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ q: query, f: 0, t: 8 }),
  });
  assert.equal(r.status, 200);
  return (await r.json()) as { total: number };
}

/** Waits until the results page shows the answer for `s` (its state in data-state, not loading). */
async function resultsOf(page: Page, s: Partial<SearchState> & { q: string }) {
  const state = searchPath(s);
  await page.waitForSelector(
    ['done', 'idle'].map((st) => `.srch[data-state="${state}"][data-status="${st}"]`).join(', '),
  );
}

const shownIds = (page: Page) =>
  page.$$eval('.srev__link', (as) => as.map((a) => a.getAttribute('data-comment-id') ?? ''));

/** The shown reviews are the API's, in its order (a prefix: more may have loaded on scroll). */
async function assertShownAreApis(page: Page, s: Partial<SearchState> & { q: string }) {
  const ids = await shownIds(page);
  assert.ok(ids.length > 0, `${searchPath(s)}: reviews shown`);
  // The API's window is at most 50 long.
  const api = await reviewsFor(s, 0, Math.min(ids.length, 50));
  for (let f = 50; f < ids.length; f += 50)
    api.comments.push(...(await reviewsFor(s, f, Math.min(ids.length, f + 50))).comments);
  assert.deepEqual(
    ids,
    api.comments.map((c) => String(c.commentId)),
    searchPath(s),
  );
  return api;
}

async function axeViolations(page: Page, what: string): Promise<string[]> {
  await page.evaluate(AXE);
  const result = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] })`,
  )) as { violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> };
  return result.violations.map(
    (v) => `${what}: ${v.id} ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Loads `path` with its hydration held; resolves once the runtime asks for the held data. */
async function loadHeld(page: Page, path: string) {
  const hold = await holdHydration(page);
  const asked = page.waitForRequest((r) => PAGE_DATA.test(r.url()));
  await page.goto(site.base + path);
  await engage(page); // the runtime starts on engagement
  await asked;
  return hold;
}

/**
 * A test's page in a fresh context (service workers blocked, the helpers' default: every
 * request meets the routes, and no worker caches the site beside the test), with its steps;
 * once they are done, no console error, warning or page error was recorded.
 */
async function onPage(
  viewport: { width: number; height: number },
  label: string,
  steps: (w: WatchedPage, step: ReturnType<typeof stepper>) => Promise<void>,
  touch = false,
) {
  const w = await newPage(browser, viewport, { touch });
  try {
    await steps(w, stepper(label));
    assert.deepEqual(w.problems, []);
  } finally {
    await w.context.close();
  }
}

const optionLabels = (page: Page, list: string, kind?: string) =>
  innerTexts(page, `#${list} [role=option]${kind ? `[data-kind=${kind}]` : ''} .sbox__label`);

describe('search (issue 43)', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const catalogue = getCatalogue();
    for (const candidate of POPULAR_SEARCHES) {
      const all = await reviewsFor({ q: candidate }, 0, 1);
      if (all.total <= SEARCH_PAGE_SIZE || !suggestCategories(catalogue, candidate, 1).length) continue;
      if ((await productsFor(candidate)).total === 0) continue;
      if ((await reviewsFor({ q: candidate, media: true, score: 5 }, 0, 1)).total === 0) continue;
      q = candidate;
      break;
    }
    assert.ok(q, 'a popular search with reviews, products, a category and filter matches');
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('the search page is in no sitemap', () => {
    const maps = fs.readdirSync(PUBLIC_DIR).filter((f) => /^sitemap.*\.xml$/.test(f));
    assert.ok(maps.length > 1, 'the sitemap index and its children');
    for (const f of maps)
      assert.ok(
        !fs.readFileSync(path.join(PUBLIC_DIR, f), 'utf8').includes('/review/search'),
        `${f} lists no search page`,
      );
  });

  test('1280: suggestions as a shopper types (IME included), the keyboard picks a category, recent searches clear', async () => {
    await onPage(DESKTOP, 'desktop box', async ({ page, context }, step) => {
      const discovered: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/v3/discover'))
          discovered.push((JSON.parse(r.postData() ?? '{}') as { q: string }).q);
      });
      await step('open a page', STEP_MS, async () => {
        await page.goto(site.base + ABOUT);
        await hydrated(page);
      });
      const field = page.locator('#hdr-sbox-q');
      await step('an empty field offers popular searches', STEP_MS, async () => {
        assert.equal(await page.getAttribute('form[role=search]', 'action'), '/review/search/');
        assert.equal(await page.getAttribute('form[role=search]', 'method'), 'get');
        await field.click();
        await page.waitForSelector('#hdr-sbox-list [role=option][data-kind=popular]');
        assert.equal(await field.getAttribute('aria-expanded'), 'true');
        assert.deepEqual(await optionLabels(page, 'hdr-sbox-list'), [...POPULAR_SEARCHES]);
      });
      await step('an IME composition asks for nothing until it ends', STEP_MS, async () => {
        await field.evaluate((el) => {
          const seen: string[] = [];
          (window as unknown as { compositions: string[] }).compositions = seen;
          for (const t of ['compositionstart', 'compositionend']) el.addEventListener(t, () => seen.push(t));
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Input.imeSetComposition', { text: 'mian', selectionStart: 4, selectionEnd: 4 });
        await page.waitForFunction(() => (document.getElementById('hdr-sbox-q') as HTMLInputElement).value === 'mian');
        await settled(page);
        assert.deepEqual(await page.evaluate(() => (window as unknown as { compositions: string[] }).compositions), [
          'compositionstart',
        ]);
        // Still what the empty field offered: the composing text is not a query.
        assert.deepEqual(await optionLabels(page, 'hdr-sbox-list'), [...POPULAR_SEARCHES]);
        await cdp.send('Input.insertText', { text: q });
        await cdp.detach();
        await page.waitForFunction(() =>
          (window as unknown as { compositions: string[] }).compositions.includes('compositionend'),
        );
        assert.equal(await field.inputValue(), q);
        const categories = suggestCategories(getCatalogue(), q, CATEGORY_SUGGESTIONS).map(
          (e) => e.category.displayTerm,
        );
        await page.waitForSelector('#hdr-sbox-list [role=option][data-kind=category]');
        assert.deepEqual(await optionLabels(page, 'hdr-sbox-list', 'category'), categories);
        // Product and brand names from the API, after a pause in typing.
        await page.waitForSelector(
          '#hdr-sbox-list [role=option][data-kind=product], #hdr-sbox-list [role=option][data-kind=brand]',
        );
        assert.ok(discovered.length > 0 && discovered.every((x) => x === q), `asked: ${discovered.join(', ')}`);
        assert.ok((await page.locator('#hdr-sbox-list mark').count()) > 0, 'the typed text is marked');
      });
      await step('arrow keys move the active option; Enter on a category opens its page', STEP_MS, async () => {
        const first = suggestCategories(getCatalogue(), q, 1)[0].category.id;
        await field.press('ArrowDown');
        assert.equal(await field.getAttribute('aria-activedescendant'), 'hdr-sbox-opt-0');
        assert.equal(await page.getAttribute('#hdr-sbox-opt-0', 'aria-selected'), 'true');
        await field.press('ArrowDown');
        assert.equal(await field.getAttribute('aria-activedescendant'), 'hdr-sbox-opt-1');
        assert.equal(await page.getAttribute('#hdr-sbox-opt-0', 'aria-selected'), 'false');
        await field.press('ArrowUp');
        assert.equal(await field.getAttribute('aria-activedescendant'), 'hdr-sbox-opt-0');
        await field.press('Enter');
        await page.waitForURL((u) => u.pathname === withPrefix(categoryPath(first)));
        await page.goBack();
        await page.waitForURL((u) => u.pathname === ABOUT);
      });
      await step('pinyin initials offer the category: kh is 口红', STEP_MS, async () => {
        await field.fill('kh');
        const expected = suggestCategories(getCatalogue(), 'kh', CATEGORY_SUGGESTIONS).map(
          (e) => e.category.displayTerm,
        );
        assert.equal(expected[0], '口红');
        await page.waitForFunction(
          (want) =>
            [...document.querySelectorAll('#hdr-sbox-list [role=option][data-kind=category] .sbox__label')]
              .map((e) => (e.textContent ?? '').trim())
              .join('|') === want,
          expected.join('|'),
        );
      });
      await step('Enter searches; the field offers it again as a recent search, clearable', STEP_MS, async () => {
        await field.fill(q);
        await field.press('Enter');
        await page.waitForURL((u) => u.pathname === '/review/search/' && u.searchParams.get('q') === q);
        await resultsOf(page, { q });
        await page.locator('#hdr-sbox-q').click();
        await page.waitForSelector('#hdr-sbox-list [role=option][data-kind=recent]');
        assert.deepEqual(await optionLabels(page, 'hdr-sbox-list', 'recent'), [q]);
        await page.locator('#hdr-sbox-list ~ .sbox__clear').click();
        await page.waitForSelector('#hdr-sbox-list [role=option][data-kind=recent]', { state: 'detached' });
        assert.equal(await page.evaluate(() => localStorage.getItem('hrv:recentSearches')), null);
        await page.keyboard.press('Escape');
        assert.equal(await page.locator('#hdr-sbox-q').getAttribute('aria-expanded'), 'false');
      });
    });
  });

  test('1280: results with counts and marks, filters, sorts, infinite scroll, the back button; zero results; axe', async () => {
    await onPage(DESKTOP, 'desktop results', async ({ page }, step) => {
      await step('a fresh URL shows the reviews and products with their counts', STEP_MS, async () => {
        await page.goto(site.base + withPrefix(searchPath({ q })));
        await resultsOf(page, { q });
        const api = await assertShownAreApis(page, { q });
        assert.equal(
          (await page.locator('#srch-reviews .srch__count').innerText()).trim(),
          `${api.total.toLocaleString('zh-CN')}${api.totalCapped ? '+' : ''}`,
        );
        const products = await productsFor(q);
        assert.equal(
          (await page.locator('#srch-products .srch__count').innerText()).trim(),
          products.total.toLocaleString('zh-CN'),
        );
        assert.ok((await page.locator('.pgrid[aria-label="商品搜索结果"] li').count()) > 0, 'product cards');
        const terms = api.terms.map((t) => t.normalize('NFKC').toLowerCase());
        const marks = await page.locator('.srev mark').allInnerTexts();
        assert.ok(marks.length > 0, 'matches are marked');
        for (const m of marks) assert.ok(terms.includes(m.normalize('NFKC').toLowerCase()), `${m} is a term`);
        assert.equal(await page.getAttribute('meta[name="robots"]', 'content'), 'noindex');
        assert.equal(await page.locator('link[rel="canonical"]').count(), 0);
        assert.deepEqual(await axeViolations(page, 'results, 1280'), []);
      });
      await step('infinite scroll: a real next link, and the next page as it comes into view', STEP_MS, async () => {
        const n = (await shownIds(page)).length;
        assert.equal(n % SEARCH_PAGE_SIZE, 0);
        assert.equal(
          await page.getAttribute('.srch__next a', 'href'),
          withPrefix(searchPath({ q, page: n / SEARCH_PAGE_SIZE + 1 })),
        );
        await page.locator('.srch__next').scrollIntoViewIfNeeded();
        await page.waitForFunction((was) => document.querySelectorAll('.srev__link').length > was, n);
        await resultsOf(page, { q });
        await assertShownAreApis(page, { q });
      });
      const media = { q, media: true };
      const five = { q, media: true, score: 5 };
      const newest = { q, media: true, score: 5, sort: 'posted_at' as const };
      await step('有图/视频, a score and a sort narrow and order the reviews', STEP_MS, async () => {
        for (const [label, s] of [
          ['有图/视频', media],
          ['5星', five],
          ['最新', newest],
        ] as const) {
          await page.locator('.srch__filters a', { hasText: label }).click();
          await page.waitForURL((u) => u.pathname + u.search === withPrefix(searchPath(s)));
          await resultsOf(page, s);
          const api = await assertShownAreApis(page, s);
          assert.deepEqual(
            api.comments.filter((c) => c.pictureCount + c.videoCount === 0),
            [],
            'each with a picture or video',
          );
          const score = 'score' in s ? s.score : null;
          assert.deepEqual(
            api.comments.filter((c) => score !== null && c.score !== score),
            [],
            'each with the score',
          );
          assert.equal(
            await page.locator('.srch__filters a[aria-current="true"]', { hasText: label }).getAttribute('href'),
            withPrefix(searchPath(s)),
          );
        }
      });
      await step('the back button shows the states before, and the results after a review', STEP_MS, async () => {
        await page.goBack();
        await resultsOf(page, five);
        await assertShownAreApis(page, five);
        await page.goBack();
        await resultsOf(page, media);
        await assertShownAreApis(page, media);
        const first = page.locator('.srev__link').first();
        const href = await first.getAttribute('href');
        await first.click();
        await page.waitForURL((u) => u.pathname === href);
        await page.goBack();
        await resultsOf(page, media);
        await assertShownAreApis(page, media);
      });
      await step('zero results: said in Chinese, the closest categories and popular searches', STEP_MS, async () => {
        const none = `${q} qqzzxxyy`;
        assert.equal((await reviewsFor({ q: none }, 0, 1)).total, 0);
        assert.equal((await productsFor(none)).total, 0);
        const closest = closestCategories(getCatalogue(), none);
        assert.ok(closest.length > 0, 'the query has close categories');
        await page.goto(site.base + withPrefix(searchPath({ q: none })));
        await resultsOf(page, { q: none });
        assert.equal(
          (await page.locator('.srch__none-title').innerText()).trim(),
          `没有找到与“${none}”相关的晒单和商品`,
        );
        await page.waitForSelector('ul[aria-label="相近的分类"] a');
        assert.deepEqual(
          await page.$$eval('ul[aria-label="相近的分类"] a', (as) => as.map((a) => a.getAttribute('href'))),
          closest.map((c) => withPrefix(categoryPath(c.category.id))),
        );
        assert.deepEqual(await page.locator('.srch__none ul[aria-label="热门搜索"] a').allInnerTexts(), [
          ...POPULAR_SEARCHES,
        ]);
        assert.deepEqual(await axeViolations(page, 'zero results, 1280'), []);
      });
    });
  });

  test('375: the sheet opens at once on a tap before hydration, with focus and scroll locked; a long, marked-up query; a shared link; axe', async () => {
    await onPage(
      MOBILE,
      'mobile',
      async ({ page }, step) => {
        await step('a tap on 搜索 before hydration opens the sheet at once; React takes it over', STEP_MS, async () => {
          const hold = await loadHeld(page, ABOUT);
          assert.equal(await page.isVisible('#hdr-sbox-q'), false, 'no field in a phone header');
          assert.equal(await page.isVisible('#shell-search-sheet'), false, 'the sheet is hidden until asked');
          await page.evaluate(() => {
            const w = window as unknown as { openAtClick?: boolean };
            addEventListener(
              'click',
              () => (w.openAtClick ??= !document.getElementById('shell-search-sheet')?.hidden),
              { capture: true },
            );
          });
          await page.tap('.sbox-open');
          // While hydration is still held: the sheet shown, focus in its field, the page held still.
          // Opened as the finger lifted, before the click the browser makes of the touch, which
          // would land on the sheet now where the button was, and goes nowhere (nothing held, the
          // sheet open; src/boot/engagement.ts).
          await page.waitForFunction(() => 'openAtClick' in window);
          assert.equal(
            await page.evaluate(() => (window as unknown as { openAtClick: boolean }).openAtClick),
            true,
            'open when the click came',
          );
          assert.equal(await page.isVisible('#shell-search-sheet[role=dialog]'), true);
          assert.equal(await page.evaluate(() => document.activeElement?.id), 'sheet-sbox-q');
          assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).overflow), 'hidden');
          assert.equal(await page.getAttribute('.sbox-open', 'aria-expanded'), 'true');
          assert.equal(await page.locator('[data-held]').count(), 0, 'nothing held: done');
          assert.equal(new URL(page.url()).pathname, ABOUT);
          await hold.release();
          await hydrated(page);
          // React's from here: its scroll lock, the expanded state, the suggestions of a focused field.
          await page.waitForFunction(() => document.body.dataset.scrollLocked === 'true');
          assert.equal(await page.getAttribute('.sbox-open', 'aria-expanded'), 'true');
          assert.equal(await page.evaluate(() => document.activeElement?.id), 'sheet-sbox-q');
          await page.waitForSelector('#sheet-sbox-list [role=option][data-kind=popular]');
          assert.deepEqual(await axeViolations(page, 'sheet open, 375'), []);
        });
        await step('Escape closes the sheet and gives focus back to the button', STEP_MS, async () => {
          await page.keyboard.press('Escape'); // closes the list
          await page.keyboard.press('Escape'); // closes the sheet
          await page.waitForSelector('#shell-search-sheet', { state: 'hidden' });
          assert.equal(await page.evaluate(() => document.activeElement?.className), 'sbox-open');
          assert.equal(await page.getAttribute('.sbox-open', 'aria-expanded'), 'false');
          assert.notEqual(await page.evaluate(() => getComputedStyle(document.documentElement).overflow), 'hidden');
          await page.waitForFunction(() => document.body.dataset.scrollLocked === undefined);
        });
        await step(
          'typing in the sheet suggests; a chosen suggestion searches and closes the sheet',
          STEP_MS,
          async () => {
            await page.tap('.sbox-open');
            await page.waitForSelector('#shell-search-sheet', { state: 'visible' });
            await page.keyboard.insertText(q);
            await page.waitForSelector('#sheet-sbox-list [role=option][data-kind=category]');
            const name = page
              .locator(
                '#sheet-sbox-list [role=option][data-kind=product], #sheet-sbox-list [role=option][data-kind=brand]',
              )
              .first();
            await name.waitFor();
            const label = (await name.locator('.sbox__label').innerText()).trim();
            await name.tap();
            await resultsOf(page, { q: Array.from(label).slice(0, 50).join('').trim() });
            assert.equal(await page.isVisible('#shell-search-sheet'), false);
            await page.waitForFunction(() => document.body.dataset.scrollLocked === undefined);
          },
        );
        await step(
          'a shared link with filters: the same results; no sideways scroll; axe with the sheet closed',
          STEP_MS,
          async () => {
            const shared = { q, media: true, sort: 'likes' as const };
            await page.goto(site.base + withPrefix(searchPath(shared)));
            await resultsOf(page, shared);
            await assertShownAreApis(page, shared);
            const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
            assert.ok(widths[0] <= widths[1], `no sideways scroll (${widths.join(' > ')})`);
            assert.deepEqual(await axeViolations(page, 'results, sheet closed, 375'), []);
          },
        );
        await step('a query over 50 characters is cut and says so; markup in it stays text', STEP_MS, async () => {
          const long = `<img src=x onerror=alert(1)>${'面霜'.repeat(20)}`;
          const cut = Array.from(long).slice(0, 50).join('').trim();
          // The first search of the new page (the last page's own may still be under way).
          const asked = page.waitForRequest(
            (r) => r.url().includes('/api/v1/product-comment/search') && new URL(r.url()).searchParams.get('q') !== q,
          );
          await page.goto(site.base + withPrefix(searchPath({ q: long })));
          await resultsOf(page, { q: cut });
          assert.equal(new URL((await asked).url()).searchParams.get('q'), cut);
          assert.match(await page.locator('.srch__note').innerText(), /搜索词太长，只搜索了前 50 个字/);
          assert.equal((await page.locator('h1').innerText()).trim(), `搜索“${cut}”`);
          assert.equal(await page.locator('img[src="x"]').count(), 0);
        });
      },
      true,
    );
  });

  test('1280: before hydration the typed text is kept and suggested once hydrated, and 搜索 submits; without script Enter still searches', async () => {
    await onPage(DESKTOP, 'first tap', async ({ page }, step) => {
      await step('typed before hydration, suggested after', STEP_MS, async () => {
        const hold = await loadHeld(page, ABOUT);
        await page.click('#hdr-sbox-q');
        await page.keyboard.insertText(q);
        await hold.release();
        await hydrated(page);
        await page.waitForSelector('#hdr-sbox-list [role=option][data-kind=category]');
        assert.equal(await page.inputValue('#hdr-sbox-q'), q);
        // A render after it (an option made active) keeps it too.
        await page.keyboard.press('ArrowDown');
        assert.equal(await page.getAttribute('#hdr-sbox-q', 'aria-activedescendant'), 'hdr-sbox-opt-0');
        assert.equal(await page.inputValue('#hdr-sbox-q'), q);
      });
      await step(
        'a click on 搜索 before hydration submits at once: the browser loads the results',
        STEP_MS,
        async () => {
          const hold = await loadHeld(page, ABOUT);
          await page.click('#hdr-sbox-q');
          await page.keyboard.insertText(q);
          await page.click('.sbox--desktop .sbox__submit');
          await page.waitForURL((u) => u.pathname === '/review/search/' && u.searchParams.get('q') === q);
          await hold.release();
          await resultsOf(page, { q });
          await assertShownAreApis(page, { q });
        },
      );
    });
    const noScript = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false, locale: 'zh-CN' });
    try {
      await stepper('no script')('Enter loads the results page, which says it needs script', STEP_MS, async () => {
        const p = await noScript.newPage();
        await p.goto(site.base + ABOUT);
        await p.fill('#hdr-sbox-q', q);
        await p.press('#hdr-sbox-q', 'Enter');
        await p.waitForURL((u) => u.pathname === '/review/search/' && u.searchParams.get('q') === q);
        assert.match(await p.locator('.srch').innerText(), /搜索结果需要浏览器启用 JavaScript/);
      });
    } finally {
      await noScript.close();
    }
  });
});
