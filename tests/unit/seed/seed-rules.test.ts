// The demo data generator's pure rules (issue 11 defect 9, issue 14): how reviews spread over
// products and products over leaves, how names and variants fit the leaf, how yuan is rounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { productLeaves, reviewCounts } from '../../../server/seed/allocate';
import { Rng } from '../../../server/seed/prng';
import { stream, yuanOf } from '../../../server/seed/reference';
import { LINES, adjectivesFor, lineOf, sizesFor } from '../../../server/seed/lines';
import { formatPrice } from '../../../src/review/format';
import type { Leaf } from '../../../server/catalogue';
import { DEFAULT_REVIEWS } from '../../../server/seed/sizes';

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

const countsAt = (total: number, leaves = 442, seed = 42) => reviewCounts(stream(seed, 7), total, leaves);
const desc = (a: number[]) => [...a].sort((x, y) => y - x);
const within = (a: number[], lo: number, hi: number) => a.filter((c) => c >= lo && c <= hi).length;

test('review counts add up to the total, at least one each, one product per leaf once the reviews suffice', () => {
  for (const [total, leaves] of [
    [0, 10],
    [1, 10],
    [2, 1],
    [60, 442],
    [441, 442],
    [442, 442],
    [443, 442],
    [500, 442],
    [1000, 442],
    [3000, 442],
    [20_000, 442],
  ]) {
    for (const seed of [1, 42, 7]) {
      const counts = countsAt(total, leaves, seed);
      assert.equal(sum(counts), total, `${total}/${leaves}, seed ${seed}`);
      assert.ok(
        counts.every((c) => Number.isInteger(c) && c >= 1),
        `${total}: ${counts.join(',')}`,
      );
      assert.ok(total < leaves || counts.length >= leaves, `${total}/${leaves}: ${counts.length} products`);
    }
  }
  assert.deepEqual(countsAt(0), []);
  assert.equal(countsAt(442).length, 442, 'as many reviews as leaves: one each');
  assert.ok(
    countsAt(441).length === Math.round(441 / 3.8),
    'below the number of leaves, one product per 3.8 reviews (small test sets keep products with several)',
  );
});

test('a long tail at 1,000 reviews: a head of a few dozen, a dozen hubs with 10+, most with 1..3', () => {
  for (const seed of [42, 1, 7, 2024]) {
    const counts = countsAt(1000, 442, seed);
    const top = desc(counts);
    assert.ok(top[0] >= 30 && top[0] <= 60, `seed ${seed}: top ${top.slice(0, 5).join(',')}`);
    assert.ok(top[1] >= 20, `seed ${seed}: second ${top[1]}`);
    const tenPlus = within(counts, 10, Infinity);
    assert.ok(tenPlus >= 8 && tenPlus <= 20, `seed ${seed}: ${tenPlus} with 10+`);
    assert.ok(within(counts, 1, 3) >= 0.8 * counts.length, `seed ${seed}: ${within(counts, 1, 3)} with 1..3`);
    assert.ok(within(counts, 1, 1) >= counts.length / 2, `seed ${seed}: ${within(counts, 1, 1)} with one`);
  }
  // The default 500 reviews leave 58 over the 442 leaves' one each: still a head, not an even spread.
  const dflt = desc(countsAt(500));
  assert.ok(dflt[0] >= 25, `top at 500: ${dflt.slice(0, 5).join(',')}`);
  assert.ok(dflt[1] >= 8, `second at 500: ${dflt.slice(0, 5).join(',')}`);
});

test('the default data set: most hubs summarise a few reviews, a few summarise dozens', () => {
  for (const seed of [42, 1, 7, 2024]) {
    const counts = countsAt(DEFAULT_REVIEWS, 442, seed);
    const top = desc(counts);
    assert.equal(sum(counts), DEFAULT_REVIEWS);
    assert.ok(counts.length >= 442, `seed ${seed}: ${counts.length} products`);
    assert.ok(top[0] >= 40 && top[2] >= 20, `seed ${seed}: top ${top.slice(0, 5).join(',')}`);
    assert.ok(within(counts, 10, Infinity) >= 12, `seed ${seed}: ${within(counts, 10, Infinity)} with 10+`);
    assert.ok(top[Math.floor(counts.length / 2)] >= 2, `seed ${seed}: median ${top[Math.floor(counts.length / 2)]}`);
    assert.ok(within(counts, 1, 1) <= 0.2 * counts.length, `seed ${seed}: ${within(counts, 1, 1)} with one`);
  }
});

test('a long tail at 1,000,000 reviews: hundreds on a few products, the product count as before', () => {
  const counts = countsAt(1_000_000);
  const top = desc(counts);
  assert.equal(sum(counts), 1_000_000);
  assert.ok(Math.abs(counts.length - 1_000_000 / 3.8) < 1, `${counts.length} products`);
  assert.ok(top[0] >= 1000 && top[0] <= 2000, `top ${top.slice(0, 5).join(',')}`);
  const hundreds = within(counts, 100, Infinity);
  assert.ok(hundreds >= 50 && hundreds <= 500, `${hundreds} with 100+`);
  assert.ok(within(counts, 1, 3) >= 0.6 * counts.length, `${within(counts, 1, 3)} with 1..3`);
  assert.ok(within(counts, 10, Infinity) <= 0.1 * counts.length, `${within(counts, 10, Infinity)} with 10+`);
});

test('review counts are deterministic: same seed, same list; another seed, another order', () => {
  assert.deepEqual(countsAt(1000), countsAt(1000));
  assert.deepEqual(countsAt(100_000), countsAt(100_000));
  assert.notDeepEqual(countsAt(1000, 442, 42), countsAt(1000, 442, 43));
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
