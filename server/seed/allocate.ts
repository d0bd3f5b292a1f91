// How the demo data's reviews are spread over products, and products over leaf categories.
// Issue 11, defect 9: with at least as many reviews as leaves, every leaf category gets a
// product with reviews, so no category page of the default data set is empty.
import type { Leaf } from '../catalogue';
import type { Rng } from './prng';

const PER_PRODUCT = [
  [1, 22],
  [2, 18],
  [3, 15],
  [4, 12],
  [5, 9],
  [6, 7],
  [7, 6],
  [8, 5],
  [9, 3],
  [10, 3],
] as const;

/**
 * Reviews per product (1..10, skewed to few) adding up to `total`. When `total` reaches
 * `leaves` but the draw gave fewer products than leaves, the smallest products give reviews to
 * new one-review products until there is one product per leaf: the best-reviewed products keep
 * their many reviews (product pages with tag filters), the rest have one each.
 */
export function reviewCounts(rng: Rng, total: number, leaves: number): number[] {
  const counts: number[] = [];
  for (let sum = 0; sum < total;) {
    const c = Math.min(rng.weighted(PER_PRODUCT), total - sum);
    counts.push(c);
    sum += c;
  }
  let missing = total >= leaves ? leaves - counts.length : 0;
  if (missing <= 0) return counts;
  const smallestFirst = counts.map((_, i) => i).sort((a, b) => counts[a] - counts[b] || a - b);
  for (const i of smallestFirst) {
    const give = Math.min(counts[i] - 1, missing);
    counts[i] -= give;
    missing -= give;
    for (let k = 0; k < give; k++) counts.push(1);
    if (missing === 0) break;
  }
  return counts;
}

/**
 * The leaf of each of `n` products. The first ones cover every leaf once, taking the top-level
 * groups in turn (leaves shuffled inside a group) so that a small data set still spans all
 * groups; any further product takes the groups in turn and a random leaf.
 */
export function productLeaves(rng: Rng, leaves: readonly Leaf[], n: number): Leaf[] {
  const byGroup = new Map<string, Leaf[]>();
  for (const l of leaves) byGroup.set(l.groupId, [...(byGroup.get(l.groupId) ?? []), l]);
  const groups = [...byGroup.values()];
  const shuffled = groups.map((list) => rng.sample(list, list.length));
  const out: Leaf[] = [];
  for (let round = 0; out.length < n && out.length < leaves.length; round++) {
    for (const list of shuffled) {
      if (round < list.length && out.length < n) out.push(list[round]);
    }
  }
  for (let i = out.length; i < n; i++) out.push(rng.pick(groups[i % groups.length]));
  return out;
}
