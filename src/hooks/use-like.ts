import * as React from 'react';
import { likeComment, unlikeComment } from '../storefront/comments';
import { defaultSession } from '../storefront/session';
import { isApiError } from '../storefront/errors';
import type { ReviewView } from '../review/view';
import { browserClient } from './browser-client';

/** Like state of one review for the signed-in shopper; the server counts a like once. */
export function useLike(review: ReviewView) {
  const [state, setState] = React.useState({ liked: false, count: review.likes, busy: false, error: '' });
  const signedIn = () => defaultSession().isLoggedIn();

  const toggle = async () => {
    setState((s) => ({ ...s, busy: true, error: '' }));
    try {
      const call = state.liked ? unlikeComment : likeComment;
      const res = await call(await browserClient(), review.productId, review.id);
      setState({ liked: res.liked, count: res.likes, busy: false, error: '' });
    } catch (e) {
      setState((s) => ({ ...s, busy: false, error: isApiError(e) ? e.text : '操作失败，请稍后重试' }));
    }
  };
  return { ...state, toggle, signedIn };
}
