// Screenshots for the README (issue 6, "Done when"): the review page, home, a category page and
// the menu (the mobile menu open at 375 px; the mega-menu open at 1280 px, the desktop's menu)
// at 1280x800 and 375x812, from the built site served by the reference server over a copy of
// the e2e database (tests/e2e/helpers/site.ts). Viewport-sized PNGs, palette-compressed.
//
//   node --import tsx scripts/build-site.ts    # when public/ is missing or stale
//   node --import tsx scripts/screenshots.ts   # writes docs/screenshots/*.png (--only showcase,product: some)
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, ROOT, hydrated, launch, newPage, siteMissing, startSite } from '../tests/e2e/helpers/site';
import type { HaulResponse, Review } from '../src/storefront/types';
import { categoryPath, haulPath, homePath, productPath, reviewPath, withPrefix } from '../src/paths';

const OUT = path.join(ROOT, 'docs', 'screenshots');
/** `--only showcase,product`: just these shots (the others stay as they are). */
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '').split(',') : null;
const MAX_BYTES = 400 * 1024;

/** Waits until every image that intersects the viewport has loaded (lazy ones included). */
async function imagesLoaded(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.images].every((i) => {
        const r = i.getBoundingClientRect();
        const visible = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && r.width > 0;
        return !visible || (i.complete && i.naturalWidth > 0);
      }),
    undefined,
    { timeout: 30_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}

async function main() {
  if (siteMissing) throw new Error(siteMissing);
  fs.mkdirSync(OUT, { recursive: true });
  const site = await startSite();
  const browser = await launch();
  try {
    const api = async <T>(p: string) => (await (await fetch(site.server.url + p)).json()) as T;
    // A typical review: pictures, a price and a few more reviews of the same product.
    const feed = await api<HaulResponse>('/api/v2/product_comment/haul?delimiter=0&size=60&category=0');
    let review: Review | undefined;
    for (const d of feed.waterFall.waterDrops) {
      const r = (
        await api<{ comments: Review[] }>(
          `/api/v1/product-comment/products/${d.productId}/comments?commentId=${d.commentId}`,
        )
      ).comments[0];
      if (
        (r.pictures?.length ?? 0) >= 4 &&
        r.sku?.cents != null &&
        (r.content ?? '').length > 40 &&
        (r.content ?? '').length < 200 &&
        !/[<>]/.test(r.content ?? '')
      ) {
        review = r;
        break;
      }
    }
    if (!review) throw new Error('no review with pictures in the first 60 of the feed');
    // A review with a playable video (issue 21).
    let video: Review | undefined;
    for (const d of (await api<HaulResponse>('/api/v2/product_comment/haul?delimiter=0&size=500&category=0')).waterFall
      .waterDrops) {
      const r = (
        await api<{ comments: Review[] }>(
          `/api/v1/product-comment/products/${d.productId}/comments?commentId=${d.commentId}`,
        )
      ).comments[0];
      if (!r.pictures?.length && r.videos?.[0]?.url && r.videos[0].width! < r.videos[0].height!) {
        video = r;
        break;
      }
    }
    if (!video) throw new Error('no review with a portrait video in the feed');

    // The product hub with the most reviews (a full histogram and tag list).
    const all = await api<HaulResponse>('/api/v2/product_comment/haul?delimiter=0&size=500&category=0');
    const perProduct = new Map<string, number>();
    for (const d of all.waterFall.waterDrops)
      perProduct.set(String(d.productId), (perProduct.get(String(d.productId)) ?? 0) + 1);
    const busiest = [...perProduct].sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))[0][0];

    const shots: Array<{ name: string; path: string; prepare?: (p: Page, mobile: boolean) => Promise<void> }> = [
      { name: 'review', path: withPrefix(reviewPath(String(review.productId), review.id)) },
      { name: 'home', path: withPrefix(homePath()) },
      { name: 'category', path: withPrefix(categoryPath('8')) },
      // Issue 22: the photo-first showcase with its filters, and a product review hub (the
      // rating summary, filters and sort scrolled to the top).
      { name: 'showcase', path: withPrefix(haulPath()) },
      {
        name: 'product',
        path: withPrefix(productPath(busiest)),
        prepare: async (p) => {
          // Below the fixed header (64 px).
          await p
            .locator('.previews')
            .evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 72));
          await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        },
      },
      {
        // The full-screen photo viewer on the second picture (issue 21 item 2).
        name: 'viewer',
        path: withPrefix(reviewPath(String(review.productId), review.id)),
        prepare: async (p) => {
          // The gallery is a scroll-snap strip (issue 40): the slide shown is --active.
          await p.locator('.gallery__main .gallery__slide--active button.gallery__open').click();
          await p.locator('.viewer').waitFor();
          await p.keyboard.press('ArrowRight');
          await p.waitForFunction(() => /^2 \//.test(document.querySelector('.viewer__counter')?.textContent ?? ''));
          await p.waitForTimeout(400); // the slide's transition
        },
      },
      {
        // A video review playing inline, paused after a second and a half (issue 21 item 1).
        name: 'video',
        path: withPrefix(reviewPath(String(video.productId), video.id)),
        prepare: async (p) => {
          await p.getByRole('button', { name: '播放视频' }).click();
          await p.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1.5);
          await p.evaluate(() => document.querySelector('video')?.pause());
        },
      },
      {
        name: 'menu',
        path: withPrefix(homePath()),
        prepare: async (p, mobile) => {
          if (mobile) {
            await p.click('.mmenu__toggle');
            await p.waitForSelector('#shell-mobile-menu:not([hidden])');
            await p.waitForTimeout(400); // the icon's turn into a cross
          } else {
            await p.locator('.dnav__top').first().hover();
            await p.waitForSelector('.mega:not([hidden]) a');
            await p.waitForTimeout(400); // the highlight's transition
          }
        },
      },
    ];
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      for (const s of shots.filter((x) => !only || only.includes(x.name))) {
        const { page, context, problems } = await newPage(browser, viewport);
        await page.goto(site.base + s.path);
        await hydrated(page);
        await s.prepare?.(page, label === 'mobile');
        await imagesLoaded(page);
        const png = await page.screenshot({ type: 'png' });
        const small = await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
        const file = path.join(OUT, `${s.name}-${label}.png`);
        fs.writeFileSync(file, small);
        const kb = Math.round(small.length / 1024);
        console.log(
          `${path.relative(ROOT, file)} ${viewport.width}x${viewport.height} ${kb} KB${small.length > MAX_BYTES ? ' (over 400 KB)' : ''}${problems.length ? ` problems: ${problems.join('; ')}` : ''}`,
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
