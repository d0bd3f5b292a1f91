// Boot on engagement (issue 26, src/boot/engagement.ts): a page loads without running React;
// Gatsby fetches its data and hydrates at the shopper's first touch, key, pointer, scroll or
// wheel, or at once where the page needs it. What the shopper asked in between is done once
// the page has hydrated. Real Chromium, the e2e build, the reference server.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  PUBLIC_DIR,
  engage,
  launch,
  newPage,
  siteMissing,
  startSite,
  swipeLeft,
  type Site,
} from './helpers/site';
import { videoReviewPages } from '../../bench/video-pages';

let site: Site;
let browser: Browser;

/** Until the page has loaded, its network is quiet and the browser has been idle twice. */
async function quiet(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise<void>((r) =>
        requestIdleCallback(() => requestIdleCallback(() => r(), { timeout: 5000 }), { timeout: 5000 }),
      ),
  );
}

const pageDataRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/page-data/')) urls.push(r.url());
  });
  return urls;
};

const REVIEW = '/review/100001/5000001/';

describe('pages hydrate at the first engagement', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const path of [REVIEW, '/review/', '/review/haul/', '/review/pd/100001/']) {
    test(`${path} loads without hydrating until a key is pressed`, async () => {
      const { page, context, problems } = await newPage(browser, MOBILE);
      try {
        const data = pageDataRequests(page);
        await page.goto(site.base + path);
        await quiet(page);
        assert.equal(await page.getAttribute('html', 'data-boot'), 'waiting');
        assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'not hydrated while nobody engaged');
        assert.deepEqual(data, [], 'no page data fetched');
        await page.keyboard.press('Shift');
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
        assert.equal(await page.getAttribute('html', 'data-boot'), 'started');
        assert.ok(data.length > 0, 'page data fetched once engaged');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }

  test('a scroll engages the page', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    try {
      await page.goto(site.base + REVIEW);
      await quiet(page);
      assert.equal(await page.getAttribute('html', 'data-hydrated'), null);
      await page.mouse.wheel(0, 400);
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    } finally {
      await context.close();
    }
  });

  test('pages that need their script boot at once: a query, a dismissed download bar, the sign-in page', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    try {
      for (const url of [`${REVIEW}?utm_source=weibo`, '/review/login/']) {
        await page.goto(site.base + url);
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
        assert.equal(await page.getAttribute('html', 'data-boot'), 'started', url);
      }
      await page.evaluate(() => sessionStorage.setItem('hrv:downloadBarDismissed', '1'));
      await page.goto(site.base + REVIEW);
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      assert.equal(await page.$('.dlbar'), null, 'the dismissed bar stays away');
    } finally {
      await context.close();
    }
  });

  test('a click made before the page hydrated is done once it has: the download bar closes; a link is followed', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    try {
      await page.goto(site.base + REVIEW);
      await quiet(page);
      assert.equal(await page.getAttribute('html', 'data-boot'), 'waiting');
      // The bar's close button: its handler is React's, so without the hold the tap is lost.
      await page.click('.dlbar button');
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      await page.waitForSelector('.dlbar', { state: 'detached' });
      assert.equal(await page.evaluate(() => sessionStorage.getItem('hrv:downloadBarDismissed')), '1');

      // A link clicked while waiting: followed at once, as on a static page.
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(site.base + REVIEW);
      await quiet(page);
      const link = page.locator('.breadcrumb a').first();
      const href = await link.getAttribute('href');
      assert.ok(href);
      await link.click();
      await page.waitForURL((u) => u.pathname === href);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a swipe on the gallery made before the page hydrated moves it once hydrated', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    try {
      await page.goto(site.base + REVIEW);
      await quiet(page);
      const box = await page.locator('.gallery__main').boundingBox();
      assert.ok(box);
      await swipeLeft(context, page, box);
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
      await page.waitForFunction(() => {
        const slides = [...document.querySelectorAll('.gallery__main .swiper-slide')];
        return slides.findIndex((s) => s.classList.contains('swiper-slide-active')) === 1;
      });
    } finally {
      await context.close();
    }
  });

  test('the video review page waits too, and engage() hydrates it', async () => {
    const video = videoReviewPages(PUBLIC_DIR)[0];
    assert.ok(video, 'the e2e build has a video review');
    const { page, context } = await newPage(browser, DESKTOP);
    try {
      await page.goto(`${site.base}/review${video.path}`);
      await quiet(page);
      assert.equal(await page.getAttribute('html', 'data-hydrated'), null);
      await engage(page);
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    } finally {
      await context.close();
    }
  });
});
