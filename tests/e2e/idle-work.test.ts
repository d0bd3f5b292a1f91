// Work that is no part of showing the page waits for the browser to be idle (issue 26): the
// first visit's session bookkeeping (guest id, device id, session start), the landing URL's
// UTM capture, the delayed-load hook (after its 1000 ms) and the review's replies run from
// requestIdleCallback, never before or during hydration; the review gallery is a strip the
// browser scrolls itself, with no script to load when the shopper first moves it (issue 40).
// The page's requestIdleCallback is held by the test: nothing is stored or started until the
// test lets the idle callbacks run.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  PUBLIC_DIR,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  swipeLeft,
  type Site,
} from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';
import { DELAYED_LOAD_IDLE_TIMEOUT_MS, DELAYED_LOAD_MARK } from '../../src/hooks/use-delayed-load';

/**
 * The page's requestIdleCallback queues its callbacks until the test calls window.__runIdle().
 * A string, not a function: tsx would wrap the inner functions' names in a helper (__name) the
 * page does not have.
 */
const holdIdleCallbacks = (context: BrowserContext) =>
  context.addInitScript(`(() => {
  var held = new Map(), id = 0;
  window.__held = held;
  window.requestIdleCallback = function (cb, opts) {
    var f = function () { cb({ didTimeout: false, timeRemaining: function () { return 50; } }); };
    f.timeout = opts && opts.timeout;
    held.set(++id, f);
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

  test('the delayed-load hook (analytics) waits for idle after its 1000 ms', async () => {
    // Partytown, which runs the analytics script, works through a service worker.
    const { page, context, problems } = await newPage(browser, DESKTOP, { serviceWorkers: 'allow' });
    await holdIdleCallbacks(context);
    // Analytics on (a run-time site id): the hook's firing shows as Partytown's script tag.
    await context.addInitScript(`window.__ANALYTICS__ = { siteId: '${'0123456789abcdef'.repeat(2)}' };`);
    await page.goto(`${site.base}/review/about/`);
    await hydrated(page);
    // The hook's idle callback (known by its timeout) once its timer ran, or, before this
    // change, the hook firing on the timer alone.
    await page.waitForFunction(
      (timeout) =>
        [...(window as unknown as { __held: Map<number, { timeout?: number }> }).__held.values()].some(
          (f) => f.timeout === timeout,
        ) || document.querySelector('script[type="text/partytown"]') != null,
      DELAYED_LOAD_IDLE_TIMEOUT_MS,
    );
    assert.equal(await page.$('script[type="text/partytown"]'), null, 'no analytics before idle');
    assert.equal(await page.evaluate((m) => performance.getEntriesByName(m).length, DELAYED_LOAD_MARK), 0);
    await runIdle(page);
    await page.waitForSelector('script[type="text/partytown"]', { state: 'attached' });
    assert.equal(await page.evaluate((m) => performance.getEntriesByName(m).length, DELAYED_LOAD_MARK), 1);
    // The proxy refuses the made-up id (a 403, the site server's only one; logged or not as
    // Partytown's worker and the load allow, and not always with its URL); only the page's own
    // problems count here.
    assert.deepEqual(
      problems.filter((p) => !p.includes('__third-party-proxy') && !/status of 403 \(Forbidden\)/.test(p)),
      [],
    );
    await context.close();
  });

  test('the replies wait for idle even when near the first screen, then load', async () => {
    // A review with replies (the replies endpoint answers some for it).
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=30&category=0`)
    ).json()) as HaulResponse;
    // Loaded in the browser: shown on another review's page (a query naming it); a review's own
    // page has its replies in the HTML (issue 44).
    let path = '';
    const host = feed.waterFall.waterDrops[0];
    for (const d of feed.waterFall.waterDrops) {
      if (d.productId === host.productId) continue;
      const r = await fetch(
        `${site.server.url}/api/v1/product-comment/products/${d.productId}/comments/${d.commentId}/replies?f=0&t=1`,
      );
      const body = (await r.json()) as { total?: number };
      if (r.ok && (body.total ?? 0) > 0) {
        path = `/review/${host.productId}/${host.commentId}/?productId=${d.productId}&commentId=${d.commentId}`;
        break;
      }
    }
    assert.ok(path, 'a built review with replies');
    const { page, context, problems } = await newPage(browser, MOBILE);
    await holdIdleCallbacks(context);
    const calls: string[] = [];
    page.on('request', (q) => q.url().includes('/replies') && calls.push(q.url()));
    await page.goto(site.base + path);
    await hydrated(page);
    await page.locator('.review__actions').waitFor();
    await page.locator('.review__actions').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(calls, [], 'no replies request before idle, though the section is in view');
    for (let i = 0; i < 600 && !calls.length; i++) {
      await runIdle(page);
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.locator('.reply').first().waitFor();
    assert.equal(calls.length, 1);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('signed out, a review page never loads the API client for its like button', async () => {
    // A built review without replies (the replies section would load the client near the viewport).
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(site.dbFile, { readonly: true });
    const rows = db
      .prepare('SELECT product_id AS p, id AS c FROM reviews WHERE reply_count = 0 ORDER BY id LIMIT 200')
      .all() as { p: number; c: number }[];
    db.close();
    const row = rows.find((r) => fs.existsSync(path.join(PUBLIC_DIR, String(r.p), String(r.c), 'index.html')));
    assert.ok(row, 'a built review without replies');
    const { page, context, problems } = await newPage(browser, MOBILE);
    await holdIdleCallbacks(context);
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text().catch(() => ''));
    });
    await page.goto(`${site.base}/review/${row.p}/${row.c}/`);
    await hydrated(page);
    assert.ok((await runIdle(page)) > 0, 'the page queued idle work');
    await page.waitForLoadState('networkidle');
    await runIdle(page);
    await page.waitForLoadState('networkidle');
    const withAxios = (await Promise.all(scripts)).filter((t) => t.includes('AxiosError')).length;
    assert.equal(withAxios, 0, 'no script with the API transport (axios) loaded');
    assert.deepEqual(problems, []);
    await context.close();
  });

  /** Holds every script the page asks for from now on, until release(). */
  const holdScripts = async (page: Page) => {
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route('**/*.js', (route) => (holding ? void held.push(() => route.continue()) : route.continue()));
    return {
      release: async () => {
        holding = false;
        for (const go of held.splice(0)) await go();
      },
    };
  };

  // Scripts asked for after the tap below are held; neither the page's prefetch of linked pages
  // (off on data saver) nor the service worker's precache may bring a chunk first, as both run
  // after load without a touch (issue 40).
  const noPrefetch = (context: BrowserContext) =>
    context.addInitScript(
      `Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } })`,
    );

  test('the review gallery moves at once on the next arrow and on a swipe, with no script to wait for', async () => {
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=30&category=0`)
    ).json()) as HaulResponse;
    // A review with several pictures (the gallery has a thumbnail strip).
    let path = '';
    for (const d of feed.waterFall.waterDrops) {
      const p = `/review/${d.productId}/${d.commentId}/`;
      if ((await (await fetch(site.base + p)).text()).includes('class="gallery__thumbs"')) {
        path = p;
        break;
      }
    }
    assert.ok(path, 'a built review page with a thumbnail strip');
    for (const act of ['arrow', 'swipe'] as const) {
      const { page, context, problems } = await newPage(browser, MOBILE, { serviceWorkers: 'block' });
      await noPrefetch(context);
      await page.goto(site.base + path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const hold = await holdScripts(page);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
      });
      if (act === 'arrow') await page.locator('.gallery__arrow--next').click();
      else {
        const box = await page.locator('.gallery__main').boundingBox();
        assert.ok(box, 'the gallery is shown');
        await swipeLeft(context, page, box);
      }
      // The second picture in place, and the page says so (its live region, its thumbnail). A
      // timeout says where the strip stopped and which slide is marked, for this act.
      const strip = () =>
        page.evaluate(() => {
          const t = document.querySelector<HTMLElement>('.gallery__track')!;
          const slides = [...document.querySelectorAll('.gallery__main .gallery__slide')];
          return {
            inPlace: Math.abs(t.scrollLeft - t.clientWidth) < 2,
            at: Math.round((t.scrollLeft / t.clientWidth) * 100) / 100,
            active: slides.findIndex((s) => s.classList.contains('gallery__slide--active')),
          };
        });
      const until = Date.now() + 60_000;
      for (let last = await strip(); !(last.inPlace && last.active === 1); last = await strip()) {
        assert.ok(
          Date.now() < until,
          `${act}: the strip stopped at slide ${last.at + 1}, slide ${last.active + 1} marked`,
        );
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(await page.locator('.gallery__thumb').nth(1).getAttribute('aria-current'), 'true', act);
      assert.deepEqual(scripts, [], `${act}: no script asked for`);
      await hold.release();
      assert.deepEqual(
        problems.filter((m) => !/service worker registration/i.test(m)),
        [],
        'no problem but the blocked worker',
      );
      await context.close();
    }
  });
});
