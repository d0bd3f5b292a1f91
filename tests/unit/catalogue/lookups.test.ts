// Tree walk, default shipping weight and search suggestions, on the real catalogue and on a
// tiny hand-written one where the inheritance cases are easy to see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_WEIGHT_POUNDS,
  defaultShippingWeight,
  getCategory,
  getCategoryTrail,
  getChildren,
  getDescendants,
  getLeafCategories,
  getShippingWeight,
  getTopLevelGroups,
  isSuggestible,
  loadCatalogue,
  suggestCategories,
} from '../../../src/catalogue';
import type { CategoryNode } from '../../../src/storefront/types';
import { at, catalogue, entries } from './helpers';

const node = (
  id: string,
  parentId: string | null,
  displayTerm: string,
  extra: Partial<CategoryNode> = {},
): CategoryNode => ({
  id,
  parentId,
  term: `T${id}`,
  displayTerm,
  disabled: false,
  mappingTerm: displayTerm,
  searchRecommend: true,
  ...extra,
});
const tiny = loadCatalogue({
  categories: [
    {
      id: 'x',
      name: '测试',
      category: node('x', null, '测试', { weightInPounds: 7 }),
      children: [
        {
          category: node('x0', 'x', '一组'),
          rootCategoryId: 'x',
          children: [
            { category: node('x00', 'x0', '甲', { weightInPounds: 0 }), rootCategoryId: 'x00' },
            { category: node('x01', 'x0', '乙'), rootCategoryId: 'x01' },
          ],
        },
      ],
    },
    // A top-level group sent the way the spec lists it: id, name, children only.
    { id: 'y', name: '无重', children: [{ category: node('y0', 'y', '二组'), rootCategoryId: 'y', children: [] }] },
  ],
});
const names = (list: Array<{ name: string }>) => list.map((e) => e.name);

test('getCategory finds any node by id, with its level and Chinese name', () => {
  assert.equal(getCategory(catalogue, 'f')?.name, '珠宝配饰');
  assert.equal(getCategory(catalogue, 'f')?.level, 1);
  assert.equal(getCategory(catalogue, 'fa')?.name, '黄金');
  assert.equal(getCategory(catalogue, 'fa')?.level, 2);
  assert.equal(getCategory(catalogue, 'b00')?.name, '口红');
  assert.equal(getCategory(catalogue, 'b00')?.level, 3);
  assert.equal(getCategory(catalogue, 'nope'), undefined);
});

test('getCategoryTrail gives the path from the root (breadcrumbs)', () => {
  assert.deepEqual(names(getCategoryTrail(catalogue, 'b00')), ['美妆个护', '彩妆', '口红']);
  assert.deepEqual(names(getCategoryTrail(catalogue, 'e2')), ['箱包', '旅行箱']);
  assert.deepEqual(names(getCategoryTrail(catalogue, '8')), ['女装']);
  assert.deepEqual(getCategoryTrail(catalogue, 'zzz'), []);
  assert.deepEqual(names(getCategoryTrail(tiny, 'y0')), ['无重', '二组']);
});

test('getChildren, getTopLevelGroups, getLeafCategories, getDescendants', () => {
  assert.deepEqual(
    getTopLevelGroups(catalogue).map((e) => e.id),
    ['8', '9', 'e', 'b', 'k', 'g', 'f', 'c', 'd', 'a'],
  );
  assert.deepEqual(
    getChildren(catalogue, null).map((e) => e.id),
    getTopLevelGroups(catalogue).map((e) => e.id),
  );
  assert.deepEqual(
    getChildren(catalogue, 'c4').map((e) => e.id),
    ['c40', 'c41', 'c42'],
  );
  assert.deepEqual(getChildren(catalogue, 'c40'), []);
  assert.deepEqual(getChildren(catalogue, 'nope'), []);
  const leaves = getLeafCategories(catalogue);
  assert.equal(leaves.length, entries().filter((e) => e.childIds.length === 0 && e.level === 3).length);
  assert.ok(leaves.every((e) => e.level === 3 && e.childIds.length === 0));
  assert.deepEqual(
    getDescendants(catalogue, 'c4').map((e) => e.id),
    ['c4', 'c40', 'c41', 'c42'],
  );
  assert.equal(getDescendants(catalogue, 'f').length, 1 + 11 + leaves.filter((e) => e.id.startsWith('f')).length);
  assert.deepEqual(
    getLeafCategories(tiny).map((e) => e.id),
    ['x00', 'x01'],
  );
});

test('shipping weight: own weight first', () => {
  assert.deepEqual(getShippingWeight(catalogue, 'b00'), { pounds: 0.2, fromId: 'b00' });
  assert.deepEqual(getShippingWeight(catalogue, 'e2'), { pounds: 18, fromId: 'e2' });
  // A weight of 0 is a weight, not a missing one.
  assert.deepEqual(getShippingWeight(tiny, 'x00'), { pounds: 0, fromId: 'x00' });
});

test("shipping weight: else the nearest ancestor's", () => {
  assert.deepEqual(getShippingWeight(catalogue, at('女装/外套/大衣').id), { pounds: 3, fromId: '80' });
  assert.deepEqual(getShippingWeight(catalogue, at('箱包/旅行箱/拉杆箱').id), { pounds: 18, fromId: 'e2' });
  assert.deepEqual(getShippingWeight(catalogue, at('营养保健/健康护理/感冒咳嗽').id), { pounds: 2, fromId: 'd7' });
  assert.deepEqual(getShippingWeight(catalogue, at('食品/零食/巧克力').id), { pounds: 1, fromId: 'c0' });
  // Two levels up: the top-level group's weight.
  assert.deepEqual(getShippingWeight(tiny, 'x01'), { pounds: 7, fromId: 'x' });
  assert.deepEqual(getShippingWeight(tiny, 'x0'), { pounds: 7, fromId: 'x' });
});

test('shipping weight: else the store-wide default of 1 lb (also for unknown ids)', () => {
  assert.equal(DEFAULT_WEIGHT_POUNDS, 1);
  assert.deepEqual(getShippingWeight(catalogue, at('女装/上装/衬衫').id), { pounds: 1, fromId: null });
  assert.deepEqual(getShippingWeight(catalogue, 'k'), { pounds: 1, fromId: null });
  assert.deepEqual(getShippingWeight(catalogue, 'no-such-id'), { pounds: 1, fromId: null });
  assert.deepEqual(getShippingWeight(tiny, 'y0'), { pounds: 1, fromId: null });
  assert.equal(defaultShippingWeight(catalogue, 'b00'), 0.2);
  assert.equal(defaultShippingWeight(catalogue, 'k01'), 1);
  for (const e of entries()) assert.ok(defaultShippingWeight(catalogue, e.id) > 0, e.id);
});

test('suggestions match Chinese text (displayTerm and mappingTerm)', () => {
  assert.deepEqual(
    suggestCategories(catalogue, '口红').map((e) => e.id),
    ['b00'],
  );
  assert.deepEqual(names(suggestCategories(catalogue, '墨镜')), ['太阳镜', '太阳镜']); // mappingTerm only
  assert.deepEqual(names(suggestCategories(catalogue, '尿不湿')), ['纸尿裤']);
  assert.deepEqual(names(suggestCategories(catalogue, '  黄金  ')).slice(0, 2), ['黄金', '黄金项链']);
});

test('suggestions match the English term, case- and width-insensitively', () => {
  assert.deepEqual(
    suggestCategories(catalogue, 'lipstick').map((e) => e.id),
    ['b00'],
  );
  assert.deepEqual(
    suggestCategories(catalogue, 'LIPSTICKS').map((e) => e.id),
    ['b00'],
  );
  assert.deepEqual(
    suggestCategories(catalogue, 'ｌｉｐｓｔｉｃｋ').map((e) => e.id),
    ['b00'],
  );
  assert.deepEqual(names(suggestCategories(catalogue, 'backpack')), ['双肩包', '双肩包']);
  assert.deepEqual(names(suggestCategories(catalogue, 't恤')), ['T恤', 'T恤', '儿童T恤']);
});

test('suggestions match pinyin initials of the Chinese name or search text, after a text match', () => {
  assert.deepEqual(names(suggestCategories(catalogue, 'kh')).slice(0, 1), ['口红']);
  assert.ok(names(suggestCategories(catalogue, 'KH', 50)).includes('口红')); // case-insensitive
  assert.ok(names(suggestCategories(catalogue, 'ｋｈ', 50)).includes('口红')); // full-width letters
  // 太阳镜's search text is 墨镜: its initials are offered as well as the name's.
  assert.ok(names(suggestCategories(catalogue, 'mj', 50)).includes('太阳镜'));
  assert.ok(names(suggestCategories(catalogue, 'tyj', 50)).includes('太阳镜'));
  // A polyphone read as the word reads it: 行李箱套装 is xing-li-xiang, a prefix of its initials.
  assert.ok(names(suggestCategories(catalogue, 'xlx', 50)).includes('行李箱套装'));
  // One letter matches no initials (every tenth name starts with it); a text match still ranks
  // first: the English term "tea" before any name whose initials start with "tea".
  assert.deepEqual(
    suggestCategories(catalogue, 'k', 50).filter((e) => !/k/i.test(`${e.category.term}${e.category.mappingTerm}`)),
    [],
  );
  assert.equal(suggestCategories(catalogue, 'tea', 50)[0].name, '茶');
  // Initials are kept for suggestible nodes only, and for each whose name has two Chinese
  // characters or more (one letter is no query: 茶 has none).
  const suggestible = [...catalogue.byId.values()].filter(isSuggestible);
  for (const id of catalogue.initials!.keys())
    assert.ok(
      suggestible.some((e) => e.id === id),
      id,
    );
  const named = suggestible.filter((e) => (e.category.displayTerm.match(/\p{Script=Han}/gu) ?? []).length >= 2);
  assert.ok(named.length > 400);
  for (const e of named) assert.ok(catalogue.initials!.has(e.id), e.category.displayTerm);
});

test('suggestions rank exact, then prefix, then substring matches, and respect the limit', () => {
  assert.deepEqual(names(suggestCategories(catalogue, 'wine')), ['葡萄酒']);
  const tea = suggestCategories(catalogue, 'tea', 50);
  assert.equal(tea[0].name, '茶'); // exact English term "Tea"
  assert.ok(tea.findIndex((e) => e.name === '袋泡茶') < tea.findIndex((e) => e.name === '红茶')); // "Tea Bags" prefix before "Black Tea"
  assert.equal(suggestCategories(catalogue, 'tea', 3).length, 3);
  assert.deepEqual(suggestCategories(catalogue, 'tea', 0), []);
  assert.deepEqual(suggestCategories(catalogue, ''), []);
  assert.deepEqual(suggestCategories(catalogue, '   '), []);
  assert.deepEqual(suggestCategories(catalogue, '不存在的类目'), []);
});

test('suggestions leave out searchRecommend false and disabled nodes, keep those without the flag', () => {
  for (const e of entries().filter((x) => !isSuggestible(x))) {
    for (const q of [e.category.displayTerm, e.category.term]) {
      assert.ok(!suggestCategories(catalogue, q, 1000).some((s) => s.id === e.id), `${e.id} suggested for ${q}`);
    }
  }
  assert.deepEqual(suggestCategories(catalogue, '充电宝'), []); // disabled: true
  assert.deepEqual(suggestCategories(catalogue, '止痛'), []); // searchRecommend false
  assert.deepEqual(suggestCategories(catalogue, 'cufflinks'), []);
  assert.deepEqual(names(suggestCategories(catalogue, '益生菌')), ['益生菌']); // no disabled flag: suggested
  assert.ok(!('disabled' in at('营养保健/发酵提取/益生菌').category));
  // The flags are per node: a leaf under an excluded group is still offered.
  assert.deepEqual(names(suggestCategories(catalogue, '卫生巾')), ['卫生巾']);
  assert.ok(!isSuggestible(at('美妆个护/女性护理')));
});
