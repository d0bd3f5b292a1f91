// The desktop/mobile switch at exactly 960px (spec section 2, "Shell": desktop when at least
// 960 wide) and the related carousel's own rule (section 2, "Review detail page": horizontal at
// 960px or less), in real Chromium at 959, 960 and 961 px; and the carousel's user name never
// touches its like count (issue 11 defect 10).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let reviewPath = '';

/** What the page shows at this width: which shell parts are visible and how the review is laid out. */
const layoutOf = (page: Page) =>
  page.evaluate(`(() => {
  function shown(sel) { var e = document.querySelector(sel); return !!e && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().width > 0; }
  var main = document.querySelector('.review__main').getBoundingClientRect();
  var aside = document.querySelector('.review__aside').getBoundingClientRect();
  var swiper = document.querySelector('.related__swiper');
  return {
    desktopNav: shown('.dnav'),
    menuButton: shown('.mmenu__toggle'),
    desktopFooter: shown('.ftr__company'),
    asideBesideMain: aside.left >= main.right,
    carousel: swiper.classList.contains('swiper-vertical') ? 'vertical' : swiper.classList.contains('swiper-horizontal') ? 'horizontal' : 'none',
    arrows: shown('.related__arrow'),
  };
})()`) as Promise<Record<string, unknown>>;

async function open(width: number) {
  const w = await newPage(browser, { width, height: 900 });
  await w.page.goto(site.base + reviewPath);
  await hydrated(w.page);
  // The carousel starts when it nears the viewport.
  await w.page.locator('.related').scrollIntoViewIfNeeded();
  await w.page.waitForSelector('.related__swiper.swiper-initialized');
  return w;
}

describe('960px breakpoint', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    // A review whose built page has several related reviews, one of them with a short text
    // (a short text once let the item's body shrink until name and likes touched).
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=60&category=0`)
    ).json()) as HaulResponse;
    for (const d of feed.waterFall.waterDrops) {
      const p = `/review/${d.productId}/${d.commentId}/`;
      const html = await (await fetch(site.base + p)).text();
      const texts = [...html.matchAll(/class="related__text">([^<]*)</g)].map((m) => m[1]);
      if (texts.length >= 3 && texts.some((t) => Array.from(t).length <= 6)) {
        reviewPath = p;
        break;
      }
    }
    assert.ok(reviewPath, 'a built review page with 3+ related reviews, one with a short text');
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  const expected: Record<number, Record<string, unknown>> = {
    959: {
      desktopNav: false,
      menuButton: true,
      desktopFooter: false,
      asideBesideMain: false,
      carousel: 'horizontal',
      arrows: false,
    },
    // Desktop shell and layout; the carousel stays horizontal at 960 (its own rule).
    960: {
      desktopNav: true,
      menuButton: false,
      desktopFooter: true,
      asideBesideMain: true,
      carousel: 'horizontal',
      arrows: false,
    },
    961: {
      desktopNav: true,
      menuButton: false,
      desktopFooter: true,
      asideBesideMain: true,
      carousel: 'vertical',
      arrows: true,
    },
  };
  for (const width of [959, 960, 961]) {
    test(`${width}px: one layout, no mix of desktop and mobile parts`, async () => {
      const { page, context, problems } = await open(width);
      assert.deepEqual(await layoutOf(page), expected[width]);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
    ['960px', { width: 960, height: 900 }],
  ] as const) {
    test(`${label}: the related carousel's user name and like count never touch`, async () => {
      const { page, context } = await open(viewport.width);
      const gaps = (await page.evaluate(`[...document.querySelectorAll('.related__meta')].map(function (m) {
        var u = m.querySelector('.related__user').getBoundingClientRect(), l = m.querySelector('.related__likes').getBoundingClientRect();
        return { gap: Math.round(l.left - u.right), sameLine: Math.abs(l.top - u.top) < 4, likes: l.width };
      })`)) as Array<{ gap: number; sameLine: boolean; likes: number }>;
      assert.ok(gaps.length >= 3);
      for (const g of gaps) {
        assert.ok(g.sameLine, 'name and likes on one line');
        assert.ok(g.gap >= 6, `gap between name and likes: ${g.gap}px`);
        assert.ok(g.likes > 0, 'like count visible');
      }
      await context.close();
    });
  }
});
