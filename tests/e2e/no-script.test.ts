// Every page usable without script (issue 44), in real Chromium with script disabled
// (javaScriptEnabled: false) at 375 and 1280: every gallery picture is reachable through its
// thumbnails (links to the slides' anchors in a scroll-snap strip), the mobile menu opens (a
// <details>), a video review plays in a <video controls>. With script: the thumbnails are
// focusable buttons that move the carousel by key, and a live region says which slide shows.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';
import type { HaulResponse, Review } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let rich: Review; // 4+ pictures
let video: Review; // a playable video, no pictures
let merchantReplied: Review; // a reply by the merchant
let asked: Review; // a shopper's question among its replies
interface WireReply {
  content: string;
  fromMerchant?: boolean | null;
}
const repliesOf = async (r: Review) =>
  (
    await api<{ replies: WireReply[] }>(
      `/api/v1/product-comment/products/${r.productId}/comments/${r.id}/replies?f=0&t=10&s=posted_at`,
    )
  ).replies;

const pathOf = (r: Review) => `/review/${r.productId}/${r.id}/`;

async function api<T>(path: string): Promise<T> {
  const r = await fetch(site.server.url + path);
  assert.equal(r.status, 200, path);
  return (await r.json()) as T;
}

async function noScriptPage(viewport: { width: number; height: number }): Promise<{
  page: Page;
  context: BrowserContext;
}> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: false, locale: 'zh-CN' });
  return { page: await context.newPage(), context };
}

/** The part of `inner`'s box inside `outer`'s, horizontally, as a share of `inner`'s width. */
const shownShare = (outer: { x: number; width: number }, inner: { x: number; width: number }): number =>
  Math.max(0, Math.min(outer.x + outer.width, inner.x + inner.width) - Math.max(outer.x, inner.x)) / inner.width;

const VIEWPORTS = [
  ['375', MOBILE],
  ['1280', DESKTOP],
] as const;

describe('pages without script', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const feed = await api<HaulResponse>('/api/v2/product_comment/haul?delimiter=0&size=500&category=0');
    const drops = feed.waterFall.waterDrops.slice(0, 200);
    const all = await Promise.all(
      drops.map(
        async (d) =>
          (
            await api<{ comments: Review[] }>(
              `/api/v1/product-comment/products/${d.productId}/comments?commentId=${d.commentId}`,
            )
          ).comments[0],
      ),
    );
    rich = all.find((r) => (r.pictures?.length ?? 0) >= 4 && Number(r.id) !== 5_000_021)!;
    video = all.find((r) => !r.pictures?.length && r.videos?.[0]?.url)!;
    assert.ok(rich && video, 'the demo data has a review with 4+ pictures and one with a video');
    const replied = all.filter((r) => (r.replyCount ?? 0) > 0);
    const replies = await Promise.all(replied.map(repliesOf));
    merchantReplied = replied[replies.findIndex((rs) => rs.some((x) => x.fromMerchant))];
    asked = replied[replies.findIndex((rs) => rs.some((x) => !x.fromMerchant && /^请问|？$/.test(x.content)))];
    assert.ok(merchantReplied && asked, 'the demo data has a merchant reply and a question');
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}: every gallery picture is reachable through its thumbnail`, async () => {
      const { page, context } = await noScriptPage(viewport);
      const res = await page.goto(site.base + pathOf(rich));
      assert.equal(res?.status(), 200);
      const n = rich.pictures!.length;
      const slides = page.locator('.gallery__main .gallery__slide');
      assert.equal(await slides.count(), n);
      for (const arrow of ['.gallery__arrow--prev', '.gallery__arrow--next'])
        assert.equal(await page.locator(`.gallery ${arrow}`).isVisible(), false, `${arrow}: needs script`);
      const main = (await page.locator('.gallery__main').boundingBox())!;
      assert.ok(shownShare(main, (await slides.nth(0).boundingBox())!) > 0.99, 'the first picture shows');
      for (const i of [n - 1, 1, 0]) {
        await page.locator('.gallery__thumb').nth(i).click();
        await page.waitForFunction((h) => location.hash === h, `#photo-${i + 1}`);
        const img = slides.nth(i).locator('img');
        await img.evaluate((el: HTMLImageElement) => el.decode());
        const box = (await page.locator('.gallery__main').boundingBox())!;
        assert.ok(shownShare(box, (await slides.nth(i).boundingBox())!) > 0.99, `picture ${i + 1} of ${n} shows`);
        assert.ok(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0));
      }
      await context.close();
    });

    test(`${label}: a video review plays in the browser's own player`, async () => {
      const { page, context } = await noScriptPage(viewport);
      await page.goto(site.base + pathOf(video));
      const v = page.locator('.gallery video');
      await v.waitFor();
      assert.equal(await v.isVisible(), true);
      const attrs = await v.evaluate((el: HTMLVideoElement) => ({
        controls: el.controls,
        src: new URL(el.currentSrc || el.src).pathname,
      }));
      assert.deepEqual(attrs, { controls: true, src: new URL(video.videos![0].url!, site.base).pathname });
      assert.equal(await page.locator('button.gallery__play').isVisible(), false, 'no button that needs script');
      await context.close();
    });
  }

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}: replies are in the HTML, the merchant's labelled, questions as questions`, async () => {
      const { page, context } = await noScriptPage(viewport);
      await page.goto(site.base + pathOf(merchantReplied));
      const wire = await repliesOf(merchantReplied);
      const items = page.locator('.replies .reply');
      assert.equal(await items.count(), wire.length, 'every reply (up to 10) is on the page');
      const merchant = page.locator('.reply--merchant');
      assert.equal(await merchant.count(), 1);
      assert.equal(await merchant.locator('.reply__badge').innerText(), '商家回复');
      assert.equal(await merchant.locator('.reply__text').innerText(), wire.find((x) => x.fromMerchant)!.content);
      assert.equal(await merchant.isVisible(), true);

      await page.goto(site.base + pathOf(asked));
      const question = (await repliesOf(asked)).find((x) => !x.fromMerchant && /^请问|？$/.test(x.content))!;
      const q = page.locator('.reply--question', { hasText: question.content }).first();
      assert.equal(await q.locator('.reply__badge').first().innerText(), '提问');
      assert.equal(await q.isVisible(), true);
      await context.close();
    });
  }

  test('375: the mobile menu opens and its links are followed', async () => {
    const { page, context } = await noScriptPage(MOBILE);
    await page.goto(site.base + pathOf(rich));
    assert.equal(await page.locator('#shell-mobile-menu').isVisible(), false);
    await page.locator('.mmenu__toggle').click();
    const links = page.locator('#shell-mobile-menu a');
    await links.first().waitFor();
    assert.ok((await links.count()) >= 4);
    assert.equal(await links.first().isVisible(), true);
    const href = (await links.last().getAttribute('href'))!;
    await links.last().click();
    await page.waitForURL((u) => u.pathname === href);
    await context.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}, with script: thumbnails are focusable buttons and a live region names the slide`, async () => {
      const { page, context, problems } = await newPage(browser, viewport);
      await page.goto(site.base + pathOf(rich));
      await hydrated(page);
      const n = rich.pictures!.length;
      const thumbs = page.getByRole('button', { name: /（第 \d+ 张）/ });
      assert.equal(await thumbs.count(), n);
      await thumbs.nth(2).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() =>
        document.querySelectorAll('.gallery__main .gallery__slide')[2]?.classList.contains('gallery__slide--active'),
      );
      // The live region follows the slide a render later: wait for it (the test's deadline bounds it).
      await page.waitForFunction(
        (want) => document.querySelector('.gallery [aria-live="polite"]')?.textContent === want,
        `第 3 张，共 ${n} 张`,
      );
      assert.equal(await thumbs.nth(2).getAttribute('aria-current'), 'true');
      assert.equal(new URL(page.url()).hash, '', 'the carousel moved instead of the page');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
