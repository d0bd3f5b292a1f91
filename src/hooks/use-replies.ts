import * as React from 'react';
import type { ReplyView } from '../review/view';
import type { BuiltReplies } from '../review/page-data';
import { browserClient } from './browser-client';

/** The most replies one "show all" asks for (the reference server's window limit). */
const ALL_LIMIT = 100;

export interface RepliesState {
  replies: ReplyView[];
  /** The API's total; null until the first answer (or when it does not say). */
  total: number | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Loads the rest (after the first). */
  loadAll(): void;
}

/**
 * The first `t` replies (spec section 7: f=0, s=posted_at), reshaped. The call, the transport
 * and the reshaping (src/review/view.ts) are chunks loaded on the first call, none of the first load.
 */
const fetchReplies = (productId: string, commentId: string, t: number) =>
  Promise.all([import('../storefront/comments'), browserClient(), import('../review/view')]).then(([m, c, v]) =>
    m.listReplies(c, productId, commentId, { f: 0, t, s: 'posted_at' }).then((r) => ({
      replies: v.toReplyViews(r?.replies),
      total: typeof r?.total === 'number' ? r.total : null,
    })),
  );

/**
 * A review's replies (issue 21 item 4): the first with the spec's call (section 7: f=0, t=1,
 * s=posted_at) once `start` is true (the section came near the viewport), the rest on demand.
 * Failures are swallowed like the page's other calls (spec section 8): the section stays empty.
 */
export function useReplies(productId: string, commentId: string, start: boolean, built?: BuiltReplies): RepliesState {
  // The replies the build put into the page (issue 44) are shown as they are: no first call.
  const initial = (): Omit<RepliesState, 'loadAll'> =>
    built
      ? { replies: built.items, total: built.total, status: 'ready' }
      : { replies: [], total: null, status: 'idle' };
  const [state, setState] = React.useState<Omit<RepliesState, 'loadAll'>>(initial);
  const key = `${productId}/${commentId}`;
  React.useEffect(() => {
    setState(initial());
    // the built replies belong to the key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  React.useEffect(() => {
    if (!start || built) return;
    let alive = true;
    setState((s) => ({ ...s, status: 'loading' }));
    fetchReplies(productId, commentId, 1).then(
      (a) => alive && setState({ ...a, status: 'ready' }),
      () => alive && setState((s) => ({ ...s, status: 'failed' })),
    );
    return () => {
      alive = false;
    };
  }, [start, productId, commentId, built]);
  const loadAll = React.useCallback(() => {
    setState((s) => ({ ...s, status: 'loading' }));
    fetchReplies(productId, commentId, Math.min(state.total ?? ALL_LIMIT, ALL_LIMIT)).then(
      (a) => setState((s) => ({ replies: a.replies, total: a.total ?? s.total, status: 'ready' })),
      () => setState((s) => ({ ...s, status: 'ready' })),
    );
  }, [productId, commentId, state.total]);
  return { ...state, loadAll };
}
