// srcset from the media server's sizes (issue 44, finish list): at a device pixel ratio of 2
// the showcase's and home's waterfall pictures, a category's product cards and the review
// gallery's picture get at least the pixels their box needs (or the widest the server has),
// at 375 and 1280 px. Before srcset, the showcase's cards got 0.53-0.95 of them. Real Chromium
// over the built site and the reference server.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launch, siteMissing, startSite, type Site } from './helpers/site';

const VIEWPORTS = [
  ['375', MOBILE],
  ['1280', DESKTOP],
] as const;
const DPR = 2;

let site: Site;
let browser: Browser;

interface Shown {
  src: string;
  current: string;
  natural: number;
  box: number;
  widest: number;
}

/** The loaded pictures of `sel` that have a srcset: what was chosen and the box it fills. */
async function shown(page: Page, sel: string): Promise<Shown[]> {
  return page.$$eval(sel, (imgs) =>
    (imgs as HTMLImageElement[])
      .filter((i) => i.srcset && i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > 0)
      .map((i) => ({
        src: i.getAttribute('src') ?? '',
        current: i.currentSrc,
        // naturalWidth is in CSS pixels (the resource's width over its density): the chosen
        // file's own width is in its name (the server's width, srcset.test in integration).
        natural: Number(/\/([0-9]+)x[0-9]+\.[a-z]+$/.exec(i.currentSrc)?.[1] ?? 0),
        box: i.getBoundingClientRect().width,
        widest: Math.max(...i.srcset.split(',').map((c) => Number(/ ([0-9]+)w$/.exec(c.trim())?.[1] ?? 0))),
      })),
  );
}

/** Scrolls down a screen at a time so lazy pictures load, then waits for those in view. */
async function scrollThrough(page: Page, screens: number) {
  for (let i = 0; i < screens; i++) {
    await page.mouse.wheel(0, 700);
    await page.waitForFunction(() =>
      [...document.images]
        .filter((i) => {
          const r = i.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight;
        })
        .every((i) => i.complete),
    );
  }
}

describe('srcset at DPR 2', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}: waterfall cards, product cards and the gallery get the pixels their box needs`, async (t) => {
      const context = await browser.newContext({ viewport, deviceScaleFactor: DPR, locale: 'zh-CN' });
      const page = await context.newPage();
      try {
        const review = (await (
          await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=60&category=0`)
        ).json()) as {
          waterFall: { waterDrops: Array<{ productId: string; commentId: string; image?: string | null }> };
        };
        const withPicture = review.waterFall.waterDrops.find((d) => d.image?.startsWith('/media/picture/'));
        assert.ok(withPicture, 'a review with pictures');
        const pages = [
          ['/review/haul/', '.wf__list img'],
          ['/review/', '.wf__list img'],
          ['/review/category/8/', '.pcard img'],
          [`/review/${withPicture.productId}/${withPicture.commentId}/`, '.gallery__slide img'],
        ] as const;
        for (const [path, sel] of pages) {
          await page.goto(site.base + path);
          await scrollThrough(page, sel.startsWith('.gallery') ? 0 : 3);
          const imgs = await shown(page, sel);
          assert.ok(imgs.length > 0, `${path}: pictures with a srcset in ${sel}`);
          const ratio = (i: Shown) => i.natural / (i.box * DPR);
          const before = imgs.map((i) => Number(/\/([0-9]+)x[0-9]+\.[a-z]+$/.exec(i.src)?.[1]) / (i.box * DPR));
          t.diagnostic(
            `${path}: ${imgs.length} pictures; pixels got / needed: min ${Math.min(...imgs.map(ratio)).toFixed(2)} (src alone: ${Math.min(...before).toFixed(2)}-${Math.max(...before).toFixed(2)})`,
          );
          for (const i of imgs)
            assert.ok(
              ratio(i) >= 0.99 || i.natural >= i.widest,
              `${path}: ${i.current} is ${i.natural} px wide for a ${i.box.toFixed(0)} px box at DPR ${DPR}`,
            );
        }
      } finally {
        await context.close();
      }
    });
  }
});
