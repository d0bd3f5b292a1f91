import * as React from 'react';
import { Link } from 'gatsby';
import type { RelatedView } from '../../review/view';
import { likesText, relatedText, truncate } from '../../review/format';
import { reviewPath } from '../../paths';
import { Img } from '../common/Img';
import { Avatar } from '../common/Avatar';

/**
 * A review in a grid or waterfall (home, category, showcase): image, text (the default-praise
 * text when empty), user and likes, linking to the review page. The image box has a fixed
 * aspect ratio (the feed gives no image size), so nothing shifts while it loads.
 */
export function ReviewCard({ item, eager }: { item: RelatedView; eager?: boolean }) {
  const text = relatedText(item.content);
  return (
    <Link className="rcard" to={reviewPath(item.productId, item.commentId)} data-comment-id={item.commentId}>
      <span className="rcard__img">
        {item.image ? (
          <Img src={item.image} alt={truncate(text, 40)} width={300} height={400} eager={eager} />
        ) : (
          <span className="rcard__noimg" aria-hidden="true">
            晒单
          </span>
        )}
      </span>
      <span className="rcard__text">{text}</span>
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
    </Link>
  );
}

/** A list of review cards; `waterfall` lays them out in columns of uneven height. */
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
  return (
    <ul className={waterfall ? 'rgrid rgrid--waterfall' : 'rgrid'} aria-label={label} data-count={items.length}>
      {items.map((it, i) => (
        <li key={it.commentId} className="rgrid__item">
          <ReviewCard item={it} eager={i < eagerFirst} />
        </li>
      ))}
    </ul>
  );
}
