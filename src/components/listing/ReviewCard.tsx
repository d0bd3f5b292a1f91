import * as React from 'react';
import { Link } from 'gatsby';
import type { RelatedView } from '../../review/view';
import { likesText, relatedText, truncate } from '../../review/format';
import { reviewPath } from '../../paths';
import { waterfallStyles } from '../../listing/waterfall';
import { Img } from '../common/Img';
import { srcSetOf } from '../../common/media-variants';
import { GRID_CARD_SIZES, WATERFALL_CARD_SIZES } from './card-sizes';
import { Avatar } from '../common/Avatar';
import { Stars } from '../review/Stars';

/** A text card's tint: one of a few soft colours, the same for a review on every page. */
const TINTS = 4;
const tintOf = (commentId: string) => {
  let h = 0;
  for (let i = 0; i < commentId.length; i++) h = (h * 31 + commentId.charCodeAt(i)) % 9973;
  return h % TINTS;
};

/**
 * A review in a grid or waterfall (home, category, showcase), linking to the review page: its
 * picture (or video cover), text, user and likes. A review without a picture is a text card, as
 * RED draws text notes (issue 44): its words as a quote on a soft tint, the product's picture
 * small and the stars; never a grey block. Every box has a size fixed before anything loads.
 */
export function ReviewCard({ item, eager, sizes }: { item: RelatedView; eager?: boolean; sizes?: string }) {
  const text = relatedText(item.content);
  const meta = (
    <span className="rcard__meta">
      <span className="rcard__user">
        <Avatar className="rcard__avatar" src={item.userAvatar} size={20} />
        <span className="rcard__name">{item.userLabel ?? '匿名用户'}</span>
      </span>
      {/* aria-label is not allowed on a plain span (W3C Nu checker): the heart is hidden and
          the count is read with its meaning instead. */}
      <span className="rcard__likes">
        <span aria-hidden="true">♥ {likesText(item.likes)}</span>
        <span className="visually-hidden">点赞数 {item.likes}</span>
      </span>
    </span>
  );
  if (!item.image)
    return (
      <Link
        className={`rcard rcard--text rcard--tint${tintOf(item.commentId)}`}
        to={reviewPath(item.productId, item.commentId)}
        data-comment-id={item.commentId}
      >
        <span className="rcard__quote">
          <span className="rcard__quote-text">{text}</span>
          <span className="rcard__product">
            {item.productImage && (
              <img
                className="rcard__product-img"
                src={item.productImage}
                alt=""
                width={36}
                height={36}
                loading="lazy"
                decoding="async"
              />
            )}
            <Stars score={item.score ?? null} />
          </span>
        </span>
        {meta}
      </Link>
    );
  return (
    <Link className="rcard" to={reviewPath(item.productId, item.commentId)} data-comment-id={item.commentId}>
      <span className="rcard__img">
        <Img
          src={item.image}
          alt={truncate(text, 40)}
          width={300}
          height={Math.round(300 * (item.ratio ?? 4 / 3))}
          eager={eager}
          srcSet={srcSetOf(item.image)}
          sizes={sizes ?? GRID_CARD_SIZES}
        />
      </span>
      <span className="rcard__text">{text}</span>
      {meta}
    </Link>
  );
}

/**
 * A list of review cards: a grid, or (`waterfall`) columns of uneven height where each card
 * goes into the shortest column (src/listing/waterfall.ts): placed from the data, the same in
 * the server HTML and after hydration, and appended cards never move the ones above.
 */
export function ReviewGrid({
  items,
  waterfall,
  eagerFirst = 0,
  label,
}: {
  items: RelatedView[];
  waterfall?: boolean;
  eagerFirst?: number;
  label?: string;
}) {
  if (waterfall) {
    const styles = waterfallStyles(items);
    return (
      <div className="wf">
        <ul
          className="wf__list"
          aria-label={label}
          data-count={items.length}
          style={styles.list as React.CSSProperties}
        >
          {items.map((it, i) => (
            <li key={it.commentId} className="wf__item" style={styles.cards[i] as React.CSSProperties}>
              <ReviewCard item={it} eager={i < eagerFirst} sizes={WATERFALL_CARD_SIZES} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <ul className="rgrid" aria-label={label} data-count={items.length}>
      {items.map((it, i) => (
        <li key={it.commentId} className="rgrid__item">
          <ReviewCard item={it} eager={i < eagerFirst} />
        </li>
      ))}
    </ul>
  );
}
