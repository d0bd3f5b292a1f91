import * as React from 'react';
import { errorTextOr } from '../storefront/error-text';
import type { ReviewView } from '../review/view';
import { browserClient } from './browser-client';
import { SIGNED_OUT_EVENT } from './use-account';
import { whenIdle } from '../common/when-idle';

interface LikeState {
  key: string;
  liked: boolean;
  count: number;
  busy: boolean;
  error: string;
}

/**
 * The session, the like calls and the transport load in their own chunks on first use (after
 * hydration), so they never weigh on the review page's first load (docs/benchmarks.md).
 */
const likeApi = () =>
  Promise.all([
    import('../storefront/session'),
    import('../storefront/comments'),
    import('../storefront/review-page'),
    browserClient(),
  ]).then(([session, comments, reviewPage, client]) => ({
    session: session.defaultSession(),
    comments,
    reviewPage,
    client,
  }));

const keyOf = (review: ReviewView) => `${review.productId}/${review.id}`;
const initialState = (review: ReviewView): LikeState => ({
  key: keyOf(review),
  liked: false,
  count: review.likes,
  busy: false,
  error: '',
});

/**
 * Like state of one review for the signed-in shopper; the server counts a like once.
 * The built page knows neither whether this shopper liked the review nor today's count, so
 * for a signed-in shopper the review detail (which carries `liked` for the caller) is loaded
 * on mount and whenever the page moves to another review.
 */
export function useLike(review: ReviewView) {
  const key = keyOf(review);
  const [stored, setState] = React.useState<LikeState>(() => initialState(review));
  // Client navigation between reviews reuses the template: start over for another review.
  const state = stored.key === key ? stored : initialState(review);
  const touched = React.useRef(false);
  const signedIn = () =>
    likeApi().then(
      (api) => api.session.isLoggedIn(),
      () => false,
    );

  React.useEffect(() => {
    touched.current = false;
    setState(initialState(review));
    let alive = true;
    // When the browser is idle, and the API client only for a signed-in shopper (issue 26): a
    // visitor's like state is the built count, so the transport and the calls stay unloaded
    // for the many who are signed out, and nothing of this competes with hydration.
    const cancel = whenIdle(
      () =>
        import('../storefront/session')
          .then((m) => (alive && m.defaultSession().isLoggedIn() ? likeApi() : null))
          .then((api) =>
            api && alive ? api.reviewPage.getReviewDetail(api.client, review.productId, review.id) : null,
          )
          .then((raw) => {
            // A click made meanwhile wins: its answer is newer than this detail.
            if (!alive || touched.current || !raw || typeof raw.liked !== 'boolean') return;
            const likes =
              typeof raw.likes === 'number' && Number.isFinite(raw.likes) ? Math.max(0, raw.likes) : review.likes;
            setState((s) => (s.key === key ? { ...s, liked: raw.liked === true, count: likes } : s));
          })
          .catch(() => undefined), // the page keeps what it has (spec section 8)
    );
    return () => {
      alive = false;
      cancel();
    };
    // The review's ids are what identify it; the rest of `review` is fixed for them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Signed out from the shell: this shopper's like is no longer shown (the count stays).
  React.useEffect(() => {
    const onSignedOut = () => setState((s) => ({ ...s, liked: false, busy: false, error: '' }));
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);

  const toggle = async () => {
    touched.current = true;
    setState((s) => ({ ...s, key, busy: true, error: '' }));
    try {
      const api = await likeApi();
      const call = state.liked ? api.comments.unlikeComment : api.comments.likeComment;
      const res = await call(api.client, review.productId, review.id);
      setState({ key, liked: res.liked, count: res.likes, busy: false, error: '' });
    } catch (e) {
      setState((s) => ({ ...s, key, busy: false, error: errorTextOr(e, '操作失败，请稍后重试') }));
    }
  };
  return { liked: state.liked, count: state.count, busy: state.busy, error: state.error, toggle, signedIn };
}
