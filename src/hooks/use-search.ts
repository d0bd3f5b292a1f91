import * as React from 'react';
import { PRODUCT_SEARCH_PATH, productSearchBody, searchProducts, type SearchResponse } from '../storefront/products';
import {
  REVIEW_SEARCH_PATH,
  reviewSearchParams,
  searchReviews,
  type ReviewSearchItem,
  type ReviewSearchQuery,
  type ReviewSearchResponse,
} from '../storefront/search';
import { defaultBaseURL, requestUrl } from '../storefront/request-url';
import { earlyAnswer, peekEarlySearch, takeEarlySearch, type EarlyRequest } from '../search/early';
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

/** The reviews of a state's page, as the API is asked for them. */
export function reviewQuery(s: SearchState, page: number): ReviewSearchQuery {
  const f = (page - 1) * SEARCH_PAGE_SIZE;
  return { f, t: f + SEARCH_PAGE_SIZE, sort: s.sort, media: s.media ? 'any' : undefined, score: s.score ?? undefined };
}

/** The product cards' window (the first search of a state only). */
const CARDS = { f: 0, t: SEARCH_PRODUCT_COUNT };

/**
 * The two requests of a state's first search as the page's client sends them
 * (src/storefront/client.ts): the URL and the JSON body. An early answer is taken only for
 * exactly these (src/search/early-script.ts makes them from the URL while the HTML parses).
 */
export function firstSearchRequests(
  s: SearchState,
  base = defaultBaseURL('browser'),
): Record<'reviews' | 'products', { url: string; body: string | null }> {
  const b = base.replace(/\/+$/, '');
  return {
    reviews: { url: requestUrl(b, REVIEW_SEARCH_PATH, reviewSearchParams(s.q, reviewQuery(s, s.page))), body: null },
    products: { url: requestUrl(b, PRODUCT_SEARCH_PATH), body: JSON.stringify(productSearchBody(s.q, CARDS)) },
  };
}

/**
 * The early answer when the inline script made exactly the request `ask` makes (the same URL
 * and body); else, or when the early one failed, `ask`'s own.
 */
function viaEarly<T>(
  early: EarlyRequest | undefined,
  request: () => { url: string; body: string | null },
  ask: () => Promise<T>,
): Promise<T> {
  let answer: Promise<unknown> | null = null;
  if (early) {
    try {
      const r = request();
      answer = earlyAnswer(early, r.url, r.body);
    } catch {
      answer = null;
    }
  }
  return answer ? (answer as Promise<T>).catch(ask) : ask();
}

type View = Omit<SearchResults, 'loadMore' | 'sentinel'> & { key: string };

/** More reviews after this page of them. */
function moreAfter(page: number, reviews: ReviewSearchResponse | null | undefined): boolean {
  const n = Array.isArray(reviews?.comments) ? reviews.comments.length : 0;
  return (page - 1) * SEARCH_PAGE_SIZE + n < (reviews?.total ?? 0) && n === SEARCH_PAGE_SIZE;
}

/** The view of a page of answers for state `k` (the first page of a state: `prev` is not read). */
function resultsView(
  k: string,
  page: number,
  first: boolean,
  reviews: ReviewSearchResponse | null | undefined,
  products: SearchResponse | null | undefined,
  prev: View | null,
): View {
  const list = Array.isArray(reviews?.comments) ? reviews.comments : [];
  const more = moreAfter(page, reviews);
  return {
    key: k,
    status: more ? 'idle' : 'done',
    error: '',
    reviews: first || !prev ? list : [...prev.reviews, ...list],
    total: reviews?.total ?? 0,
    totalCapped: !!reviews?.totalCapped,
    terms: Array.isArray(reviews?.terms) ? reviews.terms : [],
    products:
      first || !prev
        ? (Array.isArray(products?.products) ? products.products : [])
            .map(toProductCard)
            .filter((p): p is ProductCardView => p !== null)
        : prev.products,
    productTotal: first || !prev ? (products?.total ?? 0) : prev.productTotal,
    more,
    lastPage: page,
  };
}

/**
 * The first page of a state from the inline script's answers when both are in already and are
 * for exactly this state's requests (src/search/early.ts peekEarlySearch: read, not taken), so
 * the render that first shows the state shows its results too; else null.
 */
function earlyView(s: SearchState, k: string): View | null {
  if (!s.q) return null;
  const early = peekEarlySearch();
  if (!early?.reviews?.ok || !early.products?.ok) return null;
  try {
    const want = firstSearchRequests(s);
    if (!earlyAnswer(early.reviews, want.reviews.url, want.reviews.body)) return null;
    if (!earlyAnswer(early.products, want.products.url, want.products.body)) return null;
  } catch {
    return null;
  }
  return resultsView(
    k,
    s.page,
    true,
    early.reviews.value as ReviewSearchResponse,
    early.products.value as SearchResponse,
    null,
  );
}

/**
 * The search page's results for the state in its URL: the reviews from the state's page on
 * (more as the shopper scrolls) and the first product cards. A new state starts afresh; an
 * answer for an older state is dropped. The first state of a fresh load takes the answers the
 * page's inline script asked for while the HTML parsed (src/search/early-script.ts), once, when
 * they are for exactly its requests: already in, they are shown by the render that first shows
 * the state; still on their way, they are awaited instead of asking again; failed, or for
 * another state, the API is asked as for any state.
 */
export function useSearch(state: SearchState): SearchResults {
  const key = JSON.stringify(state);
  // `key`: the state the view shows. A render for a new state shows nothing of the old one
  // (its effect has not started the new search yet): it is loading.
  const [view, setView] = React.useState<View>({
    ...EMPTY,
    key: '',
    status: 'idle',
    error: '',
    lastPage: state.page,
  });
  const current = React.useRef({ key, page: state.page, busy: false, more: false });
  // The early answers' view for a state not shown yet (the effect then keeps it as the view).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const early = React.useMemo(() => (view.key === key ? null : earlyView(state, key)), [key, view.key]);

  const fetchPage = React.useCallback(async (s: SearchState, page: number, first: boolean) => {
    const k = JSON.stringify(s);
    current.current.busy = true;
    setView((v) => ({ ...v, status: 'loading', error: '' }));
    try {
      const query = reviewQuery(s, page);
      // The inline script's requests, when they are this state's first ones (else asked here).
      const taken = first && page === s.page ? takeEarlySearch() : null;
      const [reviews, products] = await Promise.all([
        viaEarly(
          taken?.reviews,
          () => firstSearchRequests(s).reviews,
          () => browserClient().then((c) => searchReviews(c, s.q, query)),
        ),
        first
          ? viaEarly(
              taken?.products,
              () => firstSearchRequests(s).products,
              () => browserClient().then((c) => searchProducts(c, s.q, CARDS)),
            ).catch(() => null)
          : Promise.resolve(null),
      ]);
      if (current.current.key !== k) return;
      current.current = { key: k, page, busy: false, more: moreAfter(page, reviews) };
      // The results are rendered as a transition (in React's 5 ms slices): a page of cards with
      // their highlighted text is no task that blocks a tap (issue 43, Lighthouse's TBT).
      React.startTransition(() => setView((v) => resultsView(k, page, first, reviews, products, v)));
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
    if (early?.key === key) {
      // Shown already from the inline script's answers: they are used, and kept as the view.
      takeEarlySearch();
      current.current.more = early.more;
      setView(early);
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

  const { key: shownKey, ...shown } = view.key !== key && early ? early : view;
  if (shownKey !== key) return { ...EMPTY, status: 'loading', error: '', lastPage: state.page, loadMore, sentinel };
  return { ...shown, loadMore, sentinel };
}
