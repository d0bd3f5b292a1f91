// The 404 page stays under /review (issue 44, finish list: it sent a HEAD outside /review).
// Every request the 404 page makes in real Chromium, from the first byte until it has hydrated
// and the network is quiet, at 375 and 1280 px: for an unknown path, for a review id that does
// not exist (the page first tries it as a review published after the build), and for /404.html
// itself. Each must be on the site's origin and under /review/.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';

let site: Site;
let browser: Browser;

const VIEWPORTS = [
  ['375', MOBILE],
  ['1280', DESKTOP],
] as const;
const PATHS = ['/review/no-such-page/', '/review/100001/5999902/', '/review/404.html'];

describe('the 404 page', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [label, viewport] of VIEWPORTS)
    for (const path of PATHS)
      test(`${label}: ${path} makes no request outside /review`, async (t) => {
        const { page, context } = await newPage(browser, viewport);
        const requests: string[] = [];
        context.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
        try {
          const res = await page.goto(site.base + path, { waitUntil: 'networkidle' });
          assert.equal(res?.status(), 404);
          await hydrated(page);
          await page.waitForLoadState('networkidle');
          const origin = new URL(site.base).origin;

          // A review path is first tried as a review published after the build
          // (src/review/unbuilt.ts): the review page reads the storefront API and its media,
          // on the same origin, as every review page does. Nothing else leaves /review.
          const review = /^\/review\/[0-9]+\/[0-9]+\/$/.test(path);
          const outside = requests.filter((r) => {
            const [method, href] = r.split(' ');
            const url = new URL(href);
            if (url.origin !== origin) return true;
            if (url.pathname.startsWith('/review/')) return false;
            return !(review && method === 'GET' && /^\/(api|media)\//.test(url.pathname));
          });
          t.diagnostic(`${requests.length} requests`);
          // What the page says: the 404 page's heading, or, for a review id that does not
          // exist, the review page's frame saying so (status-pages.test).
          const says = review ? '.review__status' : 'h1';
          assert.match(
            (await page.locator(says).first().innerText()).trim(),
            review ? /这条晒单不存在或已被删除/ : /^404$/,
          );
          assert.deepEqual(outside, [], `requests outside /review:\n${outside.join('\n')}`);
        } finally {
          await context.close();
        }
      });
});
