import * as React from 'react';
import { Link } from 'gatsby';
import { countText, haulSearch, type HaulCounts, type HaulFilter } from '../../listing/haul-state';
import { haulCategoryPath, haulPath } from '../../paths';

export interface HaulCategoryLink {
  id: string;
  name: string;
  count: number;
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
  return (
    <li>
      <Link className="tagbtn" to={to} aria-current={on ? 'true' : undefined} rel={nofollow ? 'nofollow' : undefined}>
        {label}
        {count != null && <span className="tagbtn__n">{countText(count)}</span>}
      </Link>
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
