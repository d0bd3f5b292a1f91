import * as React from 'react';
import { Link, navigate, withPrefix } from 'gatsby';
import { countText, haulSearch, type HaulCounts, type HaulFilter } from '../../listing/haul-state';
import { haulCategoryPath, haulPath } from '../../paths';

export interface HaulCategoryLink {
  id: string;
  name: string;
  count: number;
}

/**
 * A query state of the page shown (有图, a score, 最多赞): a plain link that navigates in the
 * app on a plain click. Not a Gatsby Link: every Link in view queues a prefetch, and a query
 * state's page data is the page's own, so a dozen chips would take the first three prefetch
 * batches (9 s and more) before any review a shopper may open next.
 */
function StateLink({
  to,
  className,
  rel,
  current,
  children,
}: {
  to: string;
  className: string;
  rel?: string;
  current?: 'true';
  children: React.ReactNode;
}) {
  const onClick = (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || e.defaultPrevented) return;
    e.preventDefault();
    void navigate(to);
  };
  return (
    <a className={className} href={withPrefix(to)} rel={rel} aria-current={current} onClick={onClick}>
      {children}
    </a>
  );
}

function Chip({
  to,
  on,
  label,
  count,
  nofollow,
}: {
  to: string;
  on: boolean;
  label: string;
  count?: number;
  nofollow?: boolean;
}) {
  const body = (
    <>
      {label}
      {count != null && <span className="tagbtn__n">{countText(count)}</span>}
    </>
  );
  return (
    <li>
      {nofollow ? (
        <StateLink className="tagbtn" to={to} rel="nofollow" current={on ? 'true' : undefined}>
          {body}
        </StateLink>
      ) : (
        <Link className="tagbtn" to={to} aria-current={on ? 'true' : undefined}>
          {body}
        </Link>
      )}
    </li>
  );
}

/**
 * The showcase's filters (issue 22), all real links: the ten top-level categories (static pages,
 * indexed), then 有图 / 有视频, each score and 最多赞 as query states of the current page
 * (noindex, nofollow). Counts are the build's, for the category shown.
 */
export function HaulFilters({
  category,
  categories,
  counts,
  filter,
}: {
  category: { id: string; name: string } | null;
  categories: HaulCategoryLink[];
  counts: HaulCounts;
  filter: HaulFilter;
}) {
  const base = category ? haulCategoryPath(category.id) : haulPath();
  const to = (f: HaulFilter) => `${base}${haulSearch(f)}`;
  return (
    <div className="hfilters" data-filter={haulSearch(filter)}>
      <ul className="hfilters__row" aria-label="按分类筛选">
        <Chip to={haulPath()} on={!category} label="全部" />
        {categories.map((c) => (
          <Chip key={c.id} to={haulCategoryPath(c.id)} on={category?.id === c.id} label={c.name} count={c.count} />
        ))}
      </ul>
      <ul className="hfilters__row" aria-label="按晒单内容筛选">
        <Chip
          to={to({ ...filter, media: undefined })}
          on={!filter.media}
          label="全部晒单"
          count={counts.total}
          nofollow
        />
        <Chip
          to={to({ ...filter, media: 'picture' })}
          on={filter.media === 'picture'}
          label="有图"
          count={counts.picture}
          nofollow
        />
        <Chip
          to={to({ ...filter, media: 'video' })}
          on={filter.media === 'video'}
          label="有视频"
          count={counts.video}
          nofollow
        />
      </ul>
      <ul className="hfilters__row" aria-label="按评分筛选">
        <Chip to={to({ ...filter, score: undefined })} on={!filter.score} label="全部评分" nofollow />
        {([5, 4, 3, 2, 1] as const).map((s) => (
          <Chip
            key={s}
            to={to({ ...filter, score: s })}
            on={filter.score === s}
            label={`${s}星`}
            count={counts.scores[s - 1]}
            nofollow
          />
        ))}
      </ul>
      <ul className="hfilters__row" aria-label="排序">
        <Chip to={to({ ...filter, sort: undefined })} on={!filter.sort} label="最新" nofollow />
        <Chip to={to({ ...filter, sort: 'likes' })} on={filter.sort === 'likes'} label="最多赞" nofollow />
      </ul>
    </div>
  );
}
