import * as React from 'react';
import { errorTextOr } from '../storefront/error-text';
import type { ProductReviewItem } from '../listing/types';
import { ALL, filterKey, type ReviewFilter, type ReviewSort } from '../listing/review-filter';
import { claimList, commentsPage, forgetDrawnList, withPage } from '../listing/comments-page';

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
 * A product's reviews: starts from the build's list (全部, 最新), or from the list a filter's
 * script drew before React hydrated the hub (comments-page.ts claimList), then the comment query
 * in the browser (f/t window of 10, sort posted_at or likes, one filter) for another filter or
 * sort and for "load more". An answer that arrives after the shopper picked another state is
 * dropped; a tap on what the list already shows asks nothing.
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
  const [state, setState] = React.useState((): State => {
    const drawn = claimList(productId);
    if (!drawn) return start();
    const { items, filter, sort, next, hasMore } = drawn;
    return { items, filter, sort, next, hasMore, status: 'idle', error: '' };
  });
  React.useEffect(forgetDrawnList, []);
  const request = React.useRef(0);
  const current = React.useRef(state);
  current.current = state;

  const fetchPage = React.useCallback(
    async (filter: ReviewFilter, sort: ReviewSort, from: number, base: ProductReviewItem[]) => {
      const id = ++request.current;
      setState((s) => ({ ...s, filter, sort, items: base, status: 'loading', error: '' }));
      try {
        // The first page of a filter tapped before hydration was asked at the tap (comments-page.ts).
        const res = await commentsPage(productId, filter, sort, from);
        if (id !== request.current) return;
        setState({ ...withPage(res, productId, filter, from, base), filter, sort, status: 'idle', error: '' });
      } catch (e) {
        if (id !== request.current) return;
        setState((s) => ({ ...s, status: 'error', error: errorTextOr(e, '评价加载失败，请稍后重试') }));
      }
    },
    [productId],
  );

  const select = React.useCallback(
    (filter: ReviewFilter, sort: ReviewSort) => {
      const now = current.current;
      // The list already shows it, or is on its way to (a tap held until React hydrated, say).
      if (filterKey(now.filter) === filterKey(filter) && now.sort === sort && now.status !== 'error') return;
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
