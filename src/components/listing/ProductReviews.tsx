import * as React from 'react';
import type { ProductReviewItem } from '../../listing/types';
import { reviewItemsHtml } from '../../listing/review-items-html';
import { useProductComments } from '../../hooks/use-product-comments';
import { RatingSummary } from './RatingSummary';
import type { RatingSummary as Summary, ReviewFacets } from '../../listing/rating';
import { ALL, filterKey, type ReviewFilter } from '../../listing/review-filter';

const SCORES = [5, 4, 3, 2, 1] as const;

/** One filter button: pressed when it is the current filter; its count beside the label. */
function FilterButton({
  current,
  filter,
  label,
  count,
  onSelect,
}: {
  current: ReviewFilter;
  filter: ReviewFilter;
  label: string;
  count?: number;
  onSelect(f: ReviewFilter): void;
}) {
  const key = filterKey(filter);
  return (
    <button
      type="button"
      className="tagbtn"
      aria-pressed={filterKey(current) === key}
      data-filter={key}
      onClick={() => onSelect(filter)}
    >
      {label}
      {count != null && <span className="tagbtn__n">{count}</span>}
    </button>
  );
}

/**
 * The product's reviews (issue 22): filters with their counts (全部, 有图/视频, each score, each
 * word tag as Taobao's 大家印象), sort (最新, 最多赞), the build's first ten and "load more"
 * through the comment query (spec section 7, "Comments"; size 10). Every card links to its
 * review page. The cards are HTML drawn by one module (listing/review-items-html.ts) in a slot,
 * which the filter's plain script fills too before React has hydrated the hub
 * (review-filter-early.ts). State is exposed as data attributes for tests and for that script.
 */
export function ProductReviews({
  productId,
  initial,
  summary,
  facets,
}: {
  productId: string;
  initial: ProductReviewItem[];
  summary: Summary;
  facets: ReviewFacets;
}) {
  const c = useProductComments(productId, initial, facets.total);
  const pick = (f: ReviewFilter) => c.select(f, c.sort);
  const html = React.useMemo(() => reviewItemsHtml(c.items, c.status === 'loading'), [c.items, c.status]);
  return (
    <section
      className="lst-section previews"
      aria-labelledby="pd-reviews"
      data-product={productId}
      data-status={c.status}
      data-filter={filterKey(c.filter)}
      data-sort={c.sort}
      data-count={c.items.length}
    >
      <h2 id="pd-reviews" className="lst-h2">
        买家评价{facets.total > 0 ? `（${facets.total}）` : ''}
      </h2>
      <RatingSummary summary={summary} />
      {facets.total > 0 && (
        <>
          <div className="previews__tags" role="group" aria-label="筛选评价">
            <FilterButton current={c.filter} filter={ALL} label="全部" count={facets.total} onSelect={pick} />
            {facets.media > 0 && (
              <FilterButton
                current={c.filter}
                filter={{ kind: 'media' }}
                label="有图/视频"
                count={facets.media}
                onSelect={pick}
              />
            )}
            {SCORES.filter((s) => summary.histogram[s - 1] > 0).map((s) => (
              <FilterButton
                key={s}
                current={c.filter}
                filter={{ kind: 'score', score: s }}
                label={`${s}星`}
                count={summary.histogram[s - 1]}
                onSelect={pick}
              />
            ))}
            {facets.tags.map((t) => (
              <FilterButton
                key={t.tag}
                current={c.filter}
                filter={{ kind: 'tag', tag: t.tag }}
                label={t.tag}
                count={t.count}
                onSelect={pick}
              />
            ))}
          </div>
          <div className="previews__sort" role="group" aria-label="评价排序">
            {(
              [
                ['posted_at', '最新'],
                ['likes', '最多赞'],
              ] as const
            ).map(([sort, label]) => (
              <button
                key={sort}
                type="button"
                className="sortbtn"
                aria-pressed={c.sort === sort}
                data-sort={sort}
                onClick={() => c.select(c.filter, sort)}
              >
                {label}
              </button>
            ))}
          </div>
        </>
      )}
      {/* A slot (docs/architecture.md "Next: islands"): the filter's script may draw it before React hydrates. */}
      <div className="previews__body" dangerouslySetInnerHTML={{ __html: html }} />
      {c.error && (
        <p className="lst-error" role="alert">
          {c.error}
        </p>
      )}
      {/* The same nodes in every state, shown or hidden: the filter's script sets them before React hydrates. */}
      <div className="previews__more" aria-live="polite">
        <span className="lst-loading" hidden={c.status !== 'loading'}>
          加载中…
        </span>
        <button type="button" className="morebtn" hidden={c.status === 'loading' || !c.hasMore} onClick={c.loadMore}>
          加载更多评价
        </button>
      </div>
    </section>
  );
}
