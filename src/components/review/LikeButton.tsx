import * as React from 'react';
import { navigate } from 'gatsby';
import type { ReviewView } from '../../review/view';
import { likesText } from '../../review/format';
import { loginPath } from '../../paths';
import { useLike } from '../../hooks/use-like';

/**
 * Like / unlike a review. Guests are sent to sign in and come back to this page
 * (issue 6, "Likes on review pages"). Before hydration it is a plain count.
 */
export function LikeButton({ review }: { review: ReviewView }) {
  const like = useLike(review);
  const onClick = async () => {
    if (!(await like.signedIn())) {
      const here = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
      navigate(loginPath(here));
      return;
    }
    void like.toggle();
  };
  return (
    <button
      type="button"
      className={like.liked ? 'like like--on' : 'like'}
      aria-pressed={like.liked}
      // The name holds the count as shown (axe: label-content-name-mismatch); aria-pressed says
      // whether it is liked, so the verb stays the same.
      aria-label={`点赞 ${likesText(like.count)}`}
      onClick={onClick}
      disabled={like.busy}
      data-likes={like.count}
    >
      <span aria-hidden="true">{like.liked ? '♥' : '♡'}</span> {likesText(like.count)}
      {like.error && (
        <span className="like__error" role="alert">
          {like.error}
        </span>
      )}
    </button>
  );
}
