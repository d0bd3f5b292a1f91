import * as React from 'react';
import { navigate } from 'gatsby';
import type { ReviewView } from '../../review/view';
import { likesText } from '../../review/format';
import { loginPath } from '../../paths';
import { useLike } from '../../hooks/use-like';
import { navigationStarted } from '../../boot/navigation-progress';

/**
 * Like / unlike a review. Guests are sent to sign in and come back to this page
 * (issue 6, "Likes on review pages"). Before hydration it is a plain count.
 */
export function LikeButton({ review }: { review: ReviewView }) {
  const like = useLike(review);
  // Taken at once (issue 40): whether the shopper is signed in is known only once the API
  // client's chunk is in, a moment on a phone's network.
  const [asking, setAsking] = React.useState(false);
  const onClick = async () => {
    setAsking(true);
    try {
      if (!(await like.signedIn())) {
        const here = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
        navigationStarted();
        void navigate(loginPath(here));
        return;
      }
      void like.toggle();
    } finally {
      setAsking(false);
    }
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
      aria-busy={asking || like.busy ? 'true' : undefined}
      data-likes={like.count}
      // A guest's tap before hydration goes to sign in at once (src/boot/engagement.ts, doneAtOnce).
      data-guest-signin=""
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
