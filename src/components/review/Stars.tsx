import * as React from 'react';
import { filledStars } from '../../review/format';

/**
 * Satisfaction score as five stars, the first `score` filled (spec section 3); nothing when
 * the review has no score (issue 21 item 6: five grey stars read as a zero rating).
 */
export function Stars({ score }: { score: number | null }) {
  const n = filledStars(score);
  if (n === 0) return null;
  return (
    <span className="stars" role="img" aria-label={`满意度 ${n} 星（满分 5 星）`} data-filled={n}>
      {[0, 1, 2, 3, 4].map((i) => (
        <span key={i} className={i < n ? 'star star--on' : 'star'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
