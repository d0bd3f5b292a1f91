// The showcase's waterfall only grows at the bottom (issue 44): each card sits in the shortest
// column from the server HTML on, hydration moves nothing, and three pages of infinite scroll
// appended below never move a card the shopper sees, at 375, 768 and 1280 px. Real Chromium
// over the built site and the reference server.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';

const VIEWPORTS = [
  ['375', MOBILE, 2],
  ['768', { width: 768, height: 1024 }, 3],
  ['1280', DESKTOP, 5],
] as const;
const WAIT = { timeout: 60_000 };

let site: Site;
let browser: Browser;

type Box = { id: string; x: number; y: number; w: number; h: number };

/** Every card of the list, in page coordinates. */
const cards = (page: Page): Promise<Box[]> =>
  page.$$eval('.wf__list .rcard, .rgrid--waterfall .rcard', (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return {
        id: e.getAttribute('data-comment-id')!,
        x: r.left + scrollX,
        y: r.top + scrollY,
        w: r.width,
        h: r.height,
      };
    }),
  );

/** The cards at least partly on screen, in viewport coordinates. */
const onScreen = (page: Page): Promise<Box[]> =>
  page.$$eval('.wf__list .rcard, .rgrid--waterfall .rcard', (els) =>
    els
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.getAttribute('data-comment-id')!, x: r.left, y: r.top, w: r.width, h: r.height };
      })
      .filter((b) => b.y + b.h > 0 && b.y < innerHeight && b.h > 0),
  );

/** Two frames painted (layout done), never a fixed time. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

function assertSamePlaces(before: Box[], after: Box[], what: string) {
  const now = new Map(after.map((b) => [b.id, b]));
  for (const b of before) {
    const a = now.get(b.id);
    assert.ok(a, `${what}: card ${b.id} is still on the page`);
    for (const k of ['x', 'y', 'w', 'h'] as const)
      assert.ok(Math.abs(a[k] - b[k]) <= 1, `${what}: card ${b.id} ${k} ${b[k]} -> ${a[k]}`);
  }
}

/** No two cards overlap, and each column's cards follow each other with one gap between. */
function assertNoOverlap(boxes: Box[], what: string) {
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const overlap =
        Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 &&
        Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1;
      assert.ok(!overlap, `${what}: cards ${a.id} and ${b.id} overlap`);
    }
}

describe('showcase waterfall', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [label, viewport, columns] of VIEWPORTS) {
    test(`${label} px: server placement kept by hydration, 3 appended pages move no card on screen`, async () => {
      const { page, context, problems } = await newPage(browser, viewport);
      try {
        const res = await page.goto(`${site.base}/review/haul/`);
        assert.equal(res?.status(), 200);
        await frames(page);
        // The server HTML's places, before any script has run.
        const server = await cards(page);
        assert.ok(server.length >= 10, `${server.length} cards in the server HTML`);
        const lefts = new Set(server.map((b) => Math.round(b.x)));
        assert.equal(lefts.size, columns, `${columns} columns at ${label} px (lefts ${[...lefts].join(', ')})`);
        assertNoOverlap(server, 'server HTML');
        await hydrated(page);
        assertSamePlaces(server, await cards(page), 'after hydration');

        // Stand in the middle of the built cards, as a shopper scrolling down would.
        const y = Math.round(server[Math.floor(server.length / 2)].y - viewport.height / 3);
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await frames(page);
        const seen = await onScreen(page);
        assert.ok(seen.length >= 2, `${seen.length} cards on screen`);
        let count = server.length;
        for (let round = 1; round <= 3; round++) {
          await page.locator('.haul__more').scrollIntoViewIfNeeded();
          await page.waitForFunction(
            (n) => document.querySelectorAll('.wf__list .rcard, .rgrid--waterfall .rcard').length > n,
            count,
            WAIT,
          );
          await page.waitForFunction(
            () => document.querySelector<HTMLElement>('.haul__more')?.dataset.status !== 'loading',
            undefined,
            WAIT,
          );
          await frames(page);
          count = (await cards(page)).length;
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await frames(page);
          assert.equal(await page.evaluate(() => Math.round(scrollY)), y, 'back at the same scroll position');
          assertSamePlaces(seen, await onScreen(page), `after appended page ${round}`);
        }
        const all = await cards(page);
        assert.ok(all.length >= server.length + 3, `${all.length} cards after three pages`);
        assertNoOverlap(all, 'after three pages');
        // The list holds its cards: what follows it starts below the lowest card.
        const bottom = Math.max(...all.map((b) => b.y + b.h));
        const more = await page.$eval('.haul__more', (e) => e.getBoundingClientRect().top + scrollY);
        assert.ok(more >= bottom - 1, `the sentinel (${more}) is below the last card (${bottom})`);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});
