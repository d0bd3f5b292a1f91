// The site's status pages in real Chromium (issue 11, defects 3 and 4): a review URL without
// a static page answers 200 only for a review that exists (and opens it, never indexed), 404
// otherwise (and says the review is missing); the 404 page links home; a page whose data
// answers 500 shows the 500 page in place instead of reloading; the service worker passes a
// 404 navigation through as it is.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  actionTimeout,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
/** A built review (its product and id), and one published after the build. */
let built: { productId: string; commentId: string };
const UNBUILT_ID = 5_999_901;
const MISSING_ID = 5_999_902;
const UNBUILT_TEXT = '构建之后发布的晒单，打开时显示。';
const WAIT = { timeout: actionTimeout() };

const robots = (page: Page) => page.$$eval('meta[name="robots"]', (ms) => ms.map((m) => m.getAttribute('content')));

describe('status pages', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const r = await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=1&category=0`);
    const drop = ((await r.json()) as HaulResponse).waterFall.waterDrops[0];
    built = { productId: String(drop.productId), commentId: String(drop.commentId) };
    // Published after the build: in this run's copy of the database only.
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(site.dbFile);
    const src = db.prepare('SELECT * FROM reviews WHERE id = ?').get(Number(built.commentId)) as Record<
      string,
      unknown
    >;
    db.prepare(
      `INSERT INTO reviews (${Object.keys(src).join(',')}) VALUES (${Object.keys(src)
        .map(() => '?')
        .join(',')})`,
    ).run(
      ...Object.entries(src).map(([k, v]) =>
        k === 'id' ? UNBUILT_ID : k === 'content' ? UNBUILT_TEXT : k === 'posted_at' ? Date.now() : v,
      ),
    );
    db.close();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  const unbuiltUrl = () => `${site.base}/review/${built.productId}/${UNBUILT_ID}/`;
  const missingUrl = () => `${site.base}/review/${built.productId}/${MISSING_ID}/`;

  test('a review published after the build answers 200 with its own server-rendered page, indexable', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    const res = await page.goto(unbuiltUrl());
    assert.equal(res?.status(), 200);
    // Rendered by the site server (issue 23), its page data too: no 404 on the way.
    assert.ok(['rendered', 'kept'].includes(res?.headers()['x-deferred'] ?? ''), JSON.stringify(res?.headers()));
    await page.waitForSelector('.review__text', WAIT);
    assert.equal((await page.locator('.review__text').innerText()).trim(), UNBUILT_TEXT);
    const builtPage = await newPage(browser, DESKTOP);
    await builtPage.page.goto(`${site.base}/review/${built.productId}/${built.commentId}/`);
    assert.deepEqual(await robots(page), await robots(builtPage.page), 'indexed like a built review page');
    await builtPage.context.close();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a review that does not exist answers 404 and says it is missing', async () => {
    const head = await fetch(missingUrl(), { method: 'HEAD' });
    assert.equal(head.status, 404);
    const { page, context } = await newPage(browser, MOBILE);
    const res = await page.goto(missingUrl());
    assert.equal(res?.status(), 404);
    await page.waitForSelector('.review__status:has-text("这条晒单不存在或已被删除")', WAIT);
    assert.deepEqual(await robots(page), ['noindex']);
    await context.close();
  });

  test('the 404 page shows 404 and a link home that works', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    const res = await page.goto(`${site.base}/review/no/such/page/`);
    assert.equal(res?.status(), 404);
    await hydrated(page);
    assert.equal((await page.locator('h1').innerText()).trim(), '404');
    assert.equal(await page.title(), '404');
    assert.deepEqual(await robots(page), ['noindex']);
    const home = page.locator('.not-found a', { hasText: '返回首页' });
    assert.equal(await home.getAttribute('href'), '/review/');
    await home.click();
    await page.waitForURL(`${site.base}/review/`, WAIT);
    await page.waitForSelector('.home-cats__name', WAIT);
    assert.deepEqual(
      problems.filter((p) => !p.includes('404')),
      [],
    );
    await context.close();
  });

  test('under the service worker, a 404 navigation is still a 404 (and a review that exists still opens)', async () => {
    const { page, context } = await newPage(browser, DESKTOP, { serviceWorkers: 'allow' });
    await page.goto(`${site.base}/review/`);
    await hydrated(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
    // Twice each: the second visit is made after the worker was told the path's resources.
    for (let i = 0; i < 2; i++) {
      const res = await page.goto(missingUrl());
      assert.equal(res?.status(), 404, `visit ${i + 1} of the missing review`);
      await page.waitForSelector('.review__status:has-text("这条晒单不存在或已被删除")', WAIT);
      const ok = await page.goto(unbuiltUrl());
      assert.equal(ok?.status(), 200, `visit ${i + 1} of the unbuilt review`);
      await page.waitForSelector('.review__text', WAIT);
      const unknown = await page.goto(`${site.base}/review/no/such/page/`);
      assert.equal(unknown?.status(), 404, `visit ${i + 1} of an unknown path`);
      await page.waitForSelector('.not-found h1', WAIT);
    }
    await context.close();
  });

  test('page data answering 500: the 500 page shows in place, no reload', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', serviceWorkers: 'block' });
    const page = await context.newPage();
    const failing = `/review/page-data/${built.productId}/${built.commentId}/page-data.json`;
    let served500 = 0;
    await page.route(
      (u) => u.pathname === failing,
      async (route) => {
        served500++;
        await route.fulfill({ status: 500, body: 'boom' });
      },
    );
    await page.goto(`${site.base}/review/about/`);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { __same: boolean }).__same = true;
    });
    await page.evaluate(
      (to) => (window as unknown as { ___navigate(to: string): void }).___navigate(to),
      `/review/${built.productId}/${built.commentId}/`,
    );
    await page.waitForSelector('.server-error h1', WAIT);
    assert.equal((await page.locator('.server-error h1').innerText()).trim(), '服务器开小差了');
    assert.match(await page.locator('.server-error').innerText(), /请稍后再试/);
    assert.equal(new URL(page.url()).pathname, `/review/${built.productId}/${built.commentId}/`);
    assert.equal(
      await page.evaluate(() => (window as unknown as { __same?: boolean }).__same),
      true,
      'the same document: no reload',
    );
    assert.ok(served500 >= 1);
    // The head follows the page once react-helmet's chunk is in (src/components/common/helmet-browser.tsx).
    await page.waitForSelector('meta[name="robots"]', { ...WAIT, state: 'attached' });
    assert.deepEqual(await robots(page), ['noindex']);
    assert.equal(await page.getAttribute('.server-error a', 'href'), '/review/');
    await context.close();
    // The page itself, asked for directly, answers with its status.
    const direct = await fetch(`${site.base}/review/500.html`);
    assert.equal(direct.status, 500);
    assert.match(await direct.text(), /服务器开小差了/);
  });
});
