import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { Breadcrumb } from '../components/common/Breadcrumb';
import { PageHead } from '../components/listing/PageHead';
import { ReviewGrid } from '../components/listing/ReviewCard';
import { Pagination } from '../components/listing/Pagination';
import { useHaulFeed } from '../hooks/use-haul-feed';
import type { RelatedView } from '../review/view';
import { haulPath } from '../paths';
import { SITE_PAGES } from '../site-pages';
import { pageCrumb } from '../common/breadcrumb';

export interface HaulPageContext {
  /** 1-based; page 1 is /haul/. */
  page: number;
  pageCount: number;
  items: RelatedView[];
  /** Feed cursor after `items` (page 1 only), where scrolling continues. */
  cursor: string | null;
}

/**
 * The review showcase (spec section 2, "/haul/"): a waterfall of reviews. On /haul/ more load
 * as the shopper scrolls; every page also has numbered links (/haul/page/2/, ...) that
 * crawlers follow.
 */
export default function HaulTemplate({ pageContext }: PageProps<object, HaulPageContext>) {
  const { page, pageCount, items, cursor } = pageContext;
  const scroll = page === 1;
  const feed = useHaulFeed(items, cursor, scroll && items.length > 0);
  const { name } = SITE_PAGES.haul;
  const title = page === 1 ? name : `${name} - 第${page}页`;
  return (
    <Layout>
      <PageHead
        title={title}
        description="海淘买家真实晒单：欧美正品实拍图片、使用心得与评价。"
        path={haulPath(page)}
      />
      <div className="haul" data-page={page}>
        <Breadcrumb items={[pageCrumb(SITE_PAGES.home), { label: page === 1 ? name : `${name} 第${page}页` }]} />
        <h1 className="lst-h1">{title}</h1>
        {items.length ? (
          <ReviewGrid items={[...items, ...feed.loaded]} waterfall eagerFirst={4} label="晒单列表" />
        ) : (
          <p className="lst-empty">暂无晒单</p>
        )}
        {scroll && items.length > 0 && (
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
        <Pagination page={page} pageCount={pageCount} pathOf={haulPath} label="晒单分页" />
      </div>
    </Layout>
  );
}
