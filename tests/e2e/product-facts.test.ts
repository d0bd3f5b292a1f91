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
import type { Browser } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  PUBLIC_DIR,
  TEST_DB,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import {
  expectDelivery,
  expectFit,
  expectLandedCost,
  expectOriginalName,
  expectedFit,
  fitsViewport,
  publishedReviews,
  yuan,
} from './helpers/facts';
import { getCatalogue, getCategory } from '../../src/catalogue';
import type { DomesticShipping, ProductDetail, ProductTranslation, SizeChart } from '../../src/storefront/products';

const VIEWPORTS = [
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
] as const;

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

  async function open(viewport: { width: number; height: number }, id: string) {
    const w = await newPage(browser, viewport);
    await w.page.goto(`${site.base}/review/pd/${id}/`);
    await hydrated(w.page);
    return w;
  }

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}: a garment's hub shows its size chart, fit counts, delivery and landed cost`, async () => {
      const detail = await api<ProductDetail>(`/api/v1/products/${garment.id}?promo=true&groupBuy=true`);
      const chart = await api<SizeChart>(`/api/v1/sizecharts/products/${garment.id}`);
      const shipping = await api<DomesticShipping>(`/api/v1/merchants/${detail.merchant!.id}/domesticshipping`);
      const translation = await api<ProductTranslation>(`/api/v1/translate/product/${garment.id}`);
      const fit = expectedFit(await publishedReviews(api, garment.id));
      const { page, context, problems } = await open(viewport, garment.id);

      // The size chart: the API's header and rows; no size marked on the hub.
      const table = page.locator('.pd-chart table');
      await table.waitFor();
      assert.deepEqual(await table.locator('thead th').allInnerTexts(), chart.rows![0]);
      assert.deepEqual(
        (await table.locator('tbody th').allInnerTexts()).map((t) => t.trim()),
        chart.rows!.slice(1).map((r) => r[0]),
      );
      assert.equal(await table.locator('tr[aria-current]').count(), 0);
      // The fit summary: the counts the reviews give.
      await expectFit(page, fit);
      await expectDelivery(page, shipping);
      // The landed cost's price is the one the hub shows.
      const price = await expectLandedCost(page, detail, shipping);
      assert.equal(price, yuan(await page.locator('.pd__price').innerText()));
      await expectOriginalName(page, translation.sourceName!);

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
