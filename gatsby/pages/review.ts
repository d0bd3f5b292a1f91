// A review's page: `gatsby build`, the patch build and the site server's rendering of deferred
// reviews (gatsby/renderer/render-child.ts) all make it here, so they cannot disagree on its data.
import { reviewPath } from '../../src/paths';
import type { ReviewPageData } from '../../src/review/page-data';
import { reviewKey } from '../../publish/build-protocol';
import { buyData } from './buy';
import type { ReviewFacts } from './facts';
import type { PageActions, TemplateOf } from './types';

/**
 * `isLinked(reviewKey)`: whether a related review has a page (built or deferred); a review the
 * build skipped (malformed) would be a link crawlers get no content from (scripts/check-links.ts).
 * `facts`: its product's facts (issue 45, the product box; gatsby/pages/facts.ts), null when the
 * product has none.
 */
export function createReviewPage(
  actions: PageActions,
  template: TemplateOf,
  page: ReviewPageData,
  isLinked: (key: string) => boolean,
  facts: ReviewFacts | null,
): void {
  const context: ReviewPageData = {
    ...page,
    relateList: page.relateList.filter((r) => isLinked(reviewKey(r.productId, r.commentId))),
    // The product box's buy path (issue 45).
    buy: buyData(page.productId, 'review', page.commentId),
    ...(facts && { facts: facts.of(page.info) }),
  };
  actions.createPage({
    path: reviewPath(page.productId, page.commentId),
    component: template('review'),
    context: { ...context },
  });
}
