import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { PageHead } from '../components/listing/PageHead';
import {
  FoundProducts,
  FoundReviews,
  NoResults,
  PopularSearches,
  SearchFilters,
  StateLink,
} from '../components/search/SearchResults';
import { SearchForm } from '../components/search/SearchForm';
import { useSearch } from '../hooks/use-search';
import { useCatalogue } from '../hooks/use-catalogue';
import { useHydrating } from '../hooks/use-hydrating';
import { countText } from '../listing/haul-state';
import { closestCategories } from '../search/closest';
import { hasFilters, readSearchParams, searchPath, type SearchState } from '../search/query';
import { rememberSearch } from '../search/recent';
import { SEARCH_QUERY_MAX_CHARS } from '../storefront/search';

const count = (n: number, capped: boolean) => `${countText(n)}${capped ? '+' : ''}`;

/**
 * `/search/?q=` (issue 43): reviews (晒单) and products (商品) matching the query, rendered in
 * the browser from the URL (a fresh load, the back button and a shared link show the same),
 * noindex, no canonical, in no sitemap (gatsby/sitemap.ts). The HTML is built without a
 * query, so the hydrating render reads none either and the URL's state follows
 * (useSearchOnceHydrated); its first results were asked for by the page's inline script while
 * the HTML parsed (src/search/early-script.ts).
 */
export default function SearchPage({ location }: PageProps) {
  return (
    <Layout>
      <SearchView search={location.search} />
    </Layout>
  );
}

/**
 * The URL's query string, or null while React hydrates the page. After hydration the URL's
 * state is applied in a transition, so the page it changes (the title, the results' sections)
 * is rendered in React's 5 ms slices (issue 43, Lighthouse's blocking time): reading the URL
 * in the render that follows hydration (useHydrating's switch) rendered the whole page again
 * in one task of the sync lane. A client navigation to the page reads the URL at once.
 */
function useSearchOnceHydrated(search: string): string | null {
  const hydrating = useHydrating();
  const [ready, setReady] = React.useState(!hydrating);
  React.useEffect(() => {
    if (!ready) React.startTransition(() => setReady(true));
  }, [ready]);
  return ready ? search : null;
}

/**
 * The page's content for a query string, inside the shell: the state that follows hydration
 * renders this, not the shell (the header, its menus and the footer stay as they are).
 */
function SearchView({ search: url }: { search: string }) {
  const search = useSearchOnceHydrated(url);
  const state = React.useMemo(() => readSearchParams(search ?? ''), [search]);
  return (
    <>
      <PageHead title={state.q ? `“${state.q}”的搜索结果` : '搜索'} noindex />
      <SearchBody state={state} hydrating={search === null} />
    </>
  );
}

/** The form, the heading and the results: an answer renders these again, not the page's shell. */
const SearchBody = React.memo(function SearchBody({ state, hydrating }: { state: SearchState; hydrating: boolean }) {
  const r = useSearch(state);
  const filtered = hasFilters(state);
  // Nothing at all for the words (a filter that empties the reviews is said in its section).
  const none = r.status === 'done' && !!state.q && !filtered && r.total === 0 && r.products.length === 0;
  const catalogue = useCatalogue(none);
  const closest = React.useMemo(
    () => (catalogue && none ? closestCategories(catalogue, state.q) : []),
    [catalogue, none, state.q],
  );
  React.useEffect(() => {
    if (state.q) rememberSearch(state.q);
  }, [state.q]);
  // Counts once the first answer is in (not a "0" while it loads).
  const counted = r.status !== 'loading' || r.reviews.length > 0;

  return (
    <div className="srch" data-status={hydrating ? 'hydrating' : r.status} data-state={searchPath(state)}>
      <SearchForm idPrefix="page" className="srch__box" label="修改搜索词" initial={state.q} />
      <h1 className="lst-h1">{state.q ? <>搜索“{state.q}”</> : '搜索晒单和商品'}</h1>
      {state.cut && (
        <p className="srch__note" role="note">
          搜索词太长，只搜索了前 {SEARCH_QUERY_MAX_CHARS} 个字
        </p>
      )}
      {!state.q && (
        <div className="srch__empty">
          <p>请输入想找的商品、品牌或晒单内容</p>
          <noscript>
            <p className="srch__note">搜索结果需要浏览器启用 JavaScript</p>
          </noscript>
          <PopularSearches />
        </div>
      )}
      {state.q && r.status === 'error' && (
        <p className="srch__error" role="alert">
          {r.error}
        </p>
      )}
      {none && <NoResults q={state.q} categories={closest} />}
      {state.q && !none && (
        <>
          <section className="srch__section" aria-labelledby="srch-products">
            <h2 id="srch-products" className="srch__h2">
              商品 {counted && <span className="srch__count">{count(r.productTotal, false)}</span>}
            </h2>
            {r.products.length > 0 ? (
              <FoundProducts items={r.products} />
            ) : (
              r.status !== 'loading' && <p className="srch__muted">没有找到相关商品</p>
            )}
          </section>
          <section className="srch__section" aria-labelledby="srch-reviews">
            <h2 id="srch-reviews" className="srch__h2">
              晒单 {counted && <span className="srch__count">{count(r.total, r.totalCapped)}</span>}
            </h2>
            <SearchFilters state={state} />
            {state.page > 1 && (
              <p className="srch__prev">
                <StateLink to={searchPath({ ...state, page: state.page - 1 })}>上一页</StateLink>
              </p>
            )}
            {r.reviews.length > 0 ? (
              <FoundReviews items={r.reviews} terms={r.terms} />
            ) : (
              r.status === 'done' && (
                <p className="srch__muted">{filtered ? '没有符合筛选条件的晒单' : '没有找到相关晒单'}</p>
              )
            )}
            {r.status === 'loading' && (
              <p className="srch__muted" role="status">
                正在搜索…
              </p>
            )}
            {r.more && (
              <p className="srch__next" key={r.reviews.length} ref={r.sentinel}>
                <StateLink to={searchPath({ ...state, page: r.lastPage + 1 })}>下一页</StateLink>
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
});
