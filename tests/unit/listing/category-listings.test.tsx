// The category page's listings and its empty state (issue 11, defect 9): a page with neither
// products nor reviews says so in Chinese and links onward (parent, siblings with products,
// the review showcase, home), every link built by src/paths.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryListings, type CategoryListingsProps } from '../../../src/components/listing/CategoryListings';
import { EMPTY_CATEGORY_TEXT } from '../../../src/components/listing/EmptyCategory';
import { toProductCard } from '../../../src/listing/view';
import { categoryPath, haulPath, homePath } from '../../../src/paths';

const render = (p: Partial<CategoryListingsProps>) =>
  renderToStaticMarkup(<CategoryListings name="大衣" parent={null} siblings={[]} products={[]} reviews={[]} {...p} />);
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);

test('empty leaf: the Chinese empty-state text, then parent, showcase, home and siblings with products', () => {
  const html = render({
    parent: { id: '80', name: '外套' },
    siblings: [
      { id: '801', name: '羽绒服' },
      { id: '803', name: '夹克' },
    ],
  });
  assert.ok(html.includes(EMPTY_CATEGORY_TEXT));
  assert.match(EMPTY_CATEGORY_TEXT, /^[\u4e00-\u9fff]+$/);
  assert.ok(html.includes('返回上级分类：外套'));
  assert.deepEqual(hrefs(html), [categoryPath('80'), haulPath(), homePath(), categoryPath('801'), categoryPath('803')]);
  assert.ok(!html.includes('cat-products'), 'no empty product grid besides the empty state');
});

test('empty top-level group: no parent link, still the showcase and home', () => {
  const html = render({ name: '女装', siblings: [{ id: '9', name: '男装' }] });
  assert.ok(html.includes(EMPTY_CATEGORY_TEXT));
  assert.deepEqual(hrefs(html), [haulPath(), homePath(), categoryPath('9')]);
});

test('a category with products lists them and shows no empty state', () => {
  const html = render({
    parent: { id: '80', name: '外套' },
    products: [{ ...toProductCard({ id: 'p1', nameCN: '博柏利 经典款大衣' })!, hasPage: true }],
  });
  assert.ok(html.includes('博柏利 经典款大衣'));
  assert.ok(!html.includes('cat-empty'));
  assert.ok(html.includes('该分类暂无晒单'), 'a missing half still says so');
});
