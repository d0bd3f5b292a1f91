import * as React from 'react';
import { Link } from 'gatsby';
import { pageWindow } from '../../listing/pagination';

/**
 * Numbered pages with real links (crawlers follow them): previous, page numbers with
 * ellipses, next. `pathOf(n)` gives the site path of page n.
 */
export function Pagination({
  page,
  pageCount,
  pathOf,
  label = '分页',
}: {
  page: number;
  pageCount: number;
  pathOf: (n: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label} data-page={page} data-page-count={pageCount}>
      {page > 1 ? (
        <Link className="pager__prev" rel="prev" to={pathOf(page - 1)}>
          上一页
        </Link>
      ) : (
        <span className="pager__prev pager--off">上一页</span>
      )}
      <ol className="pager__list">
        {pageWindow(page, pageCount).map((n, i) => (
          <li key={n ?? `gap${i}`}>
            {n == null ? (
              <span className="pager__gap">…</span>
            ) : n === page ? (
              <span className="pager__num pager__num--on" aria-current="page">
                {n}
              </span>
            ) : (
              <Link className="pager__num" to={pathOf(n)}>
                {n}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {page < pageCount ? (
        <Link className="pager__next" rel="next" to={pathOf(page + 1)}>
          下一页
        </Link>
      ) : (
        <span className="pager__next pager--off">下一页</span>
      )}
    </nav>
  );
}
