// Every page kind fits every width from 320 to 1920 px (issue 21 item 6): no horizontal scroll
// and nothing cut off at the right edge (the review page's sidebar was, from 960 to 1199 px), in
// real Chromium. Each page is opened once and resized through the widths (Swiper and the shell
// follow resizes as they follow a rotated phone), which keeps the 90 checks to 10 page loads.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { PUBLIC_DIR, hydrated, launch, newPage, settled, siteMissing, startSite, type Site } from './helpers/site';
import { pageKinds, type PageKind } from './helpers/page-kinds';

const WIDTHS = [320, 375, 768, 959, 960, 1024, 1199, 1280, 1920];

// A string, not a function: tsx would wrap the inner functions' names in a helper (__name) the
// page does not have.
const OVERFLOW = `(() => {
  var vw = document.documentElement.clientWidth;
  function name(e) {
    var c = typeof e.className === 'string' ? e.className.trim() : '';
    return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (c ? '.' + c.split(/\\s+/).join('.') : '');
  }
  // The part of e that can be seen: its box cut by every ancestor that clips overflow.
  function seen(e, r) {
    var left = r.left, right = r.right;
    for (var a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') {
        var c = a.getBoundingClientRect();
        left = Math.max(left, c.left);
        right = Math.min(right, c.right);
      }
    }
    return { left: left, right: right };
  }
  var out = [], offending = new Set();
  for (var e of document.body.querySelectorAll('*')) {
    var r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
    var v = (r.right > vw + 1 || r.left < -1) ? seen(e, r) : null;
    if (v && v.right > v.left && (v.right > vw + 1 || v.left < -1)) {
      // The outermost offender names the cause; its children stick out only because it does.
      var inner = false;
      for (var a = e.parentElement; a && !inner; a = a.parentElement) inner = offending.has(a);
      offending.add(e);
      if (!inner) out.push(name(e) + ' [' + Math.round(r.left) + '..' + Math.round(r.right) + ']');
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, viewport: vw, offenders: out.slice(0, 6) };
})()`;

/**
 * What sticks out past the viewport's right (or left) edge at this width: the document's
 * scroll width, and the visible elements that reach beyond the viewport without an ancestor
 * that clips them (a carousel's off-screen slides are clipped by their track: they are fine).
 */
const overflowAt = (page: Page) =>
  page.evaluate(OVERFLOW) as Promise<{ scrollWidth: number; viewport: number; offenders: string[] }>;

let site: Site;
let browser: Browser;
let kinds: PageKind[] = [];

describe('every page kind fits every width from 320 to 1920 px', { skip: siteMissing }, () => {
  before(async () => {
    kinds = pageKinds(PUBLIC_DIR);
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const kind of [
    'review',
    'home',
    'category',
    'product /pd/',
    'showcase /haul/',
    'merchants',
    'articles',
    'login',
    'about',
    '404',
  ]) {
    test(`${kind}: no horizontal scroll and nothing cut off at ${WIDTHS.join(', ')} px`, async () => {
      const k = kinds.find((x) => x.kind === kind);
      assert.ok(k, `a built page of kind ${kind}`);
      const { page, context } = await newPage(browser, { width: WIDTHS[0], height: 800 });
      await page.goto(site.base + k.urlPath);
      await hydrated(page);
      const failures: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page);
        const o = await overflowAt(page);
        if (o.scrollWidth > o.viewport || o.offenders.length) {
          failures.push(
            `${kind} (${k.urlPath}) at ${width}px: scrollWidth ${o.scrollWidth} > viewport ${o.viewport}; ` +
              `sticking out: ${o.offenders.join(', ') || '(none visible)'}`,
          );
        }
      }
      await context.close();
      assert.ok(failures.length === 0, failures.join('\n'));
    });
  }
});
