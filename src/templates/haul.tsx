import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { Breadcrumb } from '../components/common/Breadcrumb';
import { PageHead } from '../components/listing/PageHead';
import { ReviewGrid } from '../components/listing/ReviewCard';
import { Pagination } from '../components/listing/Pagination';
import { HaulFilters, type HaulCategoryLink } from '../components/listing/HaulFilters';
import { useHaulFeed } from '../hooks/use-haul-feed';
import type { RelatedView } from '../review/view';
import { haulCategoryPath, haulPath } from '../paths';
import { SITE_PAGES } from '../site-pages';
import { pageCrumb } from '../common/breadcrumb';
import { haulSearch, isFiltered, parseHaulSearch, type HaulCounts, type HaulFilter } from '../listing/haul-state';

export interface HaulPageContext {
  /** 1-based; page 1 is /haul/ (or /haul/c/{id}/). */
  page: number;
  pageCount: number;
  items: RelatedView[];
  /** Feed cursor after `items` (page 1 only), where scrolling continues. */
  cursor: string | null;
  /** The top-level category of /haul/c/{id}/, null on /haul/. */
  category: { id: string; name: string } | null;
  /** Reviews the build skipped (page 1): never shown when the scrolled feed lists them (issue 44). */
  skipped?: string[];
  /** Every top-level category with reviews, for the filter links. */
  categories: HaulCategoryLink[];
  /** The filters' counts for this category (or all). */
  counts: HaulCounts;
}

/** The list and its infinite scroll; remounted (by key) when the filter changes. */
function HaulList({
  items,
  cursor,
  scroll,
  query,
  skipped,
}: {
  items: RelatedView[];
  cursor: string | null;
  scroll: boolean;
  query: { category: string } & HaulFilter;
  skipped?: string[];
}) {
  const feed = useHaulFeed(items, cursor, scroll, query, skipped);
  const all = [...items, ...feed.loaded];
  return (
    <>
      {all.length ? (
        <ReviewGrid items={all} waterfall eagerFirst={4} label="晒单列表" />
      ) : (
        feed.status !== 'loading' && feed.status !== 'idle' && <p className="lst-empty">暂无晒单</p>
      )}
      {scroll && (
        <div
          className="haul__more"
          ref={feed.sentinel}
          data-status={feed.status}
          data-loaded={feed.loaded.length}
          aria-live="polite"
        >
          {feed.status === 'loading' && <span className="lst-loading">加载中…</span>}
          {feed.status === 'error' && (
            <>
              <span className="lst-error" role="alert">
                {feed.error}
              </span>{' '}
              <button type="button" className="morebtn" onClick={feed.loadMore}>
                重新加载
              </button>
            </>
          )}
          {feed.status === 'idle' && !feed.observing && (
            <button type="button" className="morebtn" onClick={feed.loadMore}>
              加载更多
            </button>
          )}
          {feed.status === 'done' && <span className="lst-end">已经到底啦</span>}
        </div>
      )}
    </>
  );
}

/**
 * The review showcase (spec section 2, "/haul/"; issue 22): a waterfall of reviews, those with
 * a picture or video first on each page, for all categories or one top-level category
 * (/haul/c/{id}/). Page 1 loads more as the shopper scrolls; numbered links (/haul/page/2/, ...)
 * are for crawlers. Filters and sort (有图, 有视频, a score, 最多赞) are query states of the page
 * (?media=picture ...): loaded in the browser, noindex.
 */
export default function HaulTemplate({ pageContext, location }: PageProps<object, HaulPageContext>) {
  const { page, pageCount, items, cursor, category, categories, counts, skipped } = pageContext;
  // Read after hydration: the static HTML is the unfiltered page (no hydration mismatch).
  const [filter, setFilter] = React.useState<HaulFilter>({});
  const search = location?.search ?? '';
  React.useEffect(() => setFilter(parseHaulSearch(search)), [search]);
  const filtered = isFiltered(filter);
  const { name } = SITE_PAGES.haul;
  const heading = category ? `${category.name}${name}` : name;
  const title = page === 1 ? heading : `${heading} - 第${page}页`;
  const pathOf = (n: number) => (category ? haulCategoryPath(category.id, n) : haulPath(n));
  const crumbs = [
    pageCrumb(SITE_PAGES.home),
    ...(category ? [pageCrumb(SITE_PAGES.haul)] : []),
    { label: page === 1 ? heading : `${heading} 第${page}页` },
  ];
  return (
    <Layout>
      <PageHead
        title={title}
        description={`海淘买家真实晒单${category ? `（${category.name}）` : ''}：欧美正品实拍图片、视频、使用心得与评价。`}
        path={pathOf(page)}
        noindex={filtered}
        image={items.find((r) => r.image)?.image ?? null}
      />
      <div className="haul" data-page={page} data-category={category?.id ?? ''} data-state={haulSearch(filter)}>
        <Breadcrumb items={crumbs} />
        <h1 className="lst-h1">{title}</h1>
        <HaulFilters category={category} categories={categories} counts={counts} filter={filter} />
        <HaulList
          key={`${pathOf(page)}${haulSearch(filter)}`}
          items={filtered ? [] : items}
          cursor={filtered ? '0' : cursor}
          scroll={filtered || (page === 1 && items.length > 0)}
          query={{ category: category?.id ?? '0', ...filter }}
          skipped={skipped}
        />
        {!filtered && <Pagination page={page} pageCount={pageCount} pathOf={pathOf} label="晒单分页" />}
      </div>
    </Layout>
  );
}
