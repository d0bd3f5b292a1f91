// Review detail pages in real Chromium (issue 5, "Done when"): the built pages at 1280x800
// and 375x812, crawler HTML without JavaScript, head data, the gallery and related carousel,
// the client-loaded haul template, an unbuilt review URL, the 404 page, hostile records, and
// no console errors or hydration warnings.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import {
  DESKTOP,
  MOBILE,
  PUBLIC_DIR,
  hydrated,
  launch,
  newPage,
  settled,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import { formatPostedDate, formatPrice, specLine, altText } from '../../src/review/format';
import { siteConfig } from '../../src/site-config';
import type { Review, HaulResponse } from '../../src/storefront/types';

const SPECIAL = {
  scriptContent: 5_000_007,
  htmlUserLabel: 5_000_013,
  javascriptPicture: 5_000_021,
  nullSku: 5_000_034,
  malformedPostedAt: 5_000_055,
};

let site: Site;
let browser: Browser;
let reviews: Review[] = [];
let rich: Review; // many pictures, a price, several reviews on its product
let video: Review | undefined; // video covers, no pictures

async function api<T>(path: string): Promise<T> {
  const r = await fetch(site.server.url + path);
  assert.equal(r.status, 200, path);
  return (await r.json()) as T;
}
const detail = async (productId: unknown, id: unknown) =>
  (await api<{ comments: Review[] }>(`/api/v1/product-comment/products/${productId}/comments?commentId=${id}`))
    .comments[0];
const pathOf = (r: Review) => `/review/${r.productId}/${r.id}/`;

describe('review pages', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const feed = await api<HaulResponse>('/api/v2/product_comment/haul?delimiter=0&size=120&category=0');
    const perProduct = new Map<string, number>();
    for (const d of feed.waterFall.waterDrops)
      perProduct.set(String(d.productId), (perProduct.get(String(d.productId)) ?? 0) + 1);
    reviews = await Promise.all(feed.waterFall.waterDrops.slice(0, 120).map((d) => detail(d.productId, d.commentId)));
    const special = new Set<number>(Object.values(SPECIAL));
    rich = reviews.find(
      (r) =>
        !special.has(Number(r.id)) &&
        (r.pictures?.length ?? 0) >= 6 &&
        r.sku?.cents != null &&
        (perProduct.get(String(r.productId)) ?? 0) >= 3 &&
        (r.content ?? '').length > 20,
    )!;
    video = reviews.find((r) => !r.pictures?.length && r.videos?.length);
    assert.ok(rich, 'the demo data has a review with 6+ pictures, a price and related reviews');
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('crawlers get the whole review in the HTML, without JavaScript', async () => {
    const res = await fetch(site.base + pathOf(rich));
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<html[^>]*lang="zh-CN"/);
    const date = formatPostedDate(rich.postedAt)!;
    assert.ok(html.includes(date), `posted date ${date} in CST`);
    const price = formatPrice(rich.sku!.cents, rich.sku!.attributes?.attributes?.exchangeRateUsed?.choices?.[0])!;
    assert.ok(html.includes(price), `price ${price}`);
    const spec = specLine([
      rich.sku?.color?.name,
      rich.sku?.size?.name,
      rich.sku?.attributes?.attributes?.width?.choices?.[0],
    ]);
    assert.ok(spec, 'the rich review has a spec line (colour, size or width)');
    assert.ok(html.includes(spec), `spec line ${spec}`);
    for (const tag of rich.productCommentLabel?.wordTags ?? []) assert.ok(html.includes(tag), `tag ${tag}`);
    assert.ok(html.includes(`href="/review/pd/${rich.productId}/"`), 'product link');
    assert.ok(html.includes('href="/review/haul/"') && html.includes('href="/review/"'), 'breadcrumb links');
    // Head data.
    assert.match(
      html,
      new RegExp(`<link[^>]*rel="canonical"[^>]*href="${siteConfig.siteUrl}/review/${rich.productId}/${rich.id}/"`),
    );
    assert.match(html, /<meta[^>]*property="og:image"[^>]*content="[^"]+\/media\//);
    assert.match(html, /<meta[^>]*name="twitter:card"/);
    assert.match(
      html,
      /<script[^>]*type="application\/ld\+json"[^>]*>\{"@context":"https:\/\/schema.org","@type":"Review"/,
    );
    assert.match(html, new RegExp(`<title[^>]*>[^<]*${siteConfig.siteName}</title>`));
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    test(`${label}: the page hydrates without errors and keeps the built date`, async () => {
      const { page, context, problems } = await newPage(browser, viewport, { timezoneId: 'America/Los_Angeles' });
      await page.goto(site.base + pathOf(rich));
      const before = await page.locator('.reviewer time').innerText();
      await hydrated(page);
      assert.equal(await page.locator('.reviewer time').innerText(), before);
      assert.equal(before, formatPostedDate(rich.postedAt));
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`${label}: gallery shows full images with 5 thumbnails, arrows, sizes and alt text`, async () => {
      const { page, context, problems } = await newPage(browser, viewport);
      await page.goto(site.base + pathOf(rich));
      await hydrated(page);
      const imgs = page.locator('.gallery__main img');
      assert.equal(await imgs.count(), rich.pictures!.length);
      const first = await imgs
        .first()
        .evaluate((i: HTMLImageElement) => ({ w: i.getAttribute('width'), h: i.getAttribute('height'), alt: i.alt }));
      assert.equal(Number(first.w), rich.pictures![0].full.width);
      assert.equal(Number(first.h), rich.pictures![0].full.height);
      assert.equal(first.alt, altText(rich.content));
      // Five thumbnails fit the strip.
      const visible = await page.$$eval('.gallery__thumbs .gallery__thumb', (els) => {
        const box = els[0].parentElement!.getBoundingClientRect();
        return els.filter((e) => {
          const r = e.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1;
        }).length;
      });
      assert.equal(visible, 5);
      assert.ok(await page.locator('.gallery__arrow--next').isVisible());
      await page.locator('.gallery__arrow--next').click();
      await page.waitForFunction(() =>
        document.querySelectorAll('.gallery__main .gallery__slide')[1]?.classList.contains('gallery__slide--active'),
      );
      await settled(page);
      assert.equal(
        await page.$eval('.gallery__main .gallery__slide--active img', (i) =>
          (i as HTMLImageElement).src.endsWith(new URL(i.getAttribute('src')!, location.href).pathname),
        ),
        true,
      );
      assert.equal(
        await page
          .locator('.gallery__main .gallery__slide')
          .nth(1)
          .getAttribute('class')
          .then((c) => c?.includes('gallery__slide--active')),
        true,
      );
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test('related carousel: vertical 6.5 with arrows above 960px, horizontal 2.5 without arrows below', async () => {
    const related = async (viewport: { width: number; height: number }, belowFold: boolean) => {
      const { page, context } = await newPage(browser, viewport);
      await page.goto(site.base + pathOf(rich));
      await hydrated(page);
      // Below the fold Swiper starts only when the carousel nears the viewport, and then
      // without moving anything (layout shifts are summed from here on).
      const below = await page.$eval(
        '.related__swiper',
        (el) => el.getBoundingClientRect().top > window.innerHeight + 200,
      );
      const started = () =>
        page.$eval('.related__swiper', (el) => Boolean((el as HTMLElement & { swiper?: unknown }).swiper));
      // Beside the gallery on a wide screen, under the text on a phone.
      assert.equal(below, belowFold, `the carousel ${belowFold ? 'below' : 'above'} the fold`);
      if (belowFold) assert.equal(await started(), false, 'no Swiper below the fold before scrolling');
      await page.evaluate(() => {
        (window as unknown as { cls: number }).cls = 0;
        new PerformanceObserver((l) =>
          l.getEntries().forEach((e) => {
            (window as unknown as { cls: number }).cls += (e as unknown as { value: number }).value;
          }),
        ).observe({ type: 'layout-shift' });
      });
      await page.locator('.related__swiper').scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        Boolean((document.querySelector('.related__swiper') as HTMLElement & { swiper?: unknown }).swiper),
      );
      await settled(page);
      assert.equal(
        await page.evaluate(() => (window as unknown as { cls: number }).cls),
        0,
        'starting the carousel shifts nothing',
      );
      const info = await page.$eval('.related__swiper', (el) => {
        const s = (
          el as HTMLElement & { swiper: { params: { direction: string; slidesPerView: number; spaceBetween: number } } }
        ).swiper;
        return { direction: s.params.direction, perView: s.params.slidesPerView, gap: s.params.spaceBetween };
      });
      const arrows = await page.locator('.related__arrow--next').isVisible();
      const state = await page.getAttribute('.related', 'data-arrows');
      const links = await page.$$eval('.related__item', (as) => as.map((a) => a.getAttribute('href')));
      return { info, arrows, state, links, page, context, below };
    };
    const wide = await related(DESKTOP, false);
    assert.deepEqual(wide.info, { direction: 'vertical', perView: 6.5, gap: 12 });
    assert.equal(wide.arrows, true);
    assert.equal(wide.state, 'begin');
    assert.ok(!wide.links.includes(pathOf(rich)), 'the current review is not in its related list');
    assert.ok(wide.links.every((h) => /^\/review\/\d+\/\d+\/$/.test(h!)));
    if (wide.links.length > 7) {
      await wide.page.locator('.related__arrow--next').click();
      await wide.page.waitForFunction(
        () => document.querySelector('.related')?.getAttribute('data-arrows') !== 'begin',
      );
      await settled(wide.page);
      assert.equal(await wide.page.getAttribute('.related', 'data-arrows'), 'middle');
    }
    await wide.context.close();
    const narrow = await related(MOBILE, true);
    assert.equal(narrow.below, true, 'on a phone the carousel is below the fold');
    assert.deepEqual(narrow.info, { direction: 'horizontal', perView: 2.5, gap: 12 });
    assert.equal(narrow.arrows, false);
    await narrow.context.close();
  });

  test('a review with only a video falls back to its cover', async () => {
    assert.ok(video, 'the demo data has video-only reviews among the newest 120');
    const html = await (await fetch(site.base + pathOf(video!))).text();
    assert.match(html, /class="gallery__play"/, 'video badge');
    const cover = String(video!.videos![0].cover!.url);
    assert.ok(html.includes(`src="${cover}"`), 'the cover is the gallery image');
    assert.ok(html.includes(`content="${siteConfig.siteUrl}${cover}"`), 'the cover is the share image');
  });

  test('hostile records render as text and never as script or links', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    for (const id of [SPECIAL.scriptContent, SPECIAL.htmlUserLabel, SPECIAL.javascriptPicture]) {
      const r = reviews.find((x) => Number(x.id) === id) ?? (await findReview(id));
      await page.goto(site.base + pathOf(r));
      await hydrated(page);
      const html = await page.content();
      assert.ok(!/src="javascript:|href="javascript:/i.test(html), `no javascript: URL on ${id}`);
      assert.equal(
        await page
          .locator('script:not([src]):not([type="application/ld+json"]):not([id^="gatsby"])')
          .evaluateAll((s) => s.filter((x) => x.textContent?.includes('alert(')).length),
        0,
      );
      if (id === SPECIAL.scriptContent)
        assert.ok((await page.locator('.review__text').innerText()).includes('<script>alert(1)</script>'));
      if (id === SPECIAL.htmlUserLabel)
        assert.ok((await page.locator('.reviewer__label').innerText()).includes('<b onmouseover'));
    }
    assert.deepEqual(
      problems.filter((p) => p.startsWith('dialog')),
      [],
      'no alert ran',
    );
    await context.close();
  });

  test('a review with a null sku is built without spec line or price; a malformed one is skipped', async () => {
    const r = await findReview(SPECIAL.nullSku);
    const html = await (await fetch(site.base + pathOf(r))).text();
    assert.ok(!html.includes('class="review__price"'));
    assert.ok(!html.includes('class="review__spec-line"'));
    const bad = await fetch(
      `${site.base}/review/page-data/${(await findDrop(SPECIAL.malformedPostedAt)).productId}/${SPECIAL.malformedPostedAt}/page-data.json`,
    );
    assert.equal(bad.status, 404, 'no page-data for the skipped review');
    // Whatever the build cannot publish is linked from nothing it publishes, and its URL is not a 200.
    const drop = await findDrop(SPECIAL.malformedPostedAt);
    const url = `/review/${drop.productId}/${SPECIAL.malformedPostedAt}/`;
    assert.equal((await fetch(site.base + url)).status, 404, url);
    const linking: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const f = path.join(dir, e.name);
        if (e.isDirectory()) walk(f);
        else if (/\.(html|json|xml)$/.test(e.name)) {
          const text = fs.readFileSync(f, 'utf8');
          const id = SPECIAL.malformedPostedAt;
          if (text.includes(`/${id}/`) || new RegExp(`"commentId":"?${id}\\b`).test(text))
            linking.push(path.relative(PUBLIC_DIR, f));
        }
      }
    };
    walk(PUBLIC_DIR);
    assert.deepEqual(linking, [], 'no page links the skipped review');
  });

  test('haul detail template loads a review in the browser from the query string', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    await page.goto(
      `${site.base}/review/haul-detail/?productId=${rich.productId}&commentId=%20${rich.id}%20&commentId=1`,
    );
    await page.waitForSelector('.review__text');
    const shown = (await page.locator('.review__text').innerText()).replace(/\s+/g, ' ').trim();
    assert.equal(shown, rich.content!.replace(/\s+/g, ' ').trim());
    const crumbs = await page.locator('.breadcrumb li').allInnerTexts();
    assert.equal(crumbs[0], '首页');
    assert.equal(crumbs[1], '晒单广场');
    assert.ok(rich.content!.startsWith(crumbs[2].replace(/…$/, '')), 'last crumb is the review text once loaded');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a review published after the build opens at its normal URL, server-rendered', async () => {
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(site.dbFile);
    const src = db.prepare('SELECT * FROM reviews WHERE id = ?').get(rich.id) as Record<string, unknown>;
    const newId = 5_999_999;
    db.prepare(
      `INSERT INTO reviews (${Object.keys(src).join(',')}) VALUES (${Object.keys(src)
        .map(() => '?')
        .join(',')})`,
    ).run(
      ...Object.entries(src).map(([k, v]) =>
        k === 'id' ? newId : k === 'content' ? '刚刚发布的晒单，还没有静态页面。' : k === 'posted_at' ? Date.now() : v,
      ),
    );
    db.close();
    const url = `${site.base}/review/${rich.productId}/${newId}/`;
    const { page, context, problems } = await newPage(browser, DESKTOP);
    const res = await page.goto(url);
    assert.equal(res?.status(), 200);
    await page.waitForSelector('.review__text');
    assert.equal(await page.locator('.review__text').innerText(), '刚刚发布的晒单，还没有静态页面。');
    assert.equal(new URL(page.url()).pathname, `/review/${rich.productId}/${newId}/`, 'the URL stays the review URL');
    await page.waitForFunction((name) => document.title.includes(name), siteConfig.siteName);
    assert.notEqual(await page.title(), '404');
    assert.deepEqual(
      problems.filter((p) => !p.includes('404')),
      [],
    );

    // Client navigation from a built page (what a <Link> does: Gatsby's navigate with the
    // prefixed path) reaches it too: no page-data, the HTML answers, so Gatsby loads the URL.
    await page.goto(site.base + pathOf(rich));
    await hydrated(page);
    await page.evaluate(
      (to) => (window as unknown as { ___navigate: (p: string) => void }).___navigate(to),
      `/review/${rich.productId}/${newId}/`,
    );
    await page.waitForFunction(() => document.querySelector('.review__text')?.textContent?.includes('刚刚发布'));
    assert.equal(new URL(page.url()).pathname, `/review/${rich.productId}/${newId}/`);
    await context.close();

    // Without JavaScript the page is complete (issue 23: rendered by the site server on its
    // first request, then kept): the review's heading and text, never the 404 page's loading text.
    const bare = await newPage(browser, MOBILE);
    await bare.page.route(/\.js(\?|$)/, (r) => r.abort());
    const plain = await bare.page.goto(url);
    assert.equal(plain?.status(), 200);
    assert.equal(plain?.headers()['x-deferred'], 'kept', 'rendered once, then kept');
    assert.equal(await bare.page.evaluate(() => document.documentElement.classList.contains('unbuilt-review')), false);
    assert.equal(await bare.page.locator('.review__text').innerText(), '刚刚发布的晒单，还没有静态页面。');
    assert.equal(await bare.page.locator('h1').count(), 1);
    assert.equal(await bare.page.locator('.not-found').count(), 0);
    await bare.context.close();
  });

  test('a review URL whose review does not exist says so', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    const res = await page.goto(`${site.base}/review/${rich.productId}/5999998/`);
    assert.equal(res?.status(), 404, 'no soft 404: the server asks the storefront (issue 11)');
    await page.waitForSelector('.review__status:has-text("这条晒单不存在或已被删除")');
    await context.close();
  });

  test('unknown paths answer 404 with the 404 page', async () => {
    const res = await fetch(`${site.base}/review/no/such/page/`);
    assert.equal(res.status, 404);
    const { page, context } = await newPage(browser, MOBILE);
    await page.goto(`${site.base}/review/no/such/page/`);
    await hydrated(page);
    assert.equal((await page.locator('h1').innerText()).trim(), '404');
    assert.equal(await page.getAttribute('.not-found a', 'href'), '/review/', 'a link home');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('unbuilt-review')), false);
    await context.close();
  });
});

async function findDrop(id: number) {
  let delimiter: string | null = '0';
  while (delimiter != null) {
    const page: HaulResponse = await api<HaulResponse>(
      `/api/v2/product_comment/haul?delimiter=${delimiter}&size=500&category=0`,
    );
    const hit = page.waterFall.waterDrops.find((d) => Number(d.commentId) === id);
    if (hit) return hit;
    delimiter = page.waterFall.delimiter;
  }
  throw new Error(`review ${id} not in the feed`);
}

async function findReview(id: number): Promise<Review> {
  const d = await findDrop(id);
  return detail(d.productId, id);
}

export type { Page };
