// The footers promote the app with the new-user gift package (issue 11, defect 7; spec
// section 1: "A footer download bar and the footers promote the mobile app with a new-user
// gift package worth 688 yuan"), at both widths, in real Chromium on the built site: the
// promotion is visible (not hidden by CSS, not under the fixed download bar) and links where
// the download bar and the app QR code lead.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { siteConfig } from '../../src/site-config';
import { qrTargets } from '../../src/components/shell/qr-targets';
import { withPrefix } from '../../src/paths';
import { pagesByKind } from '../../bench/page-weight';
import {
  DESKTOP,
  MOBILE,
  PUBLIC_DIR,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';

let site: Site;
let browser: Browser;

before(async () => {
  if (siteMissing) return;
  site = await startSite();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

// "新人礼包 688 元": the amount from site-config (the company phone number also contains 688).
const GIFT = `新人礼包 ${siteConfig.giftPackageYuan} 元`;

/** The element at the centre of `selector` is that element (or inside it): nothing covers it. */
const onTop = (p: Page, selector: string) =>
  p.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit != null && (hit === el || el.contains(hit));
  });

async function checkFooterPromo(p: Page) {
  const promo = p.locator('footer .ftr__promo');
  assert.equal(await promo.count(), 1, 'one app promotion in the footer');
  // The end of the page: where the fixed download bar would cover the footer without the
  // space the layout reserves for it.
  await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  assert.equal(await promo.isVisible(), true, 'promotion visible');
  // The footer is drawn as it nears the view (content-visibility, shell.css): its text is there
  // from the frame after the scroll, as a shopper sees it.
  await p
    .waitForFunction(
      (gift) => document.querySelector<HTMLElement>('footer .ftr__promo')?.innerText.includes(gift),
      GIFT,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const text = await promo.innerText();
  assert.ok(text.includes(GIFT), `footer promotion mentions the gift package: ${text}`);
  assert.ok(text.includes('APP'), text);
  const link = promo.locator('a');
  assert.equal(await link.isVisible(), true, 'download link visible');
  assert.equal(await link.getAttribute('href'), siteConfig.qr.appDownload);
  assert.match((await link.getAttribute('rel')) ?? '', /noopener/);
  const box = (await link.boundingBox())!;
  assert.ok(box.width >= 24 && box.height >= 24, `link is a usable target: ${box.width}x${box.height}`);
  assert.equal(await onTop(p, 'footer .ftr__promo a'), true, 'nothing (the download bar) covers the link');
  // The same destination as the download bar's button and the footer's app QR code.
  assert.equal(await p.getAttribute('.dlbar__cta', 'href'), siteConfig.qr.appDownload);
  assert.equal(qrTargets().find((t) => t.key === 'appDownload')?.url, siteConfig.qr.appDownload);
}

describe('footer app promotion with the gift package', { skip: siteMissing }, () => {
  for (const [name, viewport] of [
    ['desktop 1280', DESKTOP],
    ['mobile 375', MOBILE],
  ] as const) {
    for (const kind of ['review', 'about'] as const) {
      test(`${name}: ${kind} page`, async () => {
        const path = kind === 'about' ? '/about/' : pagesByKind(PUBLIC_DIR).review!;
        const { page, context } = await newPage(browser, viewport);
        await page.goto(site.base + withPrefix(path));
        await hydrated(page);
        await checkFooterPromo(page);
        if (viewport === DESKTOP) {
          // Desktop keeps its app QR code beside the promotion; mobile shows no QR codes.
          assert.equal(await page.isVisible('footer .ftr__app img[data-qr="appDownload"]'), true);
        } else {
          assert.equal(await page.isVisible('footer .qr'), false);
        }
        await context.close();
      });
    }
  }
});
