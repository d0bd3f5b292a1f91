// Landed cost (issue 45): price, the cross-border retail import tax by its rule, shipping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CBEC_TAX_RATE, SINGLE_LIMIT_YUAN, TAX_RULE_TEXT, landedCost } from '../../../src/listing/landed-cost';

const item = (over: Partial<Parameters<typeof landedCost>[0]> = {}) =>
  landedCost({ priceYuan: 399, marks: ['直邮'], categoryId: '800', shippingYuan: 30, ...over });

test('within the single limit: 9.1 % of the price, then the total with shipping', () => {
  assert.equal(CBEC_TAX_RATE, 0.13 * 0.7);
  assert.deepEqual(item(), { priceYuan: 399, taxYuan: 36.31, taxRule: 'cbec', shippingYuan: 30, totalYuan: 465.31 });
  assert.equal(item({ priceYuan: SINGLE_LIMIT_YUAN })!.taxYuan, 455);
  assert.equal(item({ shippingYuan: 0 })!.totalYuan, 435.31);
});

test('包税: the merchant pays the tax', () => {
  assert.deepEqual(item({ marks: ['直邮', '包税'] }), {
    priceYuan: 399,
    taxYuan: 0,
    taxRule: 'included',
    shippingYuan: 30,
    totalYuan: 429,
  });
});

test('over the single limit, or shipping unknown: no figure where the data cannot give one', () => {
  const over = item({ priceYuan: 5000.01 })!;
  assert.equal(over.taxRule, 'over-limit');
  assert.equal(over.taxYuan, null);
  assert.equal(over.totalYuan, null);
  assert.match(TAX_RULE_TEXT[over.taxRule], /5000 元/);
  assert.equal(item({ shippingYuan: null })!.totalYuan, null);
  assert.equal(item({ shippingYuan: Number.NaN })!.shippingYuan, null);
  for (const p of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(item({ priceYuan: p }), null, String(p));
});

test('goods that may carry consumption tax: 9.1 % as the least, and said so', () => {
  for (const categoryId of ['b00', 'b21', 'c40', 'f10', 'f81']) {
    const c = item({ categoryId })!;
    assert.equal(c.taxRule, 'cbec-at-least', categoryId);
    assert.equal(c.taxYuan, 36.31);
  }
  for (const categoryId of ['b30', 'f50', 'k00', 'g00'])
    assert.equal(item({ categoryId })!.taxRule, 'cbec', categoryId);
  assert.match(TAX_RULE_TEXT['cbec-at-least'], /消费税/);
});
