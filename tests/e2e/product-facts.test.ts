// Issue 45, "facts beside the reviews", in real Chromium at 375 and 1280 on the built site: a
// garment's hub shows its size chart (the API's), the fit summary whose counts are those the
// reviews give (computed here from the API's reviews by src/listing/fit.ts's rule), delivery
// with both legs and their sources, the landed cost whose parts add up and whose shipping is the
// merchant's fee (from the API's shipping rules) plus the cross-border leg; a lipstick's hub has
// no chart; the original English name opens from a <details>. Each page hydrates without a
// console error and keeps to the viewport.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  PUBLIC_DIR,
  ROOT,
  TEST_DB,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import { fitSummary } from '../../src/listing/fit';
import { getCatalogue, getCategory } from '../../src/catalogue';
import type { DomesticShipping, ProductDetail, ProductTranslation, SizeChart } from '../../src/storefront/products';
import type { Review } from '../../src/storefront/types';

const VIEWPORTS = [
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
] as const;
const yuan = (s: string) => Number(/¥(\d+\.\d\d)/.exec(s)?.[1] ?? NaN);

interface Picked {
  id: string;
  categoryId: string;
}

describe('facts beside the reviews on the product hub (issue 45)', { skip: siteMissing }, () => {
  let site: Site;
  let browser: Browser;
  let garment: Picked;
  let lipstick: Picked;
  const api = async <T>(p: string): Promise<T> => {
    const r = await fetch(`${site.server.url}${p}`);
    assert.equal(r.status, 200, p);
    return (await r.json()) as T;
  };

  before(async () => {
    site = await startSite();
    browser = await launch();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(TEST_DB, { readonly: true });
    const built = (id: number) => fs.existsSync(path.join(PUBLIC_DIR, 'pd', String(id), 'index.html'));
    const rows = db
      .prepare(
        "SELECT id, category_id, size_chart != 'null' AS chart, review_count FROM products ORDER BY review_count DESC, id",
      )
      .all() as Array<{ id: number; category_id: string; chart: number; review_count: number }>;
    db.close();
    const catalogue = getCatalogue();
    const name = (id: string) => getCategory(catalogue, id)?.name ?? '';
    const g = rows.find((r) => r.chart && built(r.id));
    const l = rows.find((r) => /口红|唇/.test(name(r.category_id)) && built(r.id));
    assert.ok(g && l, 'a garment hub and a lipstick hub in the build');
    garment = { id: String(g.id), categoryId: g.category_id };
    lipstick = { id: String(l.id), categoryId: l.category_id };
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  /** The fit counts of the product's reviews the build published (those it skipped are listed in its report). */
  async function expectedFit(productId: string) {
    const report = JSON.parse(fs.readFileSync(path.join(ROOT, 'var', 'build-report.json'), 'utf8')) as {
      skipped: Array<{ productId: string; commentId: string }>;
    };
    const skipped = new Set(report.skipped.filter((s) => s.productId === productId).map((s) => s.commentId));
    const { comments } = await api<{ comments: Review[] }>(
      `/api/v1/product-comment/products/${productId}/comments?f=0&t=100`,
    );
    assert.ok(comments.length < 100, 'every review in one answer');
    return fitSummary(
      comments
        .filter((c) => !skipped.has(String(c.id)))
        .map((c) => ({ content: c.content, tags: c.productCommentLabel?.wordTags ?? [] })),
    );
  }

  async function open(viewport: { width: number; height: number }, id: string) {
    const w = await newPage(browser, viewport);
    await w.page.goto(`${site.base}/review/pd/${id}/`);
    await hydrated(w.page);
    return w;
  }

  const fitsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}: a garment's hub shows its size chart, fit counts, delivery and landed cost`, async () => {
      const detail = await api<ProductDetail>(`/api/v1/products/${garment.id}?promo=true&groupBuy=true`);
      const chart = await api<SizeChart>(`/api/v1/sizecharts/products/${garment.id}`);
      const shipping = await api<DomesticShipping>(`/api/v1/merchants/${detail.merchant!.id}/domesticshipping`);
      const translation = await api<ProductTranslation>(`/api/v1/translate/product/${garment.id}`);
      const fit = await expectedFit(garment.id);
      const { page, context, problems } = await open(viewport, garment.id);

      // The size chart: the API's header and rows.
      const table = page.locator('.pd-chart table');
      await table.waitFor();
      assert.deepEqual(await table.locator('thead th').allInnerTexts(), chart.rows![0]);
      assert.deepEqual(
        (await table.locator('tbody th').allInnerTexts()).map((t) => t.trim()),
        chart.rows!.slice(1).map((r) => r[0]),
      );
      // The fit summary: the counts the reviews give.
      for (const k of ['large', 'true', 'small'] as const)
        assert.equal(await page.locator(`.pd-fit [data-fit="${k}"] b`).innerText(), String(fit[k]), k);
      assert.equal(await page.locator('.pd-fit').getAttribute('data-counted'), String(fit.counted));

      // Delivery: the merchant's leg as it states it, the cross-border leg with its source.
      const domestic = await page.locator('[data-leg="domestic"]').innerText();
      assert.ok(domestic.includes(shipping.carrier!), domestic);
      assert.ok(domestic.includes(`${shipping.estimatedDays!.min}-${shipping.estimatedDays!.max} 天`), domestic);
      assert.match(await page.locator('[data-leg="cross-border"]').innerText(), /来源：.*磅/);
      assert.match(await page.locator('[data-leg="returns"]').innerText(), /退货/);

      // Landed cost: the parts add up; the price is the shown one; shipping is the merchant's fee
      // for this price (its rules) plus the cross-border leg.
      const part = async (p: string) => page.locator(`.pd-facts__cost [data-part="${p}"]`).innerText();
      const price = yuan(await part('price'));
      const tax = yuan(await part('tax'));
      const shippingText = await part('shipping');
      const total = yuan(await part('total'));
      assert.equal(price, yuan(await page.locator('.pd__price').innerText()));
      const rule = shipping.rules!.find(
        (r) => detail.cents! >= r.minCents && (r.maxCents == null || detail.cents! < r.maxCents),
      )!;
      const fee = Math.round(rule.feeCents * detail.exchangeRate!) / 100;
      assert.ok(shippingText.includes(`商家境内段 ¥${fee.toFixed(2)}`), shippingText);
      const cross = Number(/国际段 ¥(\d+\.\d\d)/.exec(shippingText)?.[1]);
      assert.ok(cross > 0, shippingText);
      assert.equal(yuan(shippingText), Math.round((fee + cross) * 100) / 100);
      assert.equal(total, Math.round((price + tax + yuan(shippingText)) * 100) / 100);
      // docs/landed-cost.md: none under 包税, 9.1 % up to 5,000 yuan, no figure above (NaN: not a number shown).
      const expectedTax = detail.marks?.includes('包税') ? 0 : price > 5000 ? NaN : Math.round(price * 9.1) / 100;
      assert.equal(tax, expectedTax);

      // The original name is one tap away.
      const original = page.locator('.pd-facts__original-name');
      assert.equal(await original.isVisible(), false);
      await page.locator('.pd-facts__original summary').click();
      await original.waitFor({ state: 'visible' });
      assert.equal(await original.innerText(), translation.sourceName);

      assert.ok(await fitsViewport(page), 'no sideways scroll of the page');
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`${label}: a lipstick's hub has no size chart, and still its delivery and landed cost`, async () => {
      const chart = await api<SizeChart>(`/api/v1/sizecharts/products/${lipstick.id}`);
      assert.deepEqual(chart.rows, []);
      const { page, context, problems } = await open(viewport, lipstick.id);
      await page.locator('.pd-facts__cost [data-part="total"]').waitFor();
      assert.equal(await page.locator('.pd-chart').count(), 0);
      assert.equal(await page.locator('[data-leg="cross-border"]').count(), 1);
      assert.ok(await fitsViewport(page), 'no sideways scroll of the page');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
