// The buy path's colour and size picker (issue 45): skus reshaped once, sold-out choices kept
// in view and marked, the review's own sku picked first when it can be bought.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SKU_OPTIONS_MAX,
  colorChoices,
  initialChoice,
  missingChoice,
  sizeChoices,
  skuOf,
  toSkuOptions,
} from '../../../src/listing/sku-picker';
import type { Sku } from '../../../src/storefront/wire/reviews';

const sku = (id: number, color: string | null, size: string | null, stock?: number): Sku => ({
  id,
  name: 'Tee',
  cents: 1000,
  attributes: { attributes: { exchangeRateUsed: { choices: [7] } } },
  ...(color ? { color: { name: color } } : {}),
  ...(size ? { size: { name: size } } : {}),
  ...(stock === undefined ? {} : { stock }),
});

const TEES = toSkuOptions([
  sku(1, '黑色', 'S', 3),
  sku(2, '黑色', 'M', 0),
  sku(3, '白色', 'S', 0),
  sku(4, '白色', 'M', 0),
  sku(5, '红色', 'M'),
]);

test('skus -> options: price, sold out only at stock 0, unknown stock offered', () => {
  assert.deepEqual(TEES[0], { id: '1', color: '黑色', size: 'S', price: '¥70.00', soldOut: false });
  assert.equal(TEES[1].soldOut, true);
  assert.equal(TEES[4].soldOut, false, 'no stock field: offered');
});

test('skus without an id, repeated pairs and over the bound are left out; names trimmed and bounded', () => {
  const many = Array.from({ length: SKU_OPTIONS_MAX + 20 }, (_, i) => sku(i + 1, `c${i}`, null));
  assert.equal(toSkuOptions(many).length, SKU_OPTIONS_MAX);
  const odd = toSkuOptions([
    { ...sku(1, ' 蓝 ', 'L'), id: undefined },
    { ...sku(2, ' 蓝 ', 'L'), id: 'x1' },
    sku(3, ' 蓝 ', 'L'),
    sku(4, '蓝', 'L'),
    sku(5, 'x'.repeat(300), null),
  ]);
  assert.deepEqual(
    odd.map((o) => [o.id, o.color, o.size]),
    [
      ['3', '蓝', 'L'],
      ['5', 'x'.repeat(40), ''],
    ],
  );
  assert.deepEqual(toSkuOptions(null), []);
});

test('colours and sizes: sold out when nothing of them can be bought', () => {
  assert.deepEqual(colorChoices(TEES), [
    { name: '黑色', soldOut: false },
    { name: '白色', soldOut: true },
    { name: '红色', soldOut: false },
  ]);
  assert.deepEqual(sizeChoices(TEES, '黑色'), [
    { name: 'S', soldOut: false },
    { name: 'M', soldOut: true },
  ]);
  // Before a colour: every size, sold out only when sold out in every colour.
  assert.deepEqual(sizeChoices(TEES, ''), [
    { name: 'S', soldOut: false },
    { name: 'M', soldOut: false },
  ]);
});

test('what is missing before buying, and the sku of a choice', () => {
  assert.equal(missingChoice(TEES, '', ''), '请选择颜色');
  assert.equal(missingChoice(TEES, '黑色', ''), '请选择尺码');
  assert.equal(missingChoice(TEES, '黑色', 'M'), '该款式已售罄');
  assert.equal(missingChoice(TEES, '黑色', 'S'), '');
  assert.equal(skuOf(TEES, '红色', 'M')?.id, '5');
  assert.equal(skuOf(TEES, '红色', 'S'), null);
  assert.equal(missingChoice(TEES, '红色', 'S'), '请选择颜色和尺码');
  // A product without colours or sizes: its one sku, nothing to pick.
  const plain = toSkuOptions([sku(9, null, null, 2)]);
  assert.equal(missingChoice(plain, '', ''), '');
  assert.equal(skuOf(plain, '', '')?.id, '9');
});

test("first choice: the review's sku when it can be bought, else the only colour or size", () => {
  assert.deepEqual(initialChoice(TEES, { color: '黑色', size: 'S' }), { color: '黑色', size: 'S' });
  assert.deepEqual(initialChoice(TEES, { color: '白色', size: 'S' }), { color: '', size: '' }, 'sold out: not picked');
  const one = toSkuOptions([sku(1, '黑色', 'S', 1), sku(2, '黑色', 'M', 1)]);
  assert.deepEqual(initialChoice(one, null), { color: '黑色', size: '' });
});
