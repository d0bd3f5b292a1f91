// What issue 45's facts beside the reviews must show, checked on a page in Chromium against the
// reference API's own answers: the product hub's facts (product-facts.test.ts) and a review
// page's product box (review-facts.test.ts) are the same markup, so the same checks.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { fitSummary } from '../../../src/listing/fit';
import type { DomesticShipping, ProductDetail } from '../../../src/storefront/products';
import type { Review } from '../../../src/storefront/types';
import { ROOT } from './site';

/** A GET of the reference API, answered 200, as JSON. */
export type ApiGet = <T>(p: string) => Promise<T>;

/** The yuan figure of a text (`¥12.34`); NaN when it shows none. */
export const yuan = (s: string) => Number(/¥(\d+\.\d\d)/.exec(s)?.[1] ?? NaN);

/** The product's reviews the build published (those it skipped are listed in its report). */
export async function publishedReviews(api: ApiGet, productId: string): Promise<Review[]> {
  const report = JSON.parse(fs.readFileSync(path.join(ROOT, 'var', 'build-report.json'), 'utf8')) as {
    skipped: Array<{ productId: string; commentId: string }>;
  };
  const skipped = new Set(report.skipped.filter((s) => s.productId === productId).map((s) => s.commentId));
  const { comments } = await api<{ comments: Review[] }>(
    `/api/v1/product-comment/products/${productId}/comments?f=0&t=100`,
  );
  assert.ok(comments.length < 100, 'every review in one answer');
  return comments.filter((c) => !skipped.has(String(c.id)));
}

/** The fit counts those reviews give, by src/listing/fit.ts's rule. */
export const expectedFit = (reviews: Review[]) =>
  fitSummary(reviews.map((c) => ({ content: c.content, tags: c.productCommentLabel?.wordTags ?? [] })));

/** The fit summary shows `fit`'s counts. */
export async function expectFit(page: Page, fit: ReturnType<typeof fitSummary>) {
  for (const k of ['large', 'true', 'small'] as const)
    assert.equal(await page.locator(`.pd-fit [data-fit="${k}"] b`).innerText(), String(fit[k]), k);
  assert.equal(await page.locator('.pd-fit').getAttribute('data-counted'), String(fit.counted));
}

/** Delivery: the merchant's leg as it states it, the cross-border leg and the returns with their sources. */
export async function expectDelivery(page: Page, shipping: DomesticShipping) {
  const domestic = await page.locator('.pd-facts [data-leg="domestic"]').innerText();
  assert.ok(domestic.includes(shipping.carrier!), domestic);
  assert.ok(domestic.includes(`${shipping.estimatedDays!.min}-${shipping.estimatedDays!.max} 天`), domestic);
  assert.match(domestic, /来源：商家公布的境内配送信息/);
  assert.match(await page.locator('.pd-facts [data-leg="cross-border"]').innerText(), /来源：.*磅/);
  assert.match(await page.locator('.pd-facts [data-leg="returns"]').innerText(), /退货/);
}

/**
 * The landed cost: the parts add up; shipping is the merchant's fee for the product's price (its
 * rules) plus the cross-border leg; the tax is docs/landed-cost.md's (none under 包税, 9.1 % up
 * to 5,000 yuan, no figure above: NaN). Returns the price shown.
 */
export async function expectLandedCost(page: Page, detail: ProductDetail, shipping: DomesticShipping) {
  const part = async (p: string) => page.locator(`.pd-facts__cost [data-part="${p}"]`).innerText();
  const price = yuan(await part('price'));
  const tax = yuan(await part('tax'));
  const shippingText = await part('shipping');
  const total = yuan(await part('total'));
  const rule = shipping.rules!.find(
    (r) => detail.cents! >= r.minCents && (r.maxCents == null || detail.cents! < r.maxCents),
  )!;
  const fee = Math.round(rule.feeCents * detail.exchangeRate!) / 100;
  assert.ok(shippingText.includes(`商家境内段 ¥${fee.toFixed(2)}`), shippingText);
  const cross = Number(/国际段 ¥(\d+\.\d\d)/.exec(shippingText)?.[1]);
  assert.ok(cross > 0, shippingText);
  assert.equal(yuan(shippingText), Math.round((fee + cross) * 100) / 100);
  assert.equal(total, Math.round((price + tax + yuan(shippingText)) * 100) / 100);
  const expectedTax = detail.marks?.includes('包税') ? 0 : price > 5000 ? NaN : Math.round(price * 9.1) / 100;
  assert.equal(tax, expectedTax);
  return price;
}

/** The original English name is one tap away (a <details>). */
export async function expectOriginalName(page: Page, name: string) {
  const original = page.locator('.pd-facts__original-name');
  assert.equal(await original.isVisible(), false);
  await page.locator('.pd-facts__original summary').click();
  await original.waitFor({ state: 'visible' });
  assert.equal(await original.innerText(), name);
}

/** No sideways scroll of the page. */
export const fitsViewport = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
