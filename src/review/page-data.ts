// A review page's data (spec section 4, the server-supplied `info`, `relateList` and
// `similarProducts`): the build writes it into the page context (gatsby/create-pages.ts), the
// page starts from it and loads in the browser what it lacks (src/hooks/use-review-data.ts).
import type { ReviewIds } from './ids';
import type { RelatedView, ReplyView, ReviewView, SimilarView } from './view';
import type { BuyData } from '../listing/buy';

export interface ReviewPageData extends ReviewIds {
  info: ReviewView;
  /** Related reviews, the page's own review excluded (relatedTo). */
  relateList: RelatedView[];
  similarProducts: SimilarView[];
  /**
   * The review's first replies (src/review/replies.ts STATIC_REPLIES) and the API's total, so
   * the HTML has them (issue 44); absent when the review has none or the build could not read
   * them (the page then loads them in the browser).
   */
  replies?: BuiltReplies;
  /** The product box's buy path (issue 45: the app's links, their QR code); null for a bad id. */
  buy?: BuyData | null;
  /**
   * Issue 45: the product box's facts (size chart with the size bought marked, fit, delivery,
   * landed cost, offers, original name) as static markup the build rendered with React's server
   * renderer, every text escaped (gatsby/pages/facts.ts); absent when the product has none. The
   * page writes it as it is and hydrates nothing in it (no first-load JavaScript).
   */
  facts?: string;
}

export interface BuiltReplies {
  items: ReplyView[];
  /** The API's total; null when it does not say. */
  total: number | null;
}

/** The related reviews of a review page: the given ones but the page's own (spec section 2). */
export const relatedTo = (commentId: string, items: readonly RelatedView[]): RelatedView[] =>
  items.filter((r) => r.commentId !== commentId);
