// Errors that tell the truth (issue 44), in real Chromium at 375 and 1280: a review loaded in
// the browser (a query naming another review) that the API fails to give says it failed and
// offers 重试, which loads it; one taken down (410) says so; one that does not exist says so.
// And no listing links what the build skipped: the showcase's infinite scroll never shows the
// malformed review the build left out (var/build-report.json).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  actionTimeout,
  ROOT,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import type { HaulResponse, RelatedReviewItem } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let feed: RelatedReviewItem[];
const WAIT = { timeout: actionTimeout() };

const pathOf = (r: RelatedReviewItem) => `/review/${r.productId}/${r.commentId}/`;
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The detail call of one review, as the browser makes it. */
const detailCall = (r: RelatedReviewItem) => (u: URL) =>
  u.pathname === `/api/v1/product-comment/products/${r.productId}/comments` &&
  u.searchParams.get('commentId') === String(r.commentId);

const VIEWPORTS = [
  ['375', MOBILE],
  ['1280', DESKTOP],
] as const;

describe('review errors and skipped reviews', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const r = await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=500&category=0`);
    feed = ((await r.json()) as HaulResponse).waterFall.waterDrops;
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}: a detail that fails says so and 重试 loads it; taken down and missing say so`, async () => {
      const [a, b] = [feed[0], feed.find((f) => f.productId !== feed[0].productId)!];
      const url = `${site.base}${pathOf(a)}?productId=${b.productId}&commentId=${b.commentId}`;
      const { page, context } = await newPage(browser, viewport);
      let failing = true;
      await page.route(detailCall(b), (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
          : route.continue(),
      );
      await page.goto(url);
      await hydrated(page);
      const status = page.locator('.review__status');
      await status.getByText('晒单没有加载成功，请检查网络后重试').waitFor(WAIT);
      assert.doesNotMatch(await status.innerText(), /不存在|删除/, 'a failure is not called a missing review');
      failing = false;
      await status.getByRole('button', { name: '重试' }).click();
      await page.locator('.review__text').waitFor(WAIT);
      const detail = (await (
        await fetch(
          `${site.server.url}/api/v1/product-comment/products/${b.productId}/comments?commentId=${b.commentId}`,
        )
      ).json()) as { comments: Array<{ content: string }> };
      assert.equal(norm(await page.locator('.review__text').innerText()), norm(detail.comments[0].content));

      site.server.app.repos.takedowns.add(String(b.productId), String(b.commentId), 'e2e');
      try {
        await page.goto(`${url}&v=gone`);
        await hydrated(page);
        await status.getByText('这条晒单已下架').waitFor(WAIT);
        assert.equal(await status.getByRole('button').count(), 0, 'nothing to retry');
      } finally {
        site.server.app.repos.takedowns.remove(String(b.productId), String(b.commentId));
      }

      await page.goto(`${site.base}${pathOf(a)}?productId=${b.productId}&commentId=5999998`);
      await hydrated(page);
      await status.getByText('这条晒单不存在或已被删除').waitFor(WAIT);
      await context.close();
    });
  }

  test("375: the showcase's infinite scroll never lists a review the build skipped", async () => {
    const report = JSON.parse(fs.readFileSync(path.join(ROOT, 'var', 'build-report.json'), 'utf8')) as {
      skipped: Array<{ productId: string; commentId: string }>;
    };
    assert.ok(report.skipped.length > 0, 'the demo data has a malformed review the build skipped');
    const skipped = report.skipped[0];
    const at = feed.findIndex((f) => String(f.commentId) === skipped.commentId);
    assert.ok(at >= 0, 'the API still lists it');
    const { page, context, problems } = await newPage(browser, MOBILE);
    await page.goto(`${site.base}/review/haul/`);
    await hydrated(page);
    const cards = page.locator('main a[href^="/review/"][href$="/"]');
    const reviewLinks = (p: Page) =>
      p.$$eval('main a[href]', (as) =>
        as.map((x) => x.getAttribute('href')).filter((h) => /^\/review\/\d+\/\d+\/$/.test(h!)),
      );
    // Scroll until the feed has gone past the skipped review's place.
    const more = page.locator('.haul__more');
    while ((await reviewLinks(page)).length <= at + 10 && (await more.getAttribute('data-status')) !== 'done') {
      const before = Number(await more.getAttribute('data-loaded'));
      await more.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (n) => {
          const el = document.querySelector('.haul__more');
          return Number(el?.getAttribute('data-loaded')) > n || el?.getAttribute('data-status') === 'done';
        },
        before,
        WAIT,
      );
    }
    const links = await reviewLinks(page);
    assert.ok(links.length > at, `the feed went past place ${at} (${links.length} reviews listed)`);
    assert.ok(await cards.count());
    assert.ok(
      !links.includes(`/review/${skipped.productId}/${skipped.commentId}/`),
      'the skipped review is not listed',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});
