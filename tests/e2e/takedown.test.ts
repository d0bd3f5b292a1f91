// Instant takedown and a returning visitor's service worker (issue 13): the worker answers a
// navigation with its app shell when it holds every resource recorded for the path, and the
// shell loads the page data from the network, which answers 410 for a taken-down review
// (server/site/taken-down.ts); src/review/gone.ts then drops the cached copy and lets the
// server's 410 page show. In real Chromium with the worker in control.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { DESKTOP, hydrated, launch, newPage, siteMissing, startSite, workerHoldsPage, type Site } from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let review: { productId: string; commentId: string };
const WAIT = { timeout: 60_000 };

describe('a taken-down review under the service worker', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const r = await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=1&category=0`);
    const drop = ((await r.json()) as HaulResponse).waterFall.waterDrops[0];
    review = { productId: String(drop.productId), commentId: String(drop.commentId) };
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('a returning visitor whose worker holds the page sees that it is gone, not the review', async () => {
    const { page, context } = await newPage(browser, DESKTOP, { serviceWorkers: 'allow' });
    const sitePath = `/${review.productId}/${review.commentId}/`;
    const url = `${site.base}/review${sitePath}`;
    // First visit: the review, and the worker installs and takes control.
    await page.goto(url);
    await hydrated(page);
    const text = (await page.locator('.review__text').first().innerText()).trim().slice(0, 30);
    assert.ok(text.length > 0, 'the review text shows');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
    // The worker records the resources of the pages Gatsby visited or prefetched (the first
    // visit, when it becomes active; a link in view, under its control), so the next navigation
    // to the review gets the app shell from cache. The home page links the first feed review.
    await page.goto(`${site.base}/review/`);
    await hydrated(page);
    const link = page.locator(`a[href="/review${sitePath}"]`);
    if (await link.count()) await link.first().scrollIntoViewIfNeeded();
    await workerHoldsPage(page, sitePath);

    // Taken down (what POST /editor/api/takedowns does, tests/integration/editor/takedowns.test.ts).
    site.server.app.repos.takedowns.add(review.productId, review.commentId, 'e2e');
    // 'commit': the shell replaces itself with the URL once it sees the 410 (a second navigation).
    const res = await page.goto(url, { waitUntil: 'commit' });
    assert.equal(res?.fromServiceWorker(), true, 'the worker answered the navigation');
    assert.equal(res?.status(), 200, 'with its app shell (the network would have said 410)');
    await page.waitForSelector('h1:has-text("该晒单已下架")', WAIT);
    const shown = await page.evaluate(() => document.body.innerText);
    assert.ok(!shown.includes(text), `the review text is shown: ${shown.slice(0, 200)}`);
    // And again: the worker no longer answers with the shell for it; the server's 410 page does.
    const again = await page.goto(url);
    assert.equal(again?.status(), 410);
    await page.waitForSelector('h1:has-text("该晒单已下架")', WAIT);

    // Restored: the review shows again.
    site.server.app.repos.takedowns.remove(review.productId, review.commentId);
    await page.goto(url);
    await page.waitForSelector('.review__text', WAIT);
    assert.ok((await page.locator('.review__text').first().innerText()).includes(text));
    await context.close();
  });
});
