// GET /api/v2/discover filters over products (keyword search, POST /api/v3/discover: search.ts).
import type { Catalogue } from '../catalogue';
import { badRequest, notFound } from '../errors';
import type { Product } from '../../src/storefront/wire/products';
import { type ProductRepository, type ProductScope, type ProductSort } from './products';

/** "10-100" -> [10, 100]; either side may be empty (open). */
function parseRange(raw: string, name: string): [number | null, number | null] {
  const [a, b] = raw.split('-').map((s) => s.trim());
  const lo = a === '' ? null : Number(a);
  const hi = b === '' || b === undefined ? null : Number(b);
  if ((lo !== null && !Number.isFinite(lo)) || (hi !== null && !Number.isFinite(hi)))
    throw badRequest(`参数 ${name} 格式不正确`);
  if (lo !== null && hi !== null && hi < lo) throw badRequest(`参数 ${name} 的上限不能小于下限`);
  return [lo, hi];
}

export class DiscoverRepository {
  constructor(
    private readonly products: ProductRepository,
    private readonly catalogue: Catalogue,
  ) {}

  discover(q: { pr?: string; dr?: string; cids?: string; sort?: ProductSort; offset: number; limit: number }): {
    products: Product[];
    total: number;
  } {
    const where: string[] = [];
    const args: unknown[] = [];
    if (q.pr) {
      const [lo, hi] = parseRange(q.pr, 'pr');
      if (lo !== null) {
        where.push('p.price_yuan >= ?');
        args.push(lo);
      }
      if (hi !== null) {
        where.push('p.price_yuan <= ?');
        args.push(hi);
      }
    }
    if (q.dr) {
      const [lo, hi] = parseRange(q.dr, 'dr');
      const pct = '((p.list_cents - p.cents) * 100 / p.list_cents)';
      if (lo !== null) {
        where.push(`${pct} >= ?`);
        args.push(lo);
      }
      if (hi !== null) {
        where.push(`${pct} <= ?`);
        args.push(hi);
      }
    }
    let scope: ProductScope = { level: 'all' };
    if (q.cids) {
      const leaves = new Set<string>();
      for (const cid of q.cids.split(',')) {
        const under = this.catalogue.leafIdsUnder(cid);
        if (!under) throw notFound('分类不存在'); // no echo of the input (issue 12, item 8)
        under.forEach((l) => leaves.add(l));
      }
      scope = this.scopeOf(leaves);
      // The leaves are checked along the scope's range unless they are all of it.
      if (
        scope.level !== 'leaf' &&
        (scope.level === 'all' || this.catalogue.leafIdsUnder(scope.id)?.length !== leaves.size)
      ) {
        where.push('p.category_id IN (SELECT value FROM json_each(?))');
        args.push(JSON.stringify([...leaves]));
      }
    }
    return this.products.window(scope, where, args, q.sort ?? 'popular', q.offset, q.limit);
  }

  /** One leaf, else the one group that holds every leaf, else every product. */
  private scopeOf(leaves: ReadonlySet<string>): ProductScope {
    if (leaves.size === 1) return { level: 'leaf', id: [...leaves][0] };
    const groups = new Set([...leaves].map((l) => this.catalogue.leafById.get(l)?.groupId));
    const [group] = groups;
    return groups.size === 1 && group ? { level: 'group', id: group } : { level: 'all' };
  }
}
