// Touch tablets at >= 960 px (issue 21 item 6): with no hover, the first tap on a top category
// opens its mega-menu and stays on the page; the second tap follows the link. A mouse click
// still follows the link at once. Real Chromium with a touch screen (hasTouch: taps send touch
// pointer events, then the emulated mouse events).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { hydrated, launch, siteMissing, startSite, type Site } from './helpers/site';
import { megaMenu } from '../../src/components/shell/mega-menu-data';
import { withPrefix } from '../../src/paths';

let site: Site;
let browser: Browser;

describe('mega-menu on a touch tablet', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const width of [960, 1024, 1280]) {
    test(`${width}px touch: the first tap opens the panel, the second follows the link`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 768 }, hasTouch: true, locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(`${site.base}/review/about/`);
      await hydrated(page);
      const group = megaMenu()[1];
      const top = page.locator('.dnav__top').nth(1);
      const start = page.url();

      await top.tap();
      await page.waitForSelector(`#mega-${group.id}`, { state: 'visible' });
      assert.equal(await top.getAttribute('aria-expanded'), 'true');
      // Its sub-categories arrive with the mega-menu chunk: the panel is usable, not a flash.
      await page.waitForFunction((id) => document.querySelectorAll(`#mega-${id} a`).length > 1, group.id);
      assert.equal(page.url(), start, 'the first tap stays on the page');

      await top.tap();
      await page.waitForURL((u) => u.pathname === withPrefix(group.path));
      await context.close();
    });
  }

  test('a mouse click on a top category follows its link at once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${site.base}/review/about/`);
    await hydrated(page);
    const group = megaMenu()[1];
    await page.locator('.dnav__top').nth(1).click();
    await page.waitForURL((u) => u.pathname === withPrefix(group.path));
    await context.close();
  });
});
