// Issue 43's search results page, parked: not yet a route (it moves back to src/pages/search.tsx
// once its browser tests, axe and the first-tap budget pass; docs/server.md "Search").
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
import { closestCategories } from '../search/closest';
import { readSearchParams, searchPath } from '../search/query';
import { rememberSearch } from '../search/recent';
import { SEARCH_QUERY_MAX_CHARS } from '../storefront/search';

/**
 * `/search/?q=` (issue 43): reviews (晒单) and products (商品) matching the query, rendered in
 * the browser from the URL (a fresh load, the back button and a shared link show the same),
 * noindex, no canonical, in no sitemap (gatsby/sitemap.ts).
 */
export default function SearchPage({ location }: PageProps) {
  const state = React.useMemo(() => readSearchParams(location.search), [location.search]);
  const r = useSearch(state);
  const none = r.status === 'done' && !!state.q && r.total === 0 && r.products.length === 0;
  const catalogue = useCatalogue(none);
  const closest = React.useMemo(
    () => (catalogue && none ? closestCategories(catalogue, state.q) : []),
    [catalogue, none, state.q],
  );
  React.useEffect(() => {
    if (state.q) rememberSearch(state.q);
  }, [state.q]);

  const count = (n: number, capped: boolean) => `${n.toLocaleString('zh-CN')}${capped ? '+' : ''}`;
  return (
    <Layout>
      <PageHead title={state.q ? `“${state.q}”的搜索结果` : '搜索'} noindex />
      <div className="srch" data-status={r.status} data-q={state.q}>
        <SearchForm idPrefix="page" className="srch__box" initial={state.q} />
        <h1 className="lst-h1">{state.q ? <>搜索“{state.q}”</> : '搜索晒单和商品'}</h1>
        {state.cut && (
          <p className="srch__note" role="note">
            搜索词太长，只搜索了前 {SEARCH_QUERY_MAX_CHARS} 个字
          </p>
        )}
        {!state.q && (
          <div className="srch__empty">
            <p>请输入想找的商品、品牌或晒单内容</p>
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
                商品 <span className="srch__count">{count(r.productTotal, false)}</span>
              </h2>
              {r.products.length > 0 ? (
                <FoundProducts items={r.products} />
              ) : (
                r.status !== 'loading' && <p className="srch__muted">没有找到相关商品</p>
              )}
            </section>
            <section className="srch__section" aria-labelledby="srch-reviews">
              <h2 id="srch-reviews" className="srch__h2">
                晒单 <span className="srch__count">{count(r.total, r.totalCapped)}</span>
              </h2>
              <SearchFilters state={state} />
              {r.reviews.length > 0 ? (
                <FoundReviews items={r.reviews} terms={r.terms} />
              ) : (
                r.status === 'done' && <p className="srch__muted">没有符合筛选条件的晒单</p>
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
    </Layout>
  );
}
