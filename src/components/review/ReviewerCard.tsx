import * as React from 'react';
import type { ReviewView } from '../../review/view';
import { formatPostedDate, isoChinaTime } from '../../review/format';
import { Img } from '../common/Img';
import { Stars } from './Stars';

/** Avatar, label, first medal, stars and the posted date (spec section 2). */
export function ReviewerCard({ review }: { review: ReviewView }) {
  const date = formatPostedDate(review.postedAt);
  const label = review.userLabel ?? '匿名用户';
  return (
    <div className="reviewer">
      {review.userAvatar ? (
        <Img className="reviewer__avatar" src={review.userAvatar} alt={`${label}的头像`} width={48} height={48} />
      ) : (
        <span className="reviewer__avatar reviewer__avatar--empty" aria-hidden="true" />
      )}
      <div className="reviewer__info">
        <div className="reviewer__name">
          <span className="reviewer__label">{label}</span>
          {review.medal && (
            <span className="medal">
              {review.medal.image && <Img src={review.medal.image} alt="" width={20} height={20} />}
              {review.medal.text && <span className="medal__text">{review.medal.text}</span>}
            </span>
          )}
        </div>
        <div className="reviewer__meta">
          <Stars score={review.score} />
          {date && <time dateTime={isoChinaTime(review.postedAt) ?? undefined}>{date}</time>}
        </div>
        {review.verified && (
          <p className="reviewer__verified">
            <span className="verified">已购买</span>
            {review.verified.variant && <span className="verified__variant">{review.verified.variant}</span>}
          </p>
        )}
      </div>
    </div>
  );
}
