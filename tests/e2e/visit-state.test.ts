// The first visit starts the stored session (spec section 4; issue 11 defect 5): guest id,
// device id and session start are in localStorage once the page has hydrated, before and
// without any API call; a returning visitor keeps them; without storage (private mode, storage
// disabled) the page still works.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let reviewPath = '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const visitState = (page: Page) =>
  page.evaluate(() => ({
    guestId: JSON.parse(localStorage.getItem('hrv:guestId') ?? 'null') as string | null,
    deviceId: JSON.parse(localStorage.getItem('hrv:deviceId') ?? 'null') as string | null,
    sessionStart: JSON.parse(localStorage.getItem('hrv:sessionStart') ?? 'null') as number | null,
  }));

/** Waits until the three keys are stored (what the app writes after hydration). */
const stored = (page: Page) =>
  page.waitForFunction(
    () => ['hrv:guestId', 'hrv:deviceId', 'hrv:sessionStart'].every((k) => localStorage.getItem(k) != null),
    undefined,
    { timeout: 20_000 },
  );

describe('first visit: stored session', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=5&category=0`)
    ).json()) as HaulResponse;
    const d = feed.waterFall.waterDrops[0];
    reviewPath = `/review/${d.productId}/${d.commentId}/`;
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [label, path, viewport] of [
    ['home', '/review/', DESKTOP],
    ['review page', '', MOBILE],
  ] as const) {
    test(`${label}: guest id, device id and session start are written on the first visit, without an API call`, async () => {
      const { page, context, problems } = await newPage(browser, viewport);
      const api: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r.url());
      });
      const t0 = Date.now();
      await page.goto(site.base + (path || reviewPath));
      await hydrated(page);
      await stored(page);
      const first = await visitState(page);
      assert.match(first.guestId ?? '', UUID);
      assert.match(first.deviceId ?? '', UUID);
      assert.notEqual(first.guestId, first.deviceId);
      assert.ok(
        first.sessionStart != null && first.sessionStart >= t0 - 60_000 && first.sessionStart <= Date.now() + 60_000,
        `session start ${first.sessionStart}`,
      );
      assert.deepEqual(api, [], 'no API call was needed');

      // A returning visitor keeps them.
      await page.reload();
      await hydrated(page);
      assert.deepEqual(await visitState(page), first);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  const noStorage = {
    'storage that throws on write (Safari private mode)': () => {
      Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    },
    'storage disabled (accessing localStorage throws)': () => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied', 'SecurityError');
        },
      });
    },
  };
  for (const [label, script] of Object.entries(noStorage)) {
    test(`${label}: the page hydrates and works without errors`, async () => {
      const { page, context, problems } = await newPage(browser, MOBILE);
      await page.addInitScript(script);
      await page.goto(site.base + reviewPath);
      await hydrated(page);
      // The page still works: the menu opens and a guest's like asks to sign in.
      await page.locator('.mmenu__toggle').click();
      await page.locator('#shell-mobile-menu').waitFor();
      await page.locator('.mmenu__toggle').click();
      await page.locator('button.like').click();
      await page.waitForURL((u) => u.pathname === '/review/login/', { timeout: 20_000 });
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
