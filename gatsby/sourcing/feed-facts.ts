// What a product hub counts of a review the bounded build defers (issue 23): its score, word
// tags and whether it has a picture or video, from the feed item alone (the detail of a deferred
// review is never fetched). The score and tags are optional extensions of the feed item
// (docs/api-client.md "Extension of the feed item: score and wordTags"); a server of the pinned
// contract sends neither, and then the hubs count the reviews built ahead only, as they did.
import { num, text } from '../../src/common/coerce';
import type { RelatedReviewItem } from '../../src/storefront/types';
import type { RelatedView } from '../../src/review/view';
import { reviewFit, type Fit } from '../../src/listing/fit';

export interface FeedFacts {
  productId: string;
  commentId: string;
  score: number | null;
  tags: string[];
  hasMedia: boolean;
  /** Issue 45: the fit its text and tags state (src/listing/fit.ts). */
  fit?: Fit | null;
}

/** The detail's wire bounds of `wordTags` (src/storefront/wire/reviews.ts): the feed's are unchecked. */
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 200;

/**
 * The facts of a feed item (`view`: the same item as toRelatedViews kept it), or null when the
 * item carries no score extension at all (a server of the pinned contract). Scores and tags are
 * read as the review view reads the detail's label (src/review/view.ts toReviewView), so a hub
 * counts a review the same built or deferred.
 */
export function feedFacts(item: RelatedReviewItem, view: RelatedView): FeedFacts | null {
  if (!('score' in item)) return null;
  const tags = Array.isArray(item.wordTags)
    ? item.wordTags.filter((t): t is string => !!text(t) && (t as string).length <= MAX_TAG_LENGTH).slice(0, MAX_TAGS)
    : [];
  return {
    productId: view.productId,
    commentId: view.commentId,
    score: num(item.score),
    tags,
    hasMedia: view.image != null,
    // The item's own text, as the detail's (factsOfReview): a review counts the same built or deferred.
    fit: reviewFit(typeof item.content === 'string' ? item.content : '', tags),
  };
}
