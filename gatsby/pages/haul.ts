import { haulPath } from '../../src/paths';
import { HAUL_PAGE_SIZE, pageCount, pageSlice } from '../../src/listing/pagination';
import type { HaulPageContext } from '../../src/templates/haul';
import type { BuildIndex } from './build-index';
import type { PageActions, TemplateOf } from './types';
import { leadWithUseful } from '../../src/review/quality';

/**
 * The review showcase: `/haul/` (page 1, which loads more as the shopper scrolls, from
 * `cursor`) and plain numbered pages `/haul/page/2/` ... for crawlers.
 */
export function createHaulPages(
  actions: PageActions,
  template: TemplateOf,
  input: {
    index: BuildIndex;
    cursor: string | null;
    pageSize?: number;
  },
): number {
  const size = input.pageSize ?? HAUL_PAGE_SIZE;
  const feed = input.index.builtFeed;
  const pages = pageCount(feed.length, size);
  const component = template('haul');
  for (let page = 1; page <= pages; page++) {
    // Each page's reviews with a picture or video first (issue 22): one without media never leads
    // a page, and each page still holds the same reviews, so the scroll cursor stays right.
    const items = leadWithUseful(pageSlice(feed, page, size), (r) => !r.image);
    const context: HaulPageContext = {
      page,
      pageCount: pages,
      items,
      // Where infinite scroll continues on /haul/: the cursor after this page's items when
      // the build knows it (same page size), else null (the hook starts over and skips
      // what the page already shows).
      cursor: page === 1 && items.length === size ? input.cursor : null,
    };
    actions.createPage({ path: haulPath(page), component, context: { ...context } });
  }
  return pages;
}
