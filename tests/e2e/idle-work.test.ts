// Work that is no part of showing the page waits for the browser to be idle (issue 26): the
// first visit's session bookkeeping (guest id, device id, session start), the landing URL's
// UTM capture and the review gallery's Swiper (which reads the layout as it starts) run from
// requestIdleCallback, never before or during hydration. The page's requestIdleCallback is
// held by the test: nothing is stored or started until the test lets the idle callbacks run.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';

/**
 * The page's requestIdleCallback queues its callbacks until the test calls window.__runIdle().
 * A string, not a function: tsx would wrap the inner functions' names in a helper (__name) the
 * page does not have.
 */
const holdIdleCallbacks = (context: BrowserContext) =>
  context.addInitScript(`(() => {
  var held = new Map(), id = 0;
  window.__held = held;
  window.requestIdleCallback = function (cb) {
    held.set(++id, function () { cb({ didTimeout: false, timeRemaining: function () { return 50; } }); });
    return id;
  };
  window.cancelIdleCallback = function (i) { held.delete(i); };
  window.__runIdle = function () {
    var due = Array.from(held.values());
    held.clear();
    due.forEach(function (f) { f(); });
    return due.length;
  };
})()`);

const runIdle = (page: Page) => page.evaluate(() => (window as unknown as { __runIdle: () => number }).__runIdle());

let site: Site;
let browser: Browser;

const KEYS = ['hrv:guestId', 'hrv:deviceId', 'hrv:sessionStart'];

describe('work off the first load waits for idle', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('no session keys or UTM until idle; both once the idle callbacks run', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    await holdIdleCallbacks(context);
    await page.goto(`${site.base}/review/about/?utm_source=weibo&utm_campaign=idle`);
    await hydrated(page);
    // Both callbacks are queued (client entry's UTM capture, the first render's visit start).
    await page.waitForFunction(() => (window as unknown as { __held: Map<number, unknown> }).__held.size >= 2);
    const before = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [...KEYS, 'hrv:utmParams']);
    assert.deepEqual(before, [null, null, null, null], 'nothing stored before idle');

    await runIdle(page);
    await page.waitForFunction(
      (keys) => keys.every((k) => localStorage.getItem(k) != null),
      [...KEYS, 'hrv:utmParams'],
    );
    const utm = await page.evaluate(() => JSON.parse(localStorage.getItem('hrv:utmParams') ?? 'null'));
    assert.deepEqual(utm, { utmSource: 'weibo', utmCampaign: 'idle' });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the review gallery starts Swiper when idle, or at once on a touch, not in hydration', async () => {
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=30&category=0`)
    ).json()) as HaulResponse;
    // A review with several pictures (the gallery has a thumbnail strip).
    let path = '';
    for (const d of feed.waterFall.waterDrops) {
      const p = `/review/${d.productId}/${d.commentId}/`;
      if ((await (await fetch(site.base + p)).text()).includes('class="swiper gallery__thumbs"')) {
        path = p;
        break;
      }
    }
    assert.ok(path, 'a built review page with a thumbnail strip');
    const started = (page: Page) =>
      page.evaluate(() => ({
        main: !!document.querySelector('.gallery__main.swiper-initialized'),
        thumbs: !!document.querySelector('.gallery__thumbs.swiper-initialized'),
      }));

    // Idle: nothing starts until the idle callbacks run, then both carousels start.
    const a = await newPage(browser, MOBILE);
    await holdIdleCallbacks(a.context);
    await a.page.goto(site.base + path);
    await hydrated(a.page);
    assert.deepEqual(await started(a.page), { main: false, thumbs: false }, 'no Swiper before idle');
    for (let i = 0; i < 600 && !(await started(a.page)).main; i++) {
      await runIdle(a.page);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(
      await started(a.page),
      { main: true, thumbs: true },
      `both started once idle (page problems: ${a.problems.join('; ') || 'none'})`,
    );
    assert.deepEqual(a.problems, []);
    await a.context.close();

    // A touch before idle starts the touched carousel at once.
    const b = await newPage(browser, MOBILE);
    await holdIdleCallbacks(b.context);
    await b.page.goto(site.base + path);
    await hydrated(b.page);
    await b.page.locator('.gallery__thumbs').dispatchEvent('pointerdown');
    await b.page.waitForSelector('.gallery__thumbs.swiper-initialized');
    await b.context.close();
  });
});
