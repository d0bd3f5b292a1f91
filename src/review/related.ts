// A review page's related reviews (issue 44): the same product's first, then the same leaf
// category's, then the same top-level group's, each tier ranked by media (a picture or video
// first) and likes, newest first on a tie. The one rule of built pages (gatsby/sourcing/
// fetch-reviews.ts) and of the site server's deferred ones (gatsby/deferred/render-child.ts).
import { getCategoryTrail, type Catalogue } from '../catalogue';
import type { RelatedView } from './view';

/**
 * Media first, then the most liked; a stable sort, so equal items keep the feed's order
 * (newest first).
 */
export function rankRelated(items: readonly RelatedView[]): RelatedView[] {
  return [...items].sort((a, b) => Number(!!b.image) - Number(!!a.image) || b.likes - a.likes);
}

export interface RelatedTiers {
  /** The product's published reviews (feed order). */
  product: readonly RelatedView[];
  /** The best of the product's leaf category (rankRelated order; at least limit + 1 when it has them). */
  leaf: readonly RelatedView[];
  /** The best of its top-level group (likewise). */
  group: readonly RelatedView[];
  /** The feed's head: only when no tier has another review (the page would load the feed). */
  head: readonly RelatedView[];
}

/** The related list: tier by tier, each ranked, the page's own review left out, each once, at most `limit`. */
export function relatedListOf(commentId: string, tiers: RelatedTiers, limit: number): RelatedView[] {
  const out: RelatedView[] = [];
  const seen = new Set([commentId]);
  for (const tier of [rankRelated(tiers.product), tiers.leaf, tiers.group]) {
    for (const r of tier) {
      if (out.length >= limit) return out;
      if (seen.has(r.commentId)) continue;
      seen.add(r.commentId);
      out.push(r);
    }
  }
  if (out.length) return out;
  return tiers.head.filter((r) => r.commentId !== commentId).slice(0, limit);
}

/** The top-level group of a leaf category, or null for an id the catalogue does not know. */
export const groupOfLeaf = (catalogue: Catalogue, leafId: string): string | null =>
  getCategoryTrail(catalogue, leafId)[0]?.id ?? null;

export interface RelatedPools {
  byProduct: Map<string, RelatedView[]>;
  /** Per leaf category and per group: its best `limit + 1` reviews (rankRelated order). */
  byLeaf: Map<string, RelatedView[]>;
  byGroup: Map<string, RelatedView[]>;
}

/**
 * The tiers' sources over the published feed. A leaf's or group's best limit + 1 are enough:
 * the page's own review is the only one a tier can lose besides those of its own product, which
 * come first anyway (so a longer pool never changes a list).
 */
export function relatedPools(feed: readonly RelatedView[], catalogue: Catalogue, limit: number): RelatedPools {
  const byProduct = new Map<string, RelatedView[]>();
  const leaves = new Map<string, RelatedView[]>();
  const groups = new Map<string, RelatedView[]>();
  const push = (m: Map<string, RelatedView[]>, k: string, r: RelatedView) => {
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  };
  for (const r of feed) {
    push(byProduct, r.productId, r);
    if (!r.categoryId) continue;
    push(leaves, r.categoryId, r);
    const g = groupOfLeaf(catalogue, r.categoryId);
    if (g) push(groups, g, r);
  }
  const best = (m: Map<string, RelatedView[]>) =>
    new Map([...m].map(([k, list]) => [k, rankRelated(list).slice(0, limit + 1)]));
  return { byProduct, byLeaf: best(leaves), byGroup: best(groups) };
}

/** The tiers of one product's review from the pools (its leaf from its reviews' feed items). */
export function tiersOf(
  pools: Pick<RelatedPools, 'byLeaf' | 'byGroup'>,
  catalogue: Catalogue,
  product: readonly RelatedView[],
  head: readonly RelatedView[],
): RelatedTiers {
  const leaf = product.find((r) => r.categoryId)?.categoryId ?? null;
  const group = leaf ? groupOfLeaf(catalogue, leaf) : null;
  return {
    product,
    leaf: (leaf && pools.byLeaf.get(leaf)) || [],
    group: (group && pools.byGroup.get(group)) || [],
    head,
  };
}
