import * as React from 'react';
import { errorTextOr } from '../storefront/error-text';
import { toProductReviewItems } from '../listing/view';
import type { ProductReviewItem } from '../listing/types';
import { ALL, matchesFilter, type ReviewFilter, type ReviewSort } from '../listing/review-filter';
import { isThin, leadWithUseful } from '../review/quality';
import { COMMENT_PAGE_SIZE, commentsPage } from '../listing/comments-page';

export interface ProductComments {
  items: ProductReviewItem[];
  filter: ReviewFilter;
  sort: ReviewSort;
  status: 'idle' | 'loading' | 'error';
  error: string;
  hasMore: boolean;
  select(filter: ReviewFilter, sort: ReviewSort): void;
  loadMore(): void;
}

const more = (total: number | undefined, have: number, lastPage: number) =>
  typeof total === 'number' ? total > have : lastPage >= COMMENT_PAGE_SIZE;

const thinItem = (r: ProductReviewItem) => isThin(r.content, r.images.length > 0);

interface State {
  items: ProductReviewItem[];
  filter: ReviewFilter;
  sort: ReviewSort;
  /** Offset of the next page in the comment query (answers may be filtered down, so not items.length). */
  next: number;
  status: ProductComments['status'];
  error: string;
  hasMore: boolean;
}

/**
 * A product's reviews: starts from the build's list (全部, 最新), then the comment query in the
 * browser (f/t window of 10, sort posted_at or likes, one filter) for another filter or sort and
 * for "load more". An answer that arrives after the shopper picked another state is dropped.
 */
export function useProductComments(
  productId: string,
  initial: ProductReviewItem[],
  initialTotal: number,
): ProductComments {
  const start = React.useCallback(
    (): State => ({
      items: initial,
      filter: ALL,
      sort: 'posted_at',
      next: initial.length,
      status: 'idle',
      error: '',
      hasMore: initialTotal > initial.length,
    }),
    [initial, initialTotal],
  );
  const [state, setState] = React.useState(start);
  const request = React.useRef(0);

  const fetchPage = React.useCallback(
    async (filter: ReviewFilter, sort: ReviewSort, from: number, base: ProductReviewItem[]) => {
      const id = ++request.current;
      setState((s) => ({ ...s, filter, sort, items: base, status: 'loading', error: '' }));
      try {
        // The first page of a filter tapped before hydration was asked at the tap (comments-page.ts).
        const res = await commentsPage(productId, filter, sort, from);
        if (id !== request.current) return;
        const page = toProductReviewItems(res?.comments, productId).filter((r) => matchesFilter(r, filter));
        const seen = new Set(base.map((r) => r.id));
        const fresh = page.filter((r) => !seen.has(r.id));
        const items = [...base, ...(base.length ? fresh : leadWithUseful(fresh, thinItem))];
        const rawCount = Array.isArray(res?.comments) ? res.comments.length : 0;
        setState({
          items,
          filter,
          sort,
          next: from + rawCount,
          status: 'idle',
          error: '',
          hasMore: more(res?.total, from + rawCount, rawCount),
        });
      } catch (e) {
        if (id !== request.current) return;
        setState((s) => ({ ...s, status: 'error', error: errorTextOr(e, '评价加载失败，请稍后重试') }));
      }
    },
    [productId],
  );

  const select = React.useCallback(
    (filter: ReviewFilter, sort: ReviewSort) => {
      if (filter.kind === 'all' && sort === 'posted_at') {
        request.current++;
        setState(start());
        return;
      }
      void fetchPage(filter, sort, 0, []);
    },
    [fetchPage, start],
  );

  const loadMore = React.useCallback(() => {
    void fetchPage(state.filter, state.sort, state.next, state.items);
  }, [fetchPage, state.filter, state.sort, state.next, state.items]);

  return {
    items: state.items,
    filter: state.filter,
    sort: state.sort,
    status: state.status,
    error: state.error,
    hasMore: state.hasMore,
    select,
    loadMore,
  };
}
