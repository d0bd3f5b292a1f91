// Sections below the fold keep their server HTML unhydrated until they are needed (issue 26,
// src/components/common/HydrateLater.tsx): the product page's reviews and similar products and
// every page's footer hydrate when they are near the viewport once the browser has been idle,
// or at once when touched; after
// a navigation in the app they render at once. "Hydrated" is what React leaves on an element it
// owns (its props key): markup it has not hydrated has none, and no handler of React runs there.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MOBILE, PUBLIC_DIR, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';

let site: Site;
let browser: Browser;

/** Whether React owns (has hydrated or rendered) the first element matching the selector. */
const owned = (page: Page, selector: string) =>
  page.$eval(selector, (el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));
const waitOwned = (page: Page, selector: string) =>
  page.waitForFunction(
    (s) => Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith('__reactProps$')),
    selector,
  );
/** How far below the first screen the element starts, in px (negative: on it). */
const belowFold = (page: Page, selector: string) =>
  page.$eval(selector, (el) => el.getBoundingClientRect().top - window.innerHeight);

const SORT = '.previews__sort .sortbtn[data-sort="likes"]';

/** The page's requestIdleCallback queues its callbacks until window.__runIdle() (a string: tsx's __name). */
const holdIdleCallbacks = (context: BrowserContext) =>
  context.addInitScript(`(() => {
  var held = [];
  window.requestIdleCallback = function (cb, opts) {
    held.push(cb);
    return held.length;
  };
  window.cancelIdleCallback = function () {};
  window.__runIdle = function () {
    var due = held.splice(0);
    due.forEach(function (cb) { cb({ didTimeout: false, timeRemaining: function () { return 50; } }); });
    return due.length;
  };
})()`);
const runIdle = (page: Page) => page.evaluate(() => (window as unknown as { __runIdle: () => number }).__runIdle());
const FOOTER_LINK = 'footer.ftr a';

describe('below-the-fold sections hydrate when needed', { skip: siteMissing }, () => {
  let productPath = '';
  before(async () => {
    site = await startSite();
    browser = await launch();
    const pd = fs.readdirSync(path.join(PUBLIC_DIR, 'pd')).find((d) => /^\d+$/.test(d));
    assert.ok(pd, 'a built product page');
    productPath = `/review/pd/${pd}/`;
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('on a phone, the product reviews wait for idle, the footer until scrolled near; then they work', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    await holdIdleCallbacks(context);
    await page.goto(site.base + productPath);
    await hydrated(page);
    assert.equal(await owned(page, 'header a'), true, 'the header is hydrated');
    assert.equal(await owned(page, SORT), false, 'the reviews section is not hydrated yet');
    assert.equal(await owned(page, FOOTER_LINK), false, 'the footer is not hydrated yet');
    // The server HTML is on the page all along.
    assert.equal(await page.locator(SORT).count(), 1);
    assert.ok((await page.locator(FOOTER_LINK).count()) > 0);

    // Idle: a section near the first screen hydrates; the footer, far below, does not.
    await page.locator('.previews').evaluate((el) => el.scrollIntoView());
    await runIdle(page);
    await waitOwned(page, SORT);
    assert.ok((await belowFold(page, FOOTER_LINK)) > 200, 'the footer is far below');
    assert.equal(await owned(page, FOOTER_LINK), false, 'the footer waits until it comes near');
    await page.locator(SORT).click();
    await page.waitForSelector(`${SORT}[aria-pressed="true"]`);
    await page.locator(FOOTER_LINK).first().scrollIntoViewIfNeeded();
    await waitOwned(page, FOOTER_LINK);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a touch on a section that has not hydrated hydrates it at once', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    await holdIdleCallbacks(context);
    await page.goto(site.base + productPath);
    await hydrated(page);
    assert.equal(await owned(page, SORT), false);
    // Before idle, no scrolling: only the touch can release it.
    await page.locator(SORT).dispatchEvent('pointerdown');
    await waitOwned(page, SORT);
    assert.equal(await owned(page, FOOTER_LINK), false, 'other sections still wait');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a navigation in the app while sections still wait: no error, the next page renders its sections at once', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    await holdIdleCallbacks(context);
    await page.goto(site.base + productPath);
    await hydrated(page);
    assert.equal(await owned(page, FOOTER_LINK), false, 'the footer still waits');
    // Gatsby's location context changes above the waiting sections: React renders them afresh
    // (its error 421, expected and not reported) and the next page's sections render at once.
    await page.locator('header a.logo').click();
    await page.waitForURL(`${site.base}/review/`);
    await waitOwned(page, '[aria-labelledby="home-latest"] .rcard');
    await waitOwned(page, FOOTER_LINK);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
