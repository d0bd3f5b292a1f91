import * as React from 'react';
import { Link, navigate, withPrefix } from 'gatsby';
import type { ReviewSearchItem } from '../../storefront/search';
import type { ProductCardView } from '../../listing/types';
import type { CatalogueEntry } from '../../catalogue/types';
import { relatedText, likesText } from '../../review/format';
import { categoryPath, reviewPath } from '../../paths';
import { pathId } from '../../common/coerce';
import { searchPath, SEARCH_SORTS, POPULAR_SEARCHES, type SearchState } from '../../search/query';
import { Img } from '../common/Img';
import { ProductGrid } from '../listing/ProductCard';
import { Highlighted } from './Highlighted';

/** A state of the search page: a real link that navigates in the app on a plain click. */
export function StateLink({
  to,
  className,
  current,
  children,
}: {
  to: string;
  className?: string;
  current?: boolean;
  children: React.ReactNode;
}) {
  const onClick = (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || e.defaultPrevented) return;
    e.preventDefault();
    void navigate(to);
  };
  return (
    <a
      className={className}
      href={withPrefix(to)}
      rel="nofollow"
      aria-current={current ? 'true' : undefined}
      onClick={onClick}
    >
      {children}
    </a>
  );
}

function Chip({ to, on, label }: { to: string; on: boolean; label: string }) {
  return (
    <li>
      <StateLink className="tagbtn" to={to} current={on}>
        {label}
      </StateLink>
    </li>
  );
}

/** 有图/视频, the scores and the sort, as links to the states of this search (page 1). */
export function SearchFilters({ state }: { state: SearchState }) {
  const to = (s: Partial<SearchState>) => searchPath({ ...state, page: 1, ...s });
  return (
    <div className="hfilters srch__filters">
      <ul className="hfilters__row" aria-label="按晒单内容筛选">
        <Chip to={to({ media: false })} on={!state.media} label="全部晒单" />
        <Chip to={to({ media: true })} on={state.media} label="有图/视频" />
      </ul>
      <ul className="hfilters__row" aria-label="按评分筛选">
        <Chip to={to({ score: null })} on={state.score == null} label="全部评分" />
        {[5, 4, 3, 2, 1].map((s) => (
          <Chip key={s} to={to({ score: s })} on={state.score === s} label={`${s}星`} />
        ))}
      </ul>
      <ul className="hfilters__row" aria-label="排序">
        {SEARCH_SORTS.map((s) => (
          <Chip key={s.value} to={to({ sort: s.value })} on={state.sort === s.value} label={s.label} />
        ))}
      </ul>
    </div>
  );
}

/** A found review: its picture, its text with the match marked, product, score and likes. */
function FoundReview({ item, terms }: { item: ReviewSearchItem; terms: readonly string[] }) {
  const productId = pathId(item.productId);
  const commentId = pathId(item.commentId);
  if (!productId || !commentId) return null;
  const text = relatedText(typeof item.content === 'string' ? item.content : null);
  const image = typeof item.image === 'string' && /^\/|^https?:\/\//i.test(item.image) ? item.image : null;
  const productName = typeof item.productName === 'string' ? item.productName : '';
  const likes = typeof item.likes === 'number' ? item.likes : 0;
  const media = (item.pictureCount ?? 0) + (item.videoCount ?? 0);
  return (
    <li className="srev">
      <Link className="srev__link" to={reviewPath(productId, commentId)} data-comment-id={commentId}>
        <span className="srev__img">
          {image ? (
            <Img src={image} alt="" width={96} height={96} />
          ) : (
            <span className="srev__noimg" aria-hidden="true">
              晒单
            </span>
          )}
        </span>
        <span className="srev__body">
          <span className="srev__text">
            <Highlighted
              text={text.length > 140 ? `${Array.from(text).slice(0, 140).join('')}…` : text}
              terms={terms}
            />
          </span>
          {productName && (
            <span className="srev__product">
              <Highlighted text={productName} terms={terms} />
            </span>
          )}
          <span className="srev__meta">
            {typeof item.score === 'number' && <span>{item.score}星</span>}
            {media > 0 && <span>{item.videoCount ? '有视频' : `${item.pictureCount}图`}</span>}
            <span>赞 {likesText(likes)}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}

// Memoised: the same answer shown again (the inline script's, kept as the view) renders nothing again.
export const FoundReviews = React.memo(function FoundReviews({
  items,
  terms,
}: {
  items: ReviewSearchItem[];
  terms: readonly string[];
}) {
  return (
    <ul className="srch__reviews" aria-label="晒单搜索结果">
      {items.map((it) => (
        <FoundReview key={String(it.commentId)} item={it} terms={terms} />
      ))}
    </ul>
  );
});

export const FoundProducts = React.memo(function FoundProducts({ items }: { items: ProductCardView[] }) {
  return <ProductGrid items={items} label="商品搜索结果" />;
});

/** Nothing found: said in Chinese, with the closest categories and popular searches. */
export function NoResults({ q, categories }: { q: string; categories: CatalogueEntry[] }) {
  return (
    <div className="srch__none" role="status">
      <p className="srch__none-title">没有找到与“{q}”相关的晒单和商品</p>
      <p>换个关键词试试，或者看看这些分类：</p>
      {categories.length > 0 && (
        <ul className="srch__chips" aria-label="相近的分类">
          {categories.map((c) => (
            <li key={c.category.id}>
              <Link className="tagbtn" to={categoryPath(c.category.id)}>
                {c.category.displayTerm}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <PopularSearches />
    </div>
  );
}

export function PopularSearches() {
  return (
    <>
      <h2 className="srch__h3">热门搜索</h2>
      <ul className="srch__chips" aria-label="热门搜索">
        {POPULAR_SEARCHES.map((q) => (
          <li key={q}>
            <StateLink className="tagbtn" to={searchPath({ q })}>
              {q}
            </StateLink>
          </li>
        ))}
      </ul>
    </>
  );
}
