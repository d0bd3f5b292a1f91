import * as React from 'react';
import { toRelatedViews, toReviewView, toSimilarViews, type RelatedView, type ReviewView, type SimilarView } from '../review/view';
import type { ReviewIds } from '../review/ids';
import { browserClient } from './browser-client';

export interface ReviewData {
  review: ReviewView | null;
  related: RelatedView[];
  similar: SimilarView[];
  status: 'ready' | 'loading' | 'not-found' | 'empty';
}

export interface InitialReviewData {
  info?: ReviewView | null;
  relateList?: RelatedView[] | null;
  similarProducts?: SimilarView[] | null;
}

/**
 * The review page's data (spec section 4): starts from what the build supplied; without
 * built-in info and with both ids, the detail is loaded in the browser; without a related
 * list the review feed is used. Failures of the three helpers are swallowed and the page
 * keeps what it has (spec section 8).
 */
export function useReviewData(ids: ReviewIds | null, initial: InitialReviewData): ReviewData {
  const [data, setData] = React.useState<ReviewData>(() => ({
    review: initial.info ?? null,
    related: initial.relateList ?? [],
    similar: initial.similarProducts ?? [],
    status: initial.info ? 'ready' : ids ? 'loading' : 'empty',
  }));
  const productId = ids?.productId;
  const commentId = ids?.commentId;

  React.useEffect(() => {
    let alive = true;
    const update = (patch: Partial<ReviewData>) => alive && setData((d) => ({ ...d, ...patch }));
    const swallow = () => undefined;
    const needsDetail = !initial.info && !!productId && !!commentId;
    const needsFeed = !initial.relateList?.length;
    const needsSimilar = !initial.similarProducts && !!productId;
    if (!needsDetail && !needsFeed && !needsSimilar) return undefined;
    // The helpers and the transport load only when a page lacks built data (their own chunks).
    Promise.all([browserClient(), import('../storefront/review-page')]).then(([client, { getReviewDetail, getReviewFeed, getSimilarProducts }]) => {
      if (needsDetail && productId && commentId) {
        getReviewDetail(client, productId, commentId)
          .then((raw) => {
            const v = raw ? toReviewView(raw, productId) : null;
            update(v && v.ok ? { review: v.review, status: 'ready' } : { status: 'not-found' });
          })
          .catch(() => update({ status: 'not-found' }));
      }
      if (needsFeed) {
        getReviewFeed(client, 0, 30, '0')
          .then((items) => update({ related: toRelatedViews(items, commentId ? { commentId } : undefined) }))
          .catch(swallow);
      }
      if (needsSimilar && productId) {
        getSimilarProducts(client, productId)
          .then((items) => update({ similar: toSimilarViews(items, productId) }))
          .catch(swallow);
      }
    }, () => { if (needsDetail) update({ status: 'not-found' }); });
    return () => { alive = false; };
    // The initial data is fixed for a page; ids change only on client navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, commentId]);

  return data;
}
