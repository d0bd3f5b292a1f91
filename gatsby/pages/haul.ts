import { getCategoryTrail, getTopLevelGroups, type Catalogue } from '../../src/catalogue';
import { haulCategoryPath, haulPath } from '../../src/paths';
import { HAUL_MAX_PAGES, HAUL_PAGE_SIZE, pageCount, pageSlice } from '../../src/listing/pagination';
import { haulCounts } from '../../src/listing/haul-state';
import type { ProductView } from '../../src/listing/types';
import type { HaulPageContext } from '../../src/templates/haul';
import type { RelatedView, ReviewView } from '../../src/review/view';
import { leadWithUseful } from '../../src/review/quality';
import { reviewKey, type BuildIndex } from './build-index';
import type { PageActions, TemplateOf } from './types';

/** At most this many skipped reviews' ids in a showcase page's data (they are rare: malformed records). */
const MAX_SKIPPED_LISTED = 1000;

/**
 * The review showcase: `/haul/` (page 1, which loads more as the shopper scrolls, from
 * `cursor`) and plain numbered pages `/haul/page/2/` ... for crawlers; the same for each
 * top-level category with reviews (`/haul/c/{id}/`, issue 22: the states worth indexing; the
 * filter and sort states are query states of these pages, src/listing/haul-state.ts). A
 * review's category is its product's (the product call's categoryId); reviews of products
 * without one are only on /haul/. Each listing is cut at `maxPages` numbered pages
 * (HAUL_MAX_PAGES, issue 23); its counts stay those of the whole listing.
 */
export function createHaulPages(
  actions: PageActions,
  template: TemplateOf,
  input: {
    index: BuildIndex;
    cursor: string | null;
    catalogue?: Catalogue;
    products?: Map<string, ProductView>;
    pageSize?: number;
    maxPages?: number;
    /** Reviews the build skipped (malformed): infinite scroll never shows them (issue 44). */
    skipped?: ReadonlyArray<{ commentId: string | null }>;
  },
): number {
  const size = input.pageSize ?? HAUL_PAGE_SIZE;
  const maxPages = Math.max(1, input.maxPages ?? HAUL_MAX_PAGES);
  const feed = input.index.builtFeed;
  const component = template('haul');
  const views = new Map<string, ReviewView>();
  for (const list of input.index.pagesByProduct.values())
    for (const p of list) views.set(reviewKey(p.info.productId, p.info.id), p.info);
  const counted = (items: RelatedView[]) =>
    haulCounts(
      items.map((it) => {
        const v = views.get(reviewKey(it.productId, it.commentId));
        const gallery = v?.gallery ?? [];
        return {
          picture: gallery.some((g) => !g.isVideoCover),
          video: gallery.some((g) => g.isVideoCover),
          score: v?.score ?? null,
        };
      }),
    );

  // Top-level group of each product, then the feed split by it (feed order kept).
  const groups = input.catalogue ? getTopLevelGroups(input.catalogue).filter((g) => g.category.disabled !== true) : [];
  const topOf = new Map<string, string>();
  if (input.catalogue)
    for (const [id, p] of input.products ?? [])
      if (p.categoryId) {
        const top = getCategoryTrail(input.catalogue, p.categoryId)[0];
        if (top) topOf.set(id, top.id);
      }
  const byGroup = new Map<string, RelatedView[]>();
  for (const it of feed) {
    const top = topOf.get(it.productId);
    if (!top) continue;
    const list = byGroup.get(top);
    if (list) list.push(it);
    else byGroup.set(top, [it]);
  }
  const categories = groups
    .filter((g) => byGroup.has(g.id))
    .map((g) => ({ id: g.id, name: g.name, count: byGroup.get(g.id)!.length }));

  const skippedIds = [...new Set((input.skipped ?? []).flatMap((r) => (r.commentId ? [r.commentId] : [])))].slice(
    0,
    MAX_SKIPPED_LISTED,
  );
  let made = 0;
  const listing = (items: RelatedView[], category: { id: string; name: string } | null, cursor: string | null) => {
    // Capped: pageCount in the context is the last built page, so no link points beyond it.
    const pages = Math.min(pageCount(items.length, size), maxPages);
    const counts = counted(items);
    for (let page = 1; page <= pages; page++) {
      // Each page's reviews with a picture or video first (issue 22): one without media never
      // leads a page, and each page still holds the same reviews, so the scroll cursor stays right.
      const pageItems = leadWithUseful(pageSlice(items, page, size), (r) => !r.image);
      const context: HaulPageContext = {
        page,
        pageCount: pages,
        items: pageItems,
        // Where infinite scroll continues on page 1: the cursor after this page's items when
        // the build knows it (same page size, all categories), else null (the hook starts over
        // and skips what the page already shows).
        cursor: page === 1 && !category && pageItems.length === size ? cursor : null,
        // Page 1 scrolls on: the reviews the build skipped are not shown when the feed lists them.
        ...(page === 1 && skippedIds.length ? { skipped: skippedIds } : {}),
        category,
        categories,
        counts,
      };
      const path = category ? haulCategoryPath(category.id, page) : haulPath(page);
      actions.createPage({ path, component, context: { ...context } });
      made++;
    }
  };
  listing(feed, null, input.cursor);
  for (const c of categories) listing(byGroup.get(c.id)!, { id: c.id, name: c.name }, null);
  return made;
}
