// The size a reviewer bought, as a row of the product's size chart (issue 45, the review page's
// product box): src/listing/bought-size.ts, and how the chart marks it (SizeChart.tsx).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { boughtSize, sizeKey } from '../../../src/listing/bought-size';
import type { SizeChartView } from '../../../src/listing/facts';
import { SizeChart } from '../../../src/components/listing/SizeChart';

const chart = (labels: string[]): SizeChartView => ({
  name: '尺码表',
  unit: 'cm',
  header: ['尺码', '胸围'],
  rows: labels.map((l, i) => [l, String(80 + i * 4)]),
  note: null,
});
const tops = chart(['XS', 'S', 'M', 'L', 'XL']);
const shoes = chart(['US 6', 'US 7', 'US 7.5', 'US 8']);

test("the sku's size is the chart's row of that size, named as the chart names it", () => {
  assert.equal(boughtSize(tops, 'M'), 'M');
  assert.equal(boughtSize(tops, 'XL'), 'XL');
  assert.equal(boughtSize(shoes, 'US 7.5'), 'US 7.5');
  assert.equal(boughtSize(chart(['0-3个月', '3-6个月']), '3-6个月'), '3-6个月');
});

test("the merchant's spellings of one size match: case, spaces, full-width letters, a trailing 码", () => {
  assert.equal(boughtSize(tops, 'm'), 'M');
  assert.equal(boughtSize(tops, ' L '), 'L');
  assert.equal(boughtSize(tops, 'Ｌ'), 'L'); // full-width
  assert.equal(boughtSize(tops, 'XL码'), 'XL');
  assert.equal(boughtSize(shoes, 'US7'), 'US 7');
  assert.equal(boughtSize(shoes, 'us 8'), 'US 8');
  assert.equal(boughtSize(chart(['L码', 'XL码']), 'L'), 'L码');
  assert.equal(sizeKey(' ｘｌ 码'), 'XL');
});

test('nothing is marked without a size, without a chart, or for a size the chart does not name', () => {
  assert.equal(boughtSize(tops, null), null);
  assert.equal(boughtSize(tops, undefined), null);
  assert.equal(boughtSize(tops, ''), null);
  assert.equal(boughtSize(tops, '  '), null);
  assert.equal(boughtSize(tops, '码'), null);
  assert.equal(boughtSize(null, 'M'), null);
  assert.equal(boughtSize(undefined, 'M'), null);
  // No guessing: a bare number is no US size, one size fits all is no row, nor is a colour.
  assert.equal(boughtSize(shoes, '7'), null);
  assert.equal(boughtSize(tops, '均码'), null);
  assert.equal(boughtSize(tops, 'XXL'), null);
  assert.equal(boughtSize(tops, 'S/M'), null);
  assert.equal(boughtSize(chart(['色号01']), '色号02'), null);
});

test('the chart marks the row bought, and it alone, for the eye and by aria-current', () => {
  const html = renderToStaticMarkup(createElement(SizeChart, { chart: tops, mark: boughtSize(tops, 'm') }));
  const rows = html.match(/<tr[^>]*>.*?<\/tr>/g)!.slice(1);
  const marked = rows.filter((r) => r.includes('aria-current="true"'));
  assert.equal(marked.length, 1);
  assert.match(
    marked[0],
    /^<tr class="pd-chart__bought" aria-current="true"><th scope="row">M<span class="pd-chart__mark">（晒单买家所购）<\/span><\/th>/,
  );
  assert.equal(rows.filter((r) => r.includes('pd-chart__mark')).length, 1);
  // No size: no mark at all (the hub's chart, a review without a size).
  for (const mark of [null, undefined, boughtSize(tops, '均码')]) {
    const plain = renderToStaticMarkup(createElement(SizeChart, { chart: tops, mark }));
    assert.ok(!/aria-current|pd-chart__bought|pd-chart__mark/.test(plain), plain);
  }
});

test("a server's size label is text wherever it is marked", () => {
  const evil = '<img src=x onerror=alert(1)>';
  const hostile = chart([evil, 'M']);
  assert.equal(boughtSize(hostile, evil), evil);
  const html = renderToStaticMarkup(createElement(SizeChart, { chart: hostile, mark: evil }));
  assert.ok(!html.includes('<img'), html);
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;<span class="pd-chart__mark">'), html);
});
