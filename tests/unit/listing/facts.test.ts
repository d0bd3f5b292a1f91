// The facts beside a product's reviews (issue 45): wire answers reshaped and bounded
// (src/listing/facts.ts), the cross-border leg (delivery.ts) and what the hub shows
// (facts-view.ts) with the landed cost of docs/landed-cost.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_CELL,
  MAX_CHART_COLUMNS,
  MAX_CHART_ROWS,
  toDomesticLeg,
  toProductFacts,
  toSizeChartView,
} from '../../../src/listing/facts';
import { CROSS_BORDER_LINE, crossBorderLeg } from '../../../src/listing/delivery';
import { factsView } from '../../../src/listing/facts-view';
import { returnPolicy, shippingDetails } from '../../../src/listing/product-structured-data';
import { getCatalogue, getLeafCategories } from '../../../src/catalogue';
import type { DomesticShipping, ProductDetail } from '../../../src/storefront/products';

const shipping: DomesticShipping = {
  merchantId: 1,
  currency: 'USD',
  freeShippingThresholdCents: 4900,
  rules: [
    { minCents: 0, maxCents: 4900, feeCents: 599 },
    { minCents: 4900, maxCents: null, feeCents: 0 },
  ],
  estimatedDays: { min: 2, max: 5 },
  carrier: 'UPS Ground',
  note: '美国境内段运费由商家收取',
  feeCents: 599,
};

test('a size chart keeps the header and the rows that have its columns, bounded', () => {
  const chart = toSizeChartView({
    productId: 1,
    name: '尺码表',
    unit: 'cm',
    rows: [
      ['尺码', '胸围', '衣长'],
      ['S', '84-88', '62'],
      ['M'], // too short: left out
      ['', '1', '2'], // no size: left out
      ['L', '92-98', '66', 'extra'],
    ],
    note: null,
  });
  assert.deepEqual(chart, {
    name: '尺码表',
    unit: 'cm',
    header: ['尺码', '胸围', '衣长'],
    rows: [
      ['S', '84-88', '62'],
      ['L', '92-98', '66'],
    ],
    note: null,
  });
  // No chart: an empty answer (a lipstick), a header alone, nothing.
  assert.equal(toSizeChartView({ productId: 2, name: null, unit: null, rows: [], note: null }), null);
  assert.equal(toSizeChartView({ productId: 2, name: 'x', unit: null, rows: [['尺码', '胸围']], note: null }), null);
  assert.equal(toSizeChartView(undefined), null);
  // A server's huge chart is cut to the bounds.
  const wide = Array.from({ length: 50 }, (_, i) => `c${i}${'x'.repeat(100)}`);
  const big = toSizeChartView({ productId: 3, name: 'n', unit: 'cm', rows: Array(500).fill(wide), note: null })!;
  assert.equal(big.header.length, MAX_CHART_COLUMNS);
  assert.equal(big.rows.length, MAX_CHART_ROWS);
  assert.ok(big.rows.flat().every((c) => c.length <= MAX_CELL));
});

test("the merchant's leg: the fee of the rule that holds the price, in yuan; free from the threshold", () => {
  assert.deepEqual(toDomesticLeg(shipping, 2999, 7.12), {
    carrier: 'UPS Ground',
    minDays: 2,
    maxDays: 5,
    feeYuan: 42.65, // 5.99 USD x 7.12
    freeFromYuan: 348.88,
    note: '美国境内段运费由商家收取',
    returns: null,
  });
  assert.equal(toDomesticLeg(shipping, 4900, 7.12)!.feeYuan, 0);
  assert.deepEqual(
    toDomesticLeg({ ...shipping, returns: { days: 30, returnTo: 'US', fees: 'CUSTOMER' } }, 1, 7)!.returns,
    {
      days: 30,
      returnTo: 'US',
      place: '美国',
      free: false,
    },
  );
  assert.equal(
    toDomesticLeg({ ...shipping, returns: { days: 30, returnTo: 'usa', fees: 'FREE' } }, 1, 7)!.returns,
    null,
  );
  assert.equal(toDomesticLeg({ ...shipping, estimatedDays: undefined }, 2999, 7.12), null);
  assert.equal(toDomesticLeg({ ...shipping, estimatedDays: { min: 5, max: 2 } }, 2999, 7.12), null);
  assert.equal(toDomesticLeg(shipping, 2999, null), null);
});

test('the cross-border leg is charged by the pound of the category weight, and says so', () => {
  const lipstick = crossBorderLeg(0.2, '口红');
  assert.equal(lipstick.billedPounds, 1);
  assert.equal(lipstick.feeYuan, CROSS_BORDER_LINE.firstPoundYuan);
  assert.match(lipstick.source, /「口红」默认重量 0\.2 磅/);
  const coat = crossBorderLeg(3, '大衣');
  assert.equal(coat.feeYuan, CROSS_BORDER_LINE.firstPoundYuan + 2 * CROSS_BORDER_LINE.extraPoundYuan);
  assert.equal(crossBorderLeg(2.5, null).billedPounds, 3);
});

const detail = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 100001,
  name: 'Levi’s Classic Jeans',
  nameCN: '李维斯 经典牛仔裤',
  cents: 2999,
  exchangeRate: 7.12,
  marks: ['直邮'],
  categoryId: 'a11',
  merchant: { id: 1, name: 'Westbrook' },
  promo: { type: 'DISCOUNT', label: '限时8折', percentOff: 20, promoCents: 2399, endsAt: Date.UTC(2026, 0, 10) },
  groupBuy: { label: '2人拼团', minMembers: 2, groupCents: 2699, endsAt: Date.UTC(2026, 0, 5) },
  ...over,
});

test('the facts of a product: price, offers in yuan, the original name', () => {
  const f = toProductFacts(detail(), {
    shipping,
    translation: {
      productId: 100001,
      name: '李维斯 经典牛仔裤',
      description: null,
      sourceName: 'Levi’s Classic Jeans',
      sourceDescription: 'Classic jeans by Levi’s.',
    },
  });
  assert.equal(f.priceYuan, 213.53);
  assert.deepEqual(f.promo, { label: '限时8折', price: '¥170.81' });
  assert.deepEqual(f.groupBuy, { label: '2人拼团', price: '¥192.17', minMembers: 2 });
  assert.deepEqual(f.original, { name: 'Levi’s Classic Jeans', description: 'Classic jeans by Levi’s.' });
  assert.equal(f.sizeChart, undefined);
  // No offers asked or none: nothing shown.
  const plain = toProductFacts(detail({ promo: null, groupBuy: undefined }), {});
  assert.equal(plain.promo, undefined);
  assert.equal(plain.groupBuy, undefined);
  assert.equal(plain.domestic, undefined);
});

test('what the hub shows: landed cost with its parts, both legs, the fit counts', () => {
  const catalogue = getCatalogue();
  const leaf = getLeafCategories(catalogue).find((c) => c.name === '牛仔裤')!;
  assert.ok(leaf, 'a jeans leaf');
  const facts = toProductFacts(detail({ categoryId: leaf.id }), { shipping });
  const v = factsView({
    catalogue,
    categoryId: leaf.id,
    marks: ['直邮'],
    facts,
    fits: ['large', 'true', 'true', null, 'small', 'true', undefined],
  })!;
  assert.deepEqual(
    { large: v.fit!.large, true: v.fit!.true, small: v.fit!.small, verdict: v.fit!.verdict },
    { large: 1, true: 3, small: 1, verdict: 'true' },
  );
  const l = v.landed!;
  assert.equal(l.priceYuan, 213.53);
  assert.equal(l.taxYuan, 19.43); // 9.1 %
  assert.equal(l.domesticYuan, 42.65);
  assert.equal(l.crossBorderYuan, v.delivery!.crossBorder.feeYuan);
  assert.equal(l.shippingYuan, Math.round((42.65 + l.crossBorderYuan) * 100) / 100);
  assert.equal(l.totalYuan, Math.round((213.53 + 19.43 + l.shippingYuan!) * 100) / 100);
  assert.equal(v.delivery!.minDays, 2 + CROSS_BORDER_LINE.minDays);
  assert.equal(v.delivery!.maxDays, 5 + CROSS_BORDER_LINE.maxDays);
  // 包税: no tax to pay.
  const included = factsView({ catalogue, categoryId: leaf.id, marks: ['包税'], facts, fits: [] })!;
  assert.equal(included.landed!.taxYuan, 0);
  // No chart and no review on size (a lipstick): no fit shown.
  assert.equal(included.fit, null);
  // The merchant's leg unknown: shipping and total are not given, the rest is.
  const noShip = factsView({
    catalogue,
    categoryId: leaf.id,
    marks: [],
    facts: { ...facts, domestic: undefined },
    fits: [],
  })!;
  assert.equal(noShip.landed!.shippingYuan, null);
  assert.equal(noShip.landed!.totalYuan, null);
  assert.equal(noShip.delivery!.domestic, null);
  // No product call: only what the reviews tell.
  assert.equal(factsView({ catalogue, categoryId: null, marks: [], facts: undefined, fits: [] }), null);
  assert.equal(factsView({ catalogue, categoryId: null, marks: [], facts: undefined, fits: ['small'] })!.landed, null);
});

test('JSON-LD: shipping details and return policy only from what the page shows', () => {
  const catalogue = getCatalogue();
  const leaf = getLeafCategories(catalogue).find((c) => c.name === '牛仔裤')!;
  const withReturns = { ...shipping, returns: { days: 30, returnTo: 'US', fees: 'CUSTOMER' as const } };
  const facts = toProductFacts(detail({ categoryId: leaf.id }), { shipping: withReturns });
  const v = factsView({ catalogue, categoryId: leaf.id, marks: [], facts, fits: [] })!;
  const s = shippingDetails(v)! as Record<string, any>;
  assert.equal(s.shippingRate.value, v.landed!.shippingYuan);
  assert.equal(s.shippingRate.currency, 'CNY');
  assert.deepEqual(
    [s.deliveryTime.handlingTime.minValue, s.deliveryTime.handlingTime.maxValue],
    [v.delivery!.domestic!.minDays, v.delivery!.domestic!.maxDays],
  );
  assert.deepEqual(
    [s.deliveryTime.transitTime.minValue, s.deliveryTime.transitTime.maxValue],
    [CROSS_BORDER_LINE.minDays, CROSS_BORDER_LINE.maxDays],
  );
  const r = returnPolicy(v)! as Record<string, any>;
  assert.equal(r.merchantReturnDays, 30);
  assert.equal(r.returnFees, 'https://schema.org/ReturnFeesCustomerResponsibility');
  const none = factsView({
    catalogue,
    categoryId: leaf.id,
    marks: [],
    facts: toProductFacts(detail(), {
      shipping: { ...shipping, returns: { days: 0, returnTo: 'US', fees: 'CUSTOMER' } },
    }),
    fits: [],
  });
  assert.equal(
    (returnPolicy(none) as Record<string, any>).returnPolicyCategory,
    'https://schema.org/MerchantReturnNotPermitted',
  );
  // The merchant's leg unknown: no shipping rate to state, no policy to state.
  const unknown = factsView({
    catalogue,
    categoryId: leaf.id,
    marks: [],
    facts: { ...facts, domestic: undefined },
    fits: [],
  });
  assert.equal(shippingDetails(unknown), null);
  assert.equal(returnPolicy(unknown), null);
});

test("the hub's facts markup is React's static markup: a server's text is escaped, never markup", async () => {
  const { renderFacts } = await import('../../../gatsby/pages/product');
  const catalogue = getCatalogue();
  const evil = '<img src=x onerror=alert(1)></details><script>alert(1)</script>';
  const facts = toProductFacts(detail(), {
    shipping: { ...shipping, carrier: evil },
    translation: { productId: 100001, name: 'x', description: null, sourceName: evil, sourceDescription: evil },
    sizeChart: {
      productId: 100001,
      name: evil,
      unit: 'cm',
      rows: [
        ['尺码', evil],
        [evil, '1'],
      ],
      note: evil,
    },
  });
  const out = renderFacts(factsView({ catalogue, categoryId: 'a11', marks: [], facts, fits: [] }))!;
  assert.ok(!/<img|<script|<\/details><script/i.test(out.html.replace(/<\/?details[^>]*>/g, '')), out.html);
  assert.ok(out.html.includes('&lt;img src=x'), 'shown as text');
  assert.match(out.html, /^<section class="pd-facts"/);
});
