// Work that is no part of showing the page waits for the browser to be idle (issue 26): the
// first visit's session bookkeeping (guest id, device id, session start) and the landing URL's
// UTM capture run from requestIdleCallback, never before or during hydration. The page's
// requestIdleCallback is held by the test: nothing is stored until the test lets the idle
// callbacks run; then the session and the landing URL's UTM parameters (read at client entry,
// so a navigation before idle does not lose them) are stored.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { DESKTOP, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';

let site: Site;
let browser: Browser;

const KEYS = ['hrv:guestId', 'hrv:deviceId', 'hrv:sessionStart'];

describe('session bookkeeping waits for idle', { skip: siteMissing }, () => {
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
    await context.addInitScript(() => {
      const held: Array<() => void> = [];
      const w = window as unknown as { __held: typeof held; __runIdle: () => number };
      w.__held = held;
      window.requestIdleCallback = ((cb: IdleRequestCallback) => {
        held.push(() => cb({ didTimeout: false, timeRemaining: () => 50 }));
        return held.length;
      }) as typeof window.requestIdleCallback;
      w.__runIdle = () => {
        const n = held.length;
        held.splice(0).forEach((f) => f());
        return n;
      };
    });
    await page.goto(`${site.base}/review/about/?utm_source=weibo&utm_campaign=idle`);
    await hydrated(page);
    // Both callbacks are queued (client entry's UTM capture, the first render's visit start).
    await page.waitForFunction(() => (window as unknown as { __held: unknown[] }).__held.length >= 2);
    const before = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [...KEYS, 'hrv:utmParams']);
    assert.deepEqual(before, [null, null, null, null], 'nothing stored before idle');

    await page.evaluate(() => (window as unknown as { __runIdle: () => number }).__runIdle());
    await page.waitForFunction(
      (keys) => keys.every((k) => localStorage.getItem(k) != null),
      [...KEYS, 'hrv:utmParams'],
    );
    const utm = await page.evaluate(() => JSON.parse(localStorage.getItem('hrv:utmParams') ?? 'null'));
    assert.deepEqual(utm, { utmSource: 'weibo', utmCampaign: 'idle' });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
