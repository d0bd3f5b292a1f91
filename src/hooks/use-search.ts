import * as React from 'react';
import { searchProducts } from '../storefront/products';
import { searchReviews, type ReviewSearchItem } from '../storefront/search';
import { errorTextOr } from '../storefront/error-text';
import { toProductCard } from '../listing/view';
import type { ProductCardView } from '../listing/types';
import { SEARCH_PAGE_SIZE, SEARCH_PRODUCT_COUNT, type SearchState } from '../search/query';
import { browserClient } from './browser-client';

export interface SearchResults {
  status: 'idle' | 'loading' | 'error' | 'done';
  error: string;
  reviews: ReviewSearchItem[];
  total: number;
  totalCapped: boolean;
  /** The query's words as the API matched them (to highlight). */
  terms: string[];
  products: ProductCardView[];
  productTotal: number;
  /** More reviews after the loaded ones. */
  more: boolean;
  /** The page the last loaded reviews belong to. */
  lastPage: number;
  loadMore(): void;
  /** Put on an element after the list: when it nears the viewport, the next page loads. */
  sentinel: React.RefCallback<HTMLElement>;
}

const EMPTY = { reviews: [], total: 0, totalCapped: false, terms: [], products: [], productTotal: 0, more: false };

/**
 * The search page's results for the state in its URL: the reviews from the state's page on
 * (more as the shopper scrolls) and the first product cards. A new state starts afresh; an
 * answer for an older state is dropped.
 */
export function useSearch(state: SearchState): SearchResults {
  const key = JSON.stringify(state);
  // `key`: the state the view shows. A render for a new state shows nothing of the old one
  // (its effect has not started the new search yet): it is loading.
  const [view, setView] = React.useState<Omit<SearchResults, 'loadMore' | 'sentinel'> & { key: string }>({
    ...EMPTY,
    key: '',
    status: 'idle',
    error: '',
    lastPage: state.page,
  });
  const current = React.useRef({ key, page: state.page, busy: false, more: false });

  const fetchPage = React.useCallback(async (s: SearchState, page: number, first: boolean) => {
    const k = JSON.stringify(s);
    current.current.busy = true;
    setView((v) => ({ ...v, status: 'loading', error: '' }));
    try {
      const c = await browserClient();
      const f = (page - 1) * SEARCH_PAGE_SIZE;
      const [reviews, products] = await Promise.all([
        searchReviews(c, s.q, {
          f,
          t: f + SEARCH_PAGE_SIZE,
          sort: s.sort,
          media: s.media ? 'any' : undefined,
          score: s.score ?? undefined,
        }),
        first ? searchProducts(c, s.q, { f: 0, t: SEARCH_PRODUCT_COUNT }).catch(() => null) : Promise.resolve(null),
      ]);
      if (current.current.key !== k) return;
      const list = Array.isArray(reviews?.comments) ? reviews.comments : [];
      const more = f + list.length < (reviews?.total ?? 0) && list.length === SEARCH_PAGE_SIZE;
      current.current = { key: k, page, busy: false, more };
      setView((v) => ({
        key: k,
        status: more ? 'idle' : 'done',
        error: '',
        reviews: first ? list : [...v.reviews, ...list],
        total: reviews?.total ?? 0,
        totalCapped: !!reviews?.totalCapped,
        terms: Array.isArray(reviews?.terms) ? reviews.terms : [],
        products: first
          ? (products?.products ?? []).map(toProductCard).filter((p): p is ProductCardView => p !== null)
          : v.products,
        productTotal: first ? (products?.total ?? 0) : v.productTotal,
        more,
        lastPage: page,
      }));
    } catch (e) {
      if (current.current.key !== k) return;
      current.current.busy = false;
      setView((v) => ({ ...v, key: k, status: 'error', error: errorTextOr(e, '搜索失败，请稍后重试') }));
    }
  }, []);

  React.useEffect(() => {
    current.current = { key, page: state.page, busy: false, more: false };
    if (!state.q) {
      setView({ ...EMPTY, key, status: 'done', error: '', lastPage: state.page });
      return;
    }
    setView({ ...EMPTY, key, status: 'loading', error: '', lastPage: state.page });
    void fetchPage(state, state.page, true);
    // The state is the key: a new URL, a new search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fetchPage]);

  const loadMore = React.useCallback(() => {
    const c = current.current;
    if (c.busy || !c.more) return;
    void fetchPage(JSON.parse(c.key) as SearchState, c.page + 1, false);
  }, [fetchPage]);

  const observer = React.useRef<IntersectionObserver | null>(null);
  const sentinel = React.useCallback(
    (el: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) loadMore();
        },
        { rootMargin: '400px 0px' },
      );
      observer.current.observe(el);
    },
    [loadMore],
  );
  // Observe afresh after each page is shown: a sentinel still in view loads the next one.
  React.useEffect(() => () => observer.current?.disconnect(), []);

  const { key: shownKey, ...shown } = view;
  if (shownKey !== key) return { ...EMPTY, status: 'loading', error: '', lastPage: state.page, loadMore, sentinel };
  return { ...shown, loadMore, sentinel };
}
