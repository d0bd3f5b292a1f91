// How the demo data's reviews are spread over products, and products over leaf categories.
// Issue 11, defect 9: with at least as many reviews as leaves, every leaf category gets a
// product with reviews, so no category page of the default data set is empty.
// Issue 44: the counts have a long tail, as a store's do: a few products with dozens (at
// 1,000,000 reviews, hundreds) of reviews, most with one to three, so product hubs have
// histograms, chips and summaries to show.
import type { Leaf } from '../catalogue';
import type { Rng } from './prng';

/** Reviews per product on average when the leaves do not force more products (before issue 44: 3.8). */
export const MEAN_PER_PRODUCT = 3.8;

/**
 * The best-reviewed product's count, before the RNG's jitter: grows as the square root of the
 * total (about 45 at 1,000 reviews, 1,400 at 1,000,000), so the head stays a few products
 * at any size.
 */
const topOf = (total: number) => 1.4 * Math.sqrt(total);

/**
 * Reviews per product, adding up to `total`: one product per `MEAN_PER_PRODUCT` reviews, and
 * at least one per leaf when `total` reaches `leaves`. The product of rank k has
 * max(1, top * k^-s) reviews (Zipf, floored at one), s solved so that they add up to `total`;
 * `top` comes from `topOf` with +-20 % from the RNG, and the RNG shuffles which product (in id
 * order) gets which rank. Cost: a few passes over the products, no list per review.
 */
export function reviewCounts(rng: Rng, total: number, leaves: number): number[] {
  total = Math.max(0, Math.floor(total));
  if (total === 0) return [];
  const natural = Math.max(1, Math.round(total / MEAN_PER_PRODUCT));
  const n = Math.min(total, total >= leaves ? Math.max(leaves, natural) : natural);
  const jitter = 0.8 + 0.4 * rng.next();
  // At least an even share (s = 0), at most all that the others' one review each leaves (s -> inf).
  const top = Math.min(total - n + 1, Math.max(total / n, topOf(total) * jitter));
  const counts = zipfCounts(n, total, top);
  // Fisher-Yates: the ranks land on random product ids.
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [counts[i], counts[j]] = [counts[j], counts[i]];
  }
  return counts;
}

/**
 * `total` split over `n` ranks as max(1, top * k^-s) (k = 1..n), s found by bisection so that
 * the real counts add up to `total`, then rounded by largest remainder (ties to the better
 * rank): integers of at least one that add up to `total` exactly.
 */
function zipfCounts(n: number, total: number, top: number): number[] {
  const countsFor = (s: number) => Array.from({ length: n }, (_, i) => Math.max(1, top * Math.pow(i + 1, -s)));
  const sumFor = (s: number) => {
    let sum = 0;
    for (let k = 1; k <= n; k++) sum += Math.max(1, top * Math.pow(k, -s));
    return sum;
  };
  let lo = 0;
  let hi = 1;
  while (sumFor(hi) > total && hi < 64) hi *= 2;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (sumFor(mid) > total) lo = mid;
    else hi = mid;
  }
  const real = countsFor(hi);
  const out = real.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const byRemainder = out.map((_, i) => i).sort((a, b) => real[b] - out[b] - (real[a] - out[a]) || a - b);
  for (let i = 0; left > 0; i = (i + 1) % n, left--) out[byRemainder[i]]++;
  return out;
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
