// The review page's video player, photo viewer and sharing in real Chromium (issue 21 items
// 1-3): a video plays inline from the reference server's demo file (Range answers 206), stops
// when its slide leaves and shows its cover with a message when it cannot play; pictures open
// a zoomable full-screen viewer that Esc, back and its close button leave, with focus trapped
// and returned; the share button uses the Web Share API, else copies the link (or shows it when
// copying fails) with a QR code on desktop; inside WeChat the JS-SDK gets the review's card,
// signed by the reference server. None of it loads before the shopper asks for it.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Browser, Page, Request } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  actionTimeout,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import { siteConfig } from '../../src/site-config';
import type { HaulResponse, Review } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let rich: Review; // 4+ pictures
let video: Review; // a playable video, no pictures
let other: Review; // another review, shown by query ids with a doctored answer

const pathOf = (r: Review) => `/review/${r.productId}/${r.id}/`;
const canonicalOf = (r: Review) => `${siteConfig.siteUrl}${pathOf(r)}`;

async function api<T>(path: string): Promise<T> {
  const r = await fetch(site.server.url + path);
  assert.equal(r.status, 200, path);
  return (await r.json()) as T;
}
const detail = async (productId: unknown, id: unknown) =>
  (await api<{ comments: Review[] }>(`/api/v1/product-comment/products/${productId}/comments?commentId=${id}`))
    .comments[0];

/** Same-origin requests of a page, by path. */
function requests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}
const pathsOf = (rs: Request[]) => rs.map((r) => new URL(r.url()).pathname);

describe('review media and sharing', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const feed = await api<HaulResponse>('/api/v2/product_comment/haul?delimiter=0&size=500&category=0');
    const drops = feed.waterFall.waterDrops.slice(0, 200);
    const all = await Promise.all(drops.map((d) => detail(d.productId, d.commentId)));
    rich = all.find((r) => (r.pictures?.length ?? 0) >= 4 && Number(r.id) !== 5_000_021 && r.sku?.name)!;
    video = all.find((r) => !r.pictures?.length && r.videos?.[0]?.url)!;
    other = all.find((r) => r !== rich && r !== video && r.productId !== video.productId && r.sku?.name)!;
    assert.ok(rich && video && other, 'the demo data has a review with pictures, one with a video, and another');
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('a video plays inline on click: playsinline, no preload, cover as poster, native controls, 206 ranges', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    const seen = requests(page);
    await page.goto(site.base + pathOf(video));
    await hydrated(page);
    assert.equal(await page.locator('video').count(), 0, 'no video element before the click');
    assert.ok(!pathsOf(seen).some((p) => p.startsWith('/media/video/')), 'no video byte before the click');
    const play = page.getByRole('button', { name: '播放视频' });
    await play.click();
    const v = page.locator('video.gallery__video');
    await v.waitFor();
    const attrs = await v.evaluate((el: HTMLVideoElement) => ({
      playsInline: el.playsInline,
      preload: el.getAttribute('preload'),
      poster: el.getAttribute('poster'),
      controls: el.controls,
      src: el.getAttribute('src'),
      autoplay: el.autoplay,
    }));
    assert.deepEqual(attrs, {
      playsInline: true,
      preload: 'none',
      poster: video.videos![0].cover!.url,
      controls: true,
      src: video.videos![0].url,
      autoplay: false,
    });
    // It plays: time advances (the demo file decodes in this Chromium).
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.2, null, {
      timeout: actionTimeout(),
    });
    const ranged = await Promise.all(
      seen.filter((r) => new URL(r.url()).pathname.startsWith('/media/video/')).map((r) => r.response()),
    );
    assert.ok(
      ranged.some((r) => r?.status() === 206),
      `a 206 answer: ${ranged.map((r) => r?.status())}`,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the keyboard plays it; a second video stops the first when its slide leaves; a broken one shows its cover and a message', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    // Another review, named by the query: its answer carries the demo video twice and a broken one.
    const good = video.videos![0];
    await page.route(`**/api/v1/product-comment/products/${other.productId}/comments?commentId=${other.id}*`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          comments: [
            {
              ...other,
              pictures: [],
              videos: [good, { ...good }, { ...good, url: '/media/video/v1/180x320.mp4' }],
            },
          ],
        }),
      }),
    );
    await page.goto(`${site.base}${pathOf(rich)}?productId=${other.productId}&commentId=${other.id}`);
    await hydrated(page);
    await page.waitForFunction(() => document.querySelectorAll('.gallery__main .gallery__play').length === 3, null, {
      timeout: 20_000,
    });
    // Keyboard: focus the first play button and press Enter.
    await page.locator('.gallery__main button.gallery__play').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.2, null, {
      timeout: actionTimeout(),
    });
    assert.equal(
      await page.evaluate(() => document.activeElement?.tagName),
      'VIDEO',
      'focus moves to the player (its controls work from the keyboard)',
    );
    // The next slide: the first video pauses.
    await page.locator('.gallery__arrow--next').click();
    await page.waitForFunction(() => document.querySelector('video')?.paused === true, null, { timeout: 10_000 });
    // The third slide: a file that is not there.
    await page.locator('.gallery__arrow--next').click();
    await page.waitForFunction(() =>
      document.querySelectorAll('.gallery__main .gallery__slide')[2]?.classList.contains('gallery__slide--active'),
    );
    await page.locator('.gallery__main .gallery__slide--active button.gallery__play').click();
    const alert = page.locator('.gallery__main .gallery__slide--active .gallery__video-error');
    await alert.waitFor({ timeout: 20_000 });
    assert.match(await alert.innerText(), /视频暂时无法播放/);
    assert.equal(await alert.getAttribute('role'), 'alert');
    assert.equal(
      await page.locator('.gallery__main .gallery__slide--active img').getAttribute('src'),
      good.cover!.url,
      'the cover stays',
    );
    await context.close();
  });

  test('pictures open a full-screen viewer loaded on demand: counter, arrows, zoom, focus trap, Esc, back, close', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    // The viewer's chunk (its carousel's class name): asked for once the page has loaded and the
    // browser is idle, or at the tap, whichever comes first (viewer-start.ts); never in the HTML.
    const viewerChunk = page.waitForResponse(
      async (r) =>
        /\.js$/.test(new URL(r.url()).pathname) && (await r.text().catch(() => '')).includes('viewer__swiper'),
    );
    const html = await (await page.goto(site.base + pathOf(rich)))!.text();
    await hydrated(page);
    const n = rich.pictures!.length;
    assert.equal(await page.locator('.viewer').count(), 0);
    const opener = page.locator('.gallery__main .gallery__slide--active button.gallery__open');
    await opener.click();
    // The picture shows full-screen at once; the viewer with zoom follows with its chunk.
    await page.locator('.viewer').first().waitFor();
    await page.locator('.viewer:not(.viewer--opening)').waitFor();
    const dialog = page.getByRole('dialog', { name: '查看大图' });
    const chunk = path.basename(new URL((await viewerChunk).url()).pathname);
    assert.ok(!html.includes(chunk), `the viewer came as a chunk of its own, not in the page's HTML (${chunk})`);
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    assert.equal((await page.locator('.viewer__counter').innerText()).trim(), `1 / ${n}`);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '关闭');
    // Full-size pictures at their real dimensions.
    const first = page.locator('.viewer .swiper-slide').first().locator('img');
    assert.equal(await first.getAttribute('src'), rich.pictures![0].full!.url);
    assert.equal(Number(await first.getAttribute('width')), rich.pictures![0].full!.width);
    // Arrows move.
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (t) => document.querySelector('.viewer__counter')?.textContent?.trim() === t,
      `2 / ${n}`,
    );
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      (t) => document.querySelector('.viewer__counter')?.textContent?.trim() === t,
      `1 / ${n}`,
    );
    // Zoom by button and by wheel.
    const zoomed = () => page.locator('.viewer .swiper-slide-active.swiper-slide-zoomed');
    await page.getByRole('button', { name: '放大' }).click();
    await zoomed().waitFor();
    await page.getByRole('button', { name: '缩小' }).click();
    await zoomed().waitFor({ state: 'detached' });
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
    await page.mouse.wheel(0, -200);
    await zoomed().waitFor();
    // Focus stays inside: Tab and Shift+Tab many times.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.viewer')), `focus inside after ${key}`);
    }
    // Esc closes and gives focus back to the picture.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.classList.contains('gallery__open'));
    assert.equal(
      await page.evaluate(() => (history.state as { photoViewer?: boolean } | null)?.photoViewer ?? false),
      false,
    );
    // The back button closes it and stays on the page.
    await opener.click();
    await dialog.waitFor();
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, pathOf(rich));
    await page.waitForFunction(() => document.activeElement?.classList.contains('gallery__open'));
    // The close button.
    await opener.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '关闭', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, pathOf(rich));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('share without the Web Share API: the link is copied; desktop shows its QR code', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
    // Init scripts as text: tsx would wrap functions in helpers the page does not have.
    await page.addInitScript('delete Navigator.prototype.share;');
    await page.goto(site.base + pathOf(rich));
    await hydrated(page);
    await page.getByRole('button', { name: '分享' }).click();
    const status = page.locator('.share__status');
    await page.waitForFunction(() => /已复制/.test(document.querySelector('.share__status')?.textContent ?? ''));
    assert.match(await status.innerText(), /链接已复制/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), canonicalOf(rich));
    const qr = page.locator('.share__qr img');
    await qr.waitFor();
    const svg = await QRCode.toString(canonicalOf(rich), {
      type: 'svg',
      margin: 1,
      width: 160,
      errorCorrectionLevel: 'M',
    });
    assert.equal(
      await qr.getAttribute('src'),
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
      'a QR code of the link',
    );
    await page.keyboard.press('Escape');
    await page.locator('.share__panel').waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('share when copying fails: the link is shown, selected, to copy by hand; no QR code on a phone', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    await page.addInitScript(`
      delete Navigator.prototype.share;
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
      document.execCommand = () => false;
    `);
    await page.goto(site.base + pathOf(video));
    await hydrated(page);
    await page.getByRole('button', { name: '分享' }).click();
    await page.waitForFunction(() => /复制失败/.test(document.querySelector('.share__status')?.textContent ?? ''));
    const field = page.getByRole('textbox', { name: '晒单链接' });
    assert.equal(await field.inputValue(), canonicalOf(video));
    assert.equal(
      await field.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
      canonicalOf(video),
      'selected, ready to copy',
    );
    assert.equal(await page.locator('.share__qr').count(), 0);
    await context.close();
  });

  test('share with the Web Share API: the system sheet gets the title, text and link; no panel', async () => {
    const { page, context } = await newPage(browser, MOBILE);
    await page.addInitScript(`
      navigator.share = (data) => {
        window.shared = [...(window.shared || []), data];
        return Promise.resolve();
      };
    `);
    await page.goto(site.base + pathOf(rich));
    await hydrated(page);
    await page.getByRole('button', { name: '分享' }).click();
    await page.waitForFunction(() => (window as unknown as { shared?: unknown[] }).shared?.length === 1);
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared[0]);
    assert.equal(shared.url, canonicalOf(rich));
    assert.equal(shared.title, await page.title());
    assert.equal(shared.text, await page.locator('meta[name="description"]').getAttribute('content'));
    assert.equal(await page.locator('.share__panel').count(), 0);
    await context.close();
  });

  test('inside WeChat: the JS-SDK is configured with the server signature of the page and gets the share card', async () => {
    const context = await browser.newContext({
      viewport: MOBILE,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
    });
    const page = await context.newPage();
    const seen = requests(page);
    await page.addInitScript(`
      const rec = {};
      window.wxRecord = rec;
      window.wx = {
        config: (c) => { rec.config = c; },
        ready: (cb) => cb(),
        error: () => undefined,
        updateAppMessageShareData: (d) => { rec.appMessage = d; },
        updateTimelineShareData: (d) => { rec.timeline = d; },
      };
    `);
    const url = `${site.base}${pathOf(rich)}?utm_source=wechat`;
    await page.goto(url + '#top');
    await page.waitForFunction(
      () => !!(window as unknown as { wxRecord: { timeline?: unknown } }).wxRecord.timeline,
      null,
      {
        timeout: 20_000,
      },
    );
    const rec = (await page.evaluate(() => (window as unknown as { wxRecord: unknown }).wxRecord)) as {
      config: {
        appId: string;
        timestamp: number;
        nonceStr: string;
        signature: string;
        jsApiList: string[];
        debug: boolean;
      };
      appMessage: { title: string; desc: string; link: string; imgUrl: string };
      timeline: { title: string; link: string; imgUrl: string };
    };
    const c = rec.config;
    assert.equal(c.appId, 'wx0000000000test');
    assert.equal(c.debug, false);
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=reference-server-test-jsapi-ticket&noncestr=${c.nonceStr}&timestamp=${c.timestamp}&url=${url}`,
      )
      .digest('hex');
    assert.equal(c.signature, expected, 'signed for the page URL without its fragment');
    assert.deepEqual(c.jsApiList, ['updateAppMessageShareData', 'updateTimelineShareData']);
    assert.equal(rec.appMessage.title, await page.title());
    assert.equal(rec.appMessage.desc, await page.locator('meta[name="description"]').getAttribute('content'));
    assert.equal(rec.appMessage.link, canonicalOf(rich));
    assert.equal(rec.appMessage.imgUrl, await page.locator('meta[property="og:image"]').getAttribute('content'));
    assert.deepEqual(rec.timeline, {
      title: rec.appMessage.title,
      link: rec.appMessage.link,
      imgUrl: rec.appMessage.imgUrl,
    });
    assert.ok(pathsOf(seen).includes('/api/v1/wechat-jsticket'));
    await context.close();

    // Anywhere else: no ticket is asked for.
    const plain = await newPage(browser, MOBILE);
    const calls = requests(plain.page);
    await plain.page.goto(site.base + pathOf(rich));
    await hydrated(plain.page);
    assert.ok(!pathsOf(calls).includes('/api/v1/wechat-jsticket'));
    await plain.context.close();
  });
});
