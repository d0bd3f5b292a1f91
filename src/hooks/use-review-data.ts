import * as React from 'react';
import type { RelatedView, ReviewView, SimilarView } from '../review/view';
import { relatedTo, type ReviewPageData } from '../review/page-data';
import type { ReviewIds } from '../review/ids';
import { browserClient } from './browser-client';

export interface ReviewData {
  review: ReviewView | null;
  related: RelatedView[];
  similar: SimilarView[];
  status: ReviewStatus;
  /** Loads the review again (after `failed`). */
  retry(): void;
}

/**
 * What the page shows of its review: `not-found` (the API has no such review, 404),
 * `gone` (taken down, 410), `invalid` (the API's record cannot be shown: the build skipped it
 * too), `failed` (the API or the network failed: the shopper can retry).
 */
export type ReviewStatus = 'ready' | 'loading' | 'not-found' | 'gone' | 'invalid' | 'failed' | 'empty';

/** The status a failed detail call means (the client's StorefrontError carries the HTTP status). */
function failureStatus(e: unknown): ReviewStatus {
  const status = (e as { status?: unknown } | null)?.status;
  if (status === 404) return 'not-found';
  if (status === 410) return 'gone';
  return 'failed';
}

/** What the build supplied: all of a page's data, or none (`{}`). */
type InitialReviewData = Partial<ReviewPageData>;

const keyOf = (ids: ReviewIds | null) => (ids ? `${ids.productId}/${ids.commentId}` : '');

const fromInitial = (ids: ReviewIds | null, initial: InitialReviewData): Omit<ReviewData, 'retry'> => ({
  review: initial.info ?? null,
  related: initial.relateList ?? [],
  similar: initial.similarProducts ?? [],
  status: initial.info ? 'ready' : ids ? 'loading' : 'empty',
});

/**
 * The review page's data (spec section 4): starts from what the build supplied; without
 * built-in info and with both ids, the detail is loaded in the browser; without a related
 * list the review feed is used. Without both ids nothing is loaded (spec section 5). Failures
 * of the three helpers are swallowed and the page keeps what it has (spec section 8).
 * When the ids change (a query naming another review), the page starts over from `initial`.
 */
export function useReviewData(ids: ReviewIds | null, initial: InitialReviewData): ReviewData {
  const key = keyOf(ids);
  const [attempt, setAttempt] = React.useState(0);
  const [stored, setData] = React.useState(() => ({ key, data: fromInitial(ids, initial) }));
  const data = stored.key === key ? stored.data : fromInitial(ids, initial);
  const productId = ids?.productId;
  const commentId = ids?.commentId;

  React.useEffect(() => {
    let alive = true;
    const update = (patch: Partial<Omit<ReviewData, 'retry'>>) =>
      alive &&
      setData((s) => ({
        key,
        data: { ...(s.key === key ? s.data : fromInitial(ids, initial)), ...patch },
      }));
    const swallow = () => undefined;
    if (!productId || !commentId) return undefined;
    const needsDetail = !initial.info;
    const needsFeed = !initial.relateList?.length;
    const needsSimilar = !initial.similarProducts;
    if (!needsDetail && !needsFeed && !needsSimilar) return undefined;
    // The helpers, the transport and the reshaping of their answers (src/review/view.ts) load
    // only when a page lacks built data (their own chunks, none of the first load).
    Promise.all([browserClient(), import('../storefront/review-page'), import('../review/view')]).then(
      ([
        client,
        { getReviewDetail, getReviewFeed, getSimilarProducts },
        { toReviewView, toRelatedViews, toSimilarViews },
      ]) => {
        if (needsDetail) {
          getReviewDetail(client, productId, commentId)
            .then((raw) => {
              const v = raw ? toReviewView(raw, productId) : null;
              update(v && v.ok ? { review: v.review, status: 'ready' } : { status: raw ? 'invalid' : 'not-found' });
            })
            .catch((e: unknown) => update({ status: failureStatus(e) }));
        }
        if (needsFeed) {
          getReviewFeed(client, 0, 30, '0')
            .then((items) => update({ related: relatedTo(commentId, toRelatedViews(items)) }))
            .catch(swallow);
        }
        if (needsSimilar) {
          getSimilarProducts(client, productId)
            .then((items) => update({ similar: toSimilarViews(items, productId) }))
            .catch(swallow);
        }
      },
      () => {
        if (needsDetail) update({ status: 'failed' }); // the chunks did not load
      },
    );
    return () => {
      alive = false;
    };
    // The initial data is fixed for a set of ids; ids change after hydration (query) or on
    // client navigation. `key` is made of the ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const retry = React.useCallback(() => {
    setData((s) => ({ key, data: { ...(s.key === key ? s.data : fromInitial(ids, initial)), status: 'loading' } }));
    setAttempt((n) => n + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { ...data, retry };
}
