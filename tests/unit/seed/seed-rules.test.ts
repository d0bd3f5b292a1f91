// The demo data generator's pure rules (issue 11 defect 9, issue 14): how reviews spread over
// products and products over leaves, how names and variants fit the leaf, how yuan is rounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { productLeaves, reviewCounts } from '../../../server/seed/allocate';
import { Rng } from '../../../server/seed/prng';
import { yuanOf } from '../../../server/seed/reference';
import { LINES, adjectivesFor, lineOf, sizesFor } from '../../../server/seed/lines';
import { formatPrice } from '../../../src/review/format';
import type { Leaf } from '../../../server/catalogue';

const sum = (a: number[]) => a.reduce((s, n) => s + n, 0);

function leavesOf(groups: Record<string, number>): Leaf[] {
  return Object.entries(groups).flatMap(([g, n]) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${g}${i}`,
      term: `T${i}`,
      displayTerm: `叶${i}`,
      groupId: g,
      groupName: g,
      parentId: `${g}p`,
      parentDisplayTerm: g,
    })),
  );
}

test('review counts add up to the total, 1..10 each', () => {
  for (const [total, leaves] of [
    [0, 10],
    [1, 10],
    [60, 442],
    [500, 442],
    [3000, 442],
  ]) {
    const counts = reviewCounts(new Rng(7), total, leaves);
    assert.equal(sum(counts), total);
    assert.ok(
      counts.every((c) => c >= 1 && c <= 10),
      `${total}: ${counts.join(',')}`,
    );
  }
});

test('with at least as many reviews as leaves there is a product per leaf, and the best-reviewed keep their reviews', () => {
  const natural = reviewCounts(new Rng(42), 500, 0);
  const counts = reviewCounts(new Rng(42), 500, 442);
  assert.ok(natural.length < 442, 'the plain draw gives fewer products than leaves');
  assert.equal(counts.length, 442);
  assert.equal(Math.max(...counts), Math.max(...natural));
  // Below the number of leaves nothing is split: small test data sets keep products with several reviews.
  assert.deepEqual(reviewCounts(new Rng(42), 400, 442), reviewCounts(new Rng(42), 400, 0));
});

test('the first products cover every leaf once, groups in turn; later ones take the groups in turn', () => {
  const leaves = leavesOf({ a: 3, b: 1, c: 5 });
  const all = productLeaves(new Rng(1), leaves, 20);
  assert.equal(all.length, 20);
  assert.deepEqual(new Set(all.slice(0, leaves.length).map((l) => l.id)), new Set(leaves.map((l) => l.id)));
  assert.deepEqual(
    all.slice(0, 3).map((l) => l.groupId),
    ['a', 'b', 'c'],
  );
  const few = productLeaves(new Rng(1), leaves, 2);
  assert.deepEqual(
    few.map((l) => l.groupId),
    ['a', 'b'],
  );
  assert.deepEqual(productLeaves(new Rng(1), leaves, 20), all, 'same seed, same leaves');
});

test('yuan is rounded as the page rounds it (issue 14: 1.005 -> 1.01)', () => {
  assert.equal(yuanOf(100, 1.005), 1.01);
  for (const [cents, rate] of [
    [100, 1.005],
    [1250, 9.05],
    [12999, 7.12],
    [2575, 7.74],
    [1, 0.5],
  ]) {
    assert.equal(`¥${yuanOf(cents, rate).toFixed(2)}`, formatPrice(cents, rate));
  }
});

test("a leaf takes its own line, else its parent's; an unknown one its group's default", () => {
  assert.equal(lineOf({ id: 'b00', parentId: 'b0', groupId: 'b' }).id, 'makeup');
  assert.equal(lineOf({ id: 'b0c', parentId: 'b0', groupId: 'b' }).id, 'fragrance');
  assert.equal(lineOf({ id: 'g50', parentId: 'g5', groupId: 'g' }).id, 'strollers');
  assert.ok(
    !LINES.strollers.brands.some((b) => (LINES.makeup.brands as readonly string[]).includes(b)),
    'no lipstick brand sells strollers',
  );
  const unknown = lineOf({ id: 'zz1', parentId: 'zz', groupId: 'b' });
  assert.equal(unknown.mapped, false);
  assert.equal(lineOf({ id: 'q1', parentId: 'q', groupId: 'q' }).id, 'everyday');
});

test("adjectives never repeat the leaf's own words; jewellery sizes follow the piece", () => {
  const formula = adjectivesFor({ ...LINES.babyfood }, '有机奶粉').map(([, cn]) => cn);
  assert.ok(!formula.includes('有机'));
  assert.ok(formula.length > 0);
  assert.deepEqual(sizesFor(LINES.silver, '银戒指'), ['10号', '12号', '14号', '16号']);
  assert.deepEqual(sizesFor(LINES.silver, '银项链'), ['40cm', '45cm', '50cm']);
  assert.equal(sizesFor(LINES.silver, '银耳饰'), null);
  assert.deepEqual(sizesFor(LINES.coffee, '咖啡豆'), LINES.coffee.sizes);
});
