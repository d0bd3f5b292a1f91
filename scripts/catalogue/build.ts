// Turns the table of ./source.ts into the wire tree of GET /api/v2/productcategories
// (spec section 3): ids derived from positions, field order as the spec lists them.
import type { CategoriesResponse, CategoryNode, TopLevelGroup } from '../../src/storefront/types';
import { childId } from '../../src/catalogue/ids';
import { catalogueSource, type NodeOptions, type TopSource } from './source';

function toNode(id: string, parentId: string | null, zh: string, en: string, opts: NodeOptions): CategoryNode {
  // Field order follows spec section 3 ("Category node"); `disabled` is left out entirely
  // on the spec's list of nodes without the flag.
  const node: CategoryNode = { id, parentId, term: en, displayTerm: zh } as CategoryNode;
  if (!opts.noDisabled) node.disabled = opts.disabled === true;
  node.mappingTerm = opts.map ?? zh;
  node.searchRecommend = !opts.noRec;
  if (opts.w !== undefined) node.weightInPounds = opts.w;
  return node;
}

export function buildCategories(source: TopSource[] = catalogueSource): CategoriesResponse {
  const categories: TopLevelGroup[] = source.map((top) => ({
    id: top.id,
    name: top.zh,
    category: toNode(top.id, null, top.zh, top.en, {}),
    children: top.groups.map((g, gi) => {
      const gid = childId(top.id, gi);
      return {
        category: toNode(gid, top.id, g.zh, g.en, g.opts),
        children: g.leaves.map((l, li) => {
          const lid = childId(gid, li);
          return { category: toNode(lid, gid, l.zh, l.en, l.opts), rootCategoryId: lid };
        }),
        rootCategoryId: top.id,
      };
    }),
  }));
  return { categories };
}
