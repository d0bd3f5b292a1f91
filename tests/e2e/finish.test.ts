// Issue 44's finish list, in real Chromium over the built site at 375 and 1280: a review's
// duplicate word tags shown once; a text-only review has a share picture; the hub's histogram
// bars are each score's share of the ratings; the breadcrumb is one line (never a line that
// starts with "›"); a category's product cards show stars and a review count; on a phone the
// showcase's filters are one row that scrolls sideways, not the first screen.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';
import type { HaulResponse, Review } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let reviews: Review[];

const pathOf = (r: Review) => `/review/${r.productId}/${r.id}/`;
const VIEWPORTS = [
  ['375', MOBILE],
  ['1280', DESKTOP],
] as const;

async function api<T>(path: string): Promise<T> {
  const r = await fetch(site.server.url + path);
  assert.equal(r.status, 200, path);
  return (await r.json()) as T;
}

describe('the finish list', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const feed = await api<HaulResponse>('/api/v2/product_comment/haul?delimiter=0&size=500&category=0');
    reviews = (
      await Promise.all(
        feed.waterFall.waterDrops.map(
          async (d) =>
            (
              await api<{ comments: Review[] }>(
                `/api/v1/product-comment/products/${d.productId}/comments?commentId=${d.commentId}`,
              )
            ).comments[0],
        ),
      )
    ).filter((r) => r && typeof r.postedAt === 'number');
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}: duplicate tags once; a text-only review's share picture; a one-line breadcrumb`, async () => {
      const dup = reviews.find((r) => {
        const t = r.productCommentLabel?.wordTags ?? [];
        return new Set(t).size !== t.length;
      });
      assert.ok(dup, 'the demo data has a review with a repeated tag');
      const { page, context } = await newPage(browser, viewport);
      await page.goto(site.base + pathOf(dup));
      const shown = await page.locator('.review__tags li').allInnerTexts();
      assert.deepEqual(shown, [...new Set(dup.productCommentLabel!.wordTags!)]);

      const textOnly = reviews.find(
        (r) =>
          !r.pictures?.length && !r.videos?.length && r.sku?.images?.[0]?.full?.url && (r.content ?? '').length > 20,
      );
      assert.ok(textOnly, 'the demo data has a text-only review');
      await page.goto(site.base + pathOf(textOnly));
      const og = await page.locator('meta[property="og:image"]').getAttribute('content');
      assert.ok(
        og && new URL(og).pathname === new URL(textOnly.sku!.images![0].full!.url!, site.base).pathname,
        og ?? '',
      );
      const img = await fetch(new URL(new URL(og).pathname, site.base));
      assert.equal(img.status, 200, 'the share picture answers');
      assert.match(img.headers.get('content-type') ?? '', /^image\//);

      // The longest trail: a review's (home › category path › product).
      const tops = await page
        .locator('.breadcrumb li')
        .evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)));
      assert.ok(tops.length >= 3);
      assert.equal(new Set(tops).size, 1, `one line: ${tops}`);
      await context.close();
    });

    test(`${label}: histogram bars are shares; category product cards show stars and count`, async () => {
      const { page, context } = await newPage(browser, viewport);
      const busy = new Map<string, number>();
      for (const r of reviews) busy.set(String(r.productId), (busy.get(String(r.productId)) ?? 0) + 1);
      const [hub] = [...busy].sort((a, b) => b[1] - a[1])[0];
      await page.goto(`${site.base}/review/pd/${hub}/`);
      const bars = await page.locator('.rsum__bars li').evaluateAll((lis) =>
        lis.map((li) => ({
          n: Number(li.getAttribute('data-n')),
          width: (li.querySelector('.rsum__bar > span') as HTMLElement).getBoundingClientRect().width,
          track: (li.querySelector('.rsum__bar') as HTMLElement).getBoundingClientRect().width,
        })),
      );
      const total = bars.reduce((a, b) => a + b.n, 0);
      assert.ok(total > 1 && bars.filter((b) => b.n > 0).length > 1, `a hub with several scores: ${hub}`);
      for (const b of bars) assert.ok(Math.abs(b.width / b.track - b.n / total) < 0.02, JSON.stringify({ b, total }));

      // A category page that lists products with reviews.
      let found = false;
      for (const id of ['8', '1', '2', '3', '4', '5', '6', '7', '9', '10']) {
        await page.goto(`${site.base}/review/category/${id}/`);
        const rated = page.locator('.pcard .pcard__rating');
        if ((await rated.count()) === 0) continue;
        found = true;
        const first = rated.first();
        assert.equal(await first.isVisible(), true);
        assert.match((await first.locator('.stars').getAttribute('aria-label')) ?? '', /满意度 [1-5] 星/);
        assert.match(await first.locator('.pcard__count').innerText(), /^\d+条评价$/);
        break;
      }
      assert.ok(found, 'a category page lists a product with rated reviews');
      await context.close();
    });
  }

  test("375: the showcase's filters are one sideways row, not the first screen", async () => {
    const { page, context } = await newPage(browser, MOBILE);
    await page.goto(`${site.base}/review/haul/`);
    const filters = page.locator('.hfilters');
    const box = (await filters.boundingBox())!;
    const chipTops = await page
      .locator('.hfilters .tagbtn')
      .evaluateAll((as) => [...new Set(as.map((a) => Math.round(a.getBoundingClientRect().top)))]);
    assert.equal(chipTops.length, 1, `one row of chips: ${chipTops}`);
    assert.ok(box.height < 60, `the filters take ${box.height}px of 812`);
    const scroll = await filters.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
    assert.ok(scroll.sw > scroll.cw, 'the row scrolls sideways');
    // The first card starts on the first screen.
    const card = await page.locator('main a[href^="/review/"][href$="/"]').first().boundingBox();
    assert.ok(card && card.y < 812, `first card at ${card?.y}`);
    await context.close();
  });
});
