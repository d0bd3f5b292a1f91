// The shell in real Chromium (issue 6, "Done when"): mega-menu and sliding highlight,
// keyboard walking, hide-on-scroll states, footers and QR codes that decode to the configured
// URLs, the mobile menu with its scroll lock, and the download bar without layout shift.
//
// Runs against the built site in public/ served by the site server (server/site) on a random
// port, or against E2E_BASE_URL (an origin that serves /review/) when set. SHELL_E2E_PAGE picks
// the page (default: the about page, which only needs the shell).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { serveSite } from '../../server/site/serve-site';
import { footerLinkGroups, mobileMenuLinks } from '../../src/components/shell/nav-links';
import { getNavigation } from '../../src/components/shell/nav-source';
import { megaMenu as getMegaMenu } from '../../src/components/shell/mega-menu-data';
import { qrTargets } from '../../src/components/shell/qr-targets';
import { withPrefix } from '../../src/paths';
import { engage, launch, settled } from './helpers/site';

const publicDir = join(__dirname, '..', '..', 'public');
const external = process.env.E2E_BASE_URL;
const skip =
  !external && !existsSync(join(publicDir, 'index.html')) ? 'no built site in public/ (npm run build)' : false;
const PAGE = process.env.SHELL_E2E_PAGE ?? withPrefix('/about/');

let app: FastifyInstance | undefined;
let base = external ?? '';
let browser: Browser;

before(async () => {
  if (skip) return;
  if (!external) {
    app = Fastify();
    await serveSite(app, { siteDir: publicDir });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await app?.close();
});

async function open(width: number, height: number, path = PAGE): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(base + path, { waitUntil: 'load' });
  // Hydration done (the flag is set by an effect of the app root, after the whole tree): React
  // has attached its listeners and the header's scroll hook is live. The runtime starts on the
  // shopper's first engagement.
  await engage(page);
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  await page.waitForFunction(() => document.querySelector('header[data-scroll]') != null);
  await settled(page);
  return page;
}

const scrollState = (p: Page) => p.$eval('header', (h) => (h as HTMLElement).dataset.scroll);

describe('desktop shell at 1280x800', { skip }, () => {
  test('desktop header shows, mobile toggle hides, minimum width applies', async () => {
    const p = await open(1280, 800);
    assert.equal(await p.isVisible('.dnav'), true);
    assert.equal(await p.isVisible('.mmenu__toggle'), false);
    assert.equal(await p.$eval('.page', (e) => getComputedStyle(e).minWidth), '960px');
    assert.deepEqual(
      await p.locator('.dnav__top').allInnerTexts(),
      getMegaMenu().map((g) => g.name),
    );
    await p.close();
  });

  test('hovering opens the mega-menu; the highlight slides to the hovered item', async () => {
    const p = await open(1280, 800);
    const tops = p.locator('.dnav__top');
    const menu = getMegaMenu();
    const barX = () => p.$eval('.dnav__bar', (e) => new DOMMatrix(getComputedStyle(e).transform).e);
    for (const i of [0, 3]) {
      await tops.nth(i).hover();
      await settled(p); // the bar's transition
      const panel = `#mega-${menu[i].id}`;
      assert.equal(await p.isVisible(panel), true);
      assert.equal(await tops.nth(i).getAttribute('aria-expanded'), 'true');
      // Document order: the group's own link, then each sub-category followed by its children.
      const ids = [menu[i], ...menu[i].children.flatMap((c) => [c, ...c.children])].map((c) => c.id);
      // The sub-categories arrive with the mega-menu chunk on first open (a busy machine: later).
      await p.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} a`).length >= n, [
        panel,
        ids.length,
      ] as const);
      const hrefs = await p.$$eval(`${panel} a`, (as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(
        hrefs,
        ids.map((id) => withPrefix(`/category/${encodeURIComponent(id)}/`)),
      );
      const item = (await tops.nth(i).boundingBox())!;
      const inner = (await p.locator('.hdr__inner').boundingBox())!;
      assert.ok(Math.abs((await barX()) - (item.x - inner.x)) < 1, 'bar under the hovered item');
    }
    assert.equal(await p.isHidden(`#mega-${menu[0].id}`), true);
    await p.keyboard.press('Escape');
    assert.equal(await p.isHidden(`#mega-${menu[3].id}`), true);
    await p.close();
  });

  test('keyboard: focus opens, ArrowDown walks into the panel, Escape closes and returns', async () => {
    const p = await open(1280, 800);
    const menu = getMegaMenu();
    await p.focus('.dnav__top');
    assert.equal(await p.isVisible(`#mega-${menu[0].id}`), true);
    // The sub-categories arrive with the mega-menu chunk on first open; walk once they are in.
    await p.waitForFunction(
      ([id, name]) => Array.from(document.querySelectorAll(`#mega-${id} a`)).some((a) => a.textContent === name),
      [menu[0].id, menu[0].children[0].name],
    );
    // Each key's effect is waited for as a user waits to see the focus move; a lost key times out.
    await p.keyboard.press('ArrowDown');
    await p.waitForFunction((id) => document.activeElement?.closest('.mega')?.id === id, `mega-${menu[0].id}`);
    const before = await p.evaluate(() => document.activeElement?.textContent);
    await p.keyboard.press('ArrowDown');
    await p.waitForFunction((b) => document.activeElement?.textContent !== b, before);
    assert.equal(await p.evaluate(() => document.activeElement?.textContent), menu[0].children[0].name);
    await p.keyboard.press('Escape');
    assert.equal(await p.isHidden(`#mega-${menu[0].id}`), true);
    assert.equal(await p.evaluate(() => document.activeElement?.textContent), menu[0].name);
    await p.keyboard.press('ArrowRight');
    assert.equal(await p.evaluate(() => document.activeElement?.textContent), menu[1].name);
    assert.equal(await p.isVisible(`#mega-${menu[1].id}`), true);
    await p.close();
  });

  test('header scroll states NONE, UP (hidden), DOWN (shown), NONE (spec section 4)', async () => {
    const p = await open(1280, 800);
    assert.equal(await scrollState(p), 'NONE');
    await p.mouse.move(640, 500);
    await p.mouse.wheel(0, 500);
    await p.waitForFunction(() => document.querySelector('header')?.dataset.scroll === 'UP');
    await settled(p);
    assert.ok((await p.locator('header').boundingBox())!.y < -60, 'header moved out of view');
    await p.mouse.wheel(0, -150);
    await p.waitForFunction(() => document.querySelector('header')?.dataset.scroll === 'DOWN');
    await settled(p);
    assert.equal((await p.locator('header').boundingBox())!.y, 0);
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.waitForFunction(() => document.querySelector('header')?.dataset.scroll === 'NONE');
    await p.close();
  });

  test('footer: QR codes decode to the configured URLs; links, company details', async () => {
    const p = await open(1280, 800);
    const imgs = p.locator('.qr img');
    const targets = qrTargets();
    assert.equal(await imgs.count(), targets.length);
    for (let i = 0; i < targets.length; i++) {
      await imgs.nth(i).scrollIntoViewIfNeeded();
      await p.waitForFunction(
        (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
        await imgs.nth(i).elementHandle(),
      );
      const { data, info } = await sharp(await imgs.nth(i).screenshot())
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
      assert.equal(code?.data, targets[i].url, targets[i].label);
    }
    const links = await p.$$eval('.ftr__links a', (as) =>
      as.map((a) => [a.getAttribute('href'), a.getAttribute('rel')]),
    );
    assert.deepEqual(
      links.map(([h]) => h),
      footerLinkGroups(getNavigation())
        .flatMap((g) => g.links)
        .map((l) => (l.external ? l.path : withPrefix(l.path))),
    );
    assert.ok(links.filter(([h]) => /^https?:/.test(h!)).every(([, rel]) => rel?.includes('noopener')));
    const text = await p.locator('footer').innerText();
    for (const s of ['©', '沪ICP备', '增值电信业务经营许可证', '400-820-6688', '工商网监'])
      assert.ok(text.includes(s), s);
    await p.close();
  });

  test('every internal footer link leads to a page', async () => {
    const p = await open(1280, 800);
    const hrefs = await p.$$eval('.ftr__links a', (as) =>
      as.map((a) => a.getAttribute('href')!).filter((h) => h.startsWith('/')),
    );
    for (const h of hrefs) assert.equal((await fetch(base + h)).status, 200, h);
    await p.close();
  });

  test('the download bar shows the 688 gift package, sits in reserved space and dismisses without layout shift', async () => {
    const p = await open(1280, 800);
    await p.evaluate(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((l) =>
        l.getEntries().forEach((e) => {
          (window as unknown as { cls: number }).cls += (e as unknown as { value: number }).value;
        }),
      ).observe({ type: 'layout-shift', buffered: true });
    });
    assert.match(await p.locator('.dlbar').innerText(), /688/);
    const pad = await p.$eval('.page', (e) => parseFloat(getComputedStyle(e).paddingBottom));
    assert.equal(pad, (await p.locator('.dlbar').boundingBox())!.height);
    await p.click('.dlbar__close');
    assert.equal(await p.locator('.dlbar').count(), 0);
    await settled(p);
    assert.equal(await p.evaluate(() => (window as unknown as { cls: number }).cls), 0);
    await p.close();
  });
});

describe('mobile shell at 375x812', { skip }, () => {
  test('mobile header: toggle, exactly the six menu entries, scroll lock and restore, Escape', async () => {
    const p = await open(375, 812);
    assert.equal(await p.isVisible('.dnav'), false);
    const toggle = p.locator('.mmenu__toggle');
    // A <details>: its summary's expanded state is the element's own (no aria-expanded).
    const isOpen = () => p.locator('details.mmenu__wrap').evaluate((d: HTMLDetailsElement) => d.open);
    assert.equal(await isOpen(), false);
    assert.equal(await toggle.getAttribute('aria-controls'), 'shell-mobile-menu');
    await p.evaluate(() => window.scrollTo(0, 300));
    await toggle.click();
    assert.equal(await isOpen(), true);
    assert.deepEqual(
      await p.$$eval('#shell-mobile-menu a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')])),
      mobileMenuLinks().map((l) => [l.name, withPrefix(l.path)]),
    );
    assert.equal(await p.evaluate(() => document.body.style.position), 'fixed');
    await p.mouse.wheel(0, 400);
    await settled(p);
    assert.equal(await p.evaluate(() => window.scrollY), 0, 'the page does not scroll while the menu is open');
    await p.keyboard.press('Escape');
    assert.equal(await p.isHidden('#shell-mobile-menu'), true);
    assert.equal(await p.evaluate(() => document.body.style.position), '');
    assert.equal(await p.evaluate(() => window.scrollY), 300, 'scroll position restored');
    await p.close();
  });

  test('choosing a menu entry closes the menu and navigates', async () => {
    const p = await open(375, 812);
    await p.click('.mmenu__toggle');
    await p.click('#shell-mobile-menu a[href$="/privacy/"]');
    await p.waitForURL(/\/review\/privacy\/$/);
    assert.equal(await p.locator('details.mmenu__wrap').evaluate((d: HTMLDetailsElement) => d.open), false);
    assert.equal(await p.evaluate(() => document.body.style.position), '');
    await p.close();
  });

  test('mobile footer: logo, the same links, the copyright line; no QR codes', async () => {
    const p = await open(375, 812);
    assert.equal(await p.isVisible('.ftr__logo'), true);
    assert.equal(await p.isVisible('.qr'), false);
    assert.equal(await p.isVisible('.ftr__company'), false);
    assert.match(await p.locator('.ftr__copy').innerText(), /^© \d{4}-\d{4} /);
    assert.equal(
      await p.locator('.ftr__links a').count(),
      footerLinkGroups(getNavigation()).flatMap((g) => g.links).length,
    );
    await p.close();
  });
});
