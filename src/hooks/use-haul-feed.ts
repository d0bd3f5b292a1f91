import * as React from 'react';
import { getHaulFeed } from '../storefront/comments';
import { errorTextOr } from '../storefront/error-text';
import type { RelatedView } from '../review/view';
import { HAUL_SCROLL_SIZE, addFeedPage, initialFeedState, type FeedState } from '../listing/feed-state';
import { browserClient } from './browser-client';
import type { HaulFilter } from '../listing/haul-state';

export interface HaulFeed {
  loaded: RelatedView[];
  status: 'idle' | 'loading' | 'error' | 'done';
  error: string;
  /** Put on an element at the end of the list: when it comes near the viewport, more load. */
  sentinel: React.RefCallback<HTMLElement>;
  loadMore(): void;
  /** False without IntersectionObserver (a button is shown instead). */
  observing: boolean;
}

/**
 * More reviews as the shopper scrolls (spec: haul size 10, delimiter cursor). While the
 * sentinel stays in view after a page (e.g. a page of duplicates), the next one loads too:
 * once the page is rendered, the sentinel is observed afresh, so that decision is taken on
 * the layout with the new cards, never on an intersection measured before them (a page
 * whose frames lag its fetches, as under load, would otherwise load the whole feed).
 */
export function useHaulFeed(
  built: RelatedView[],
  cursor: string | null,
  enabled: boolean,
  /** The showcase's category ('0' = all) and its filter and sort (extensions, docs/api-client.md). */
  query: { category: string } & HaulFilter = { category: '0' },
  /** Reviews the build skipped: the feed may list them, the page never shows them (issue 44). */
  skipped: readonly string[] = [],
): HaulFeed {
  const q = React.useRef(query);
  const state = React.useRef<FeedState>(initialFeedState(built, cursor, !enabled, skipped));
  const [view, setView] = React.useState<{ loaded: RelatedView[]; status: HaulFeed['status']; error: string }>({
    loaded: [],
    status: enabled ? 'idle' : 'done',
    error: '',
  });
  const busy = React.useRef(false);
  const target = React.useRef<HTMLElement | null>(null);
  const [observing, setObserving] = React.useState(false);
  const observer = React.useRef<IntersectionObserver | null>(null);

  const loadMore = React.useCallback(async () => {
    if (busy.current || state.current.done) return;
    busy.current = true;
    setView((v) => ({ ...v, status: 'loading', error: '' }));
    try {
      const { category, media, score, sort } = q.current;
      const res = await getHaulFeed(await browserClient(), {
        category,
        delimiter: state.current.cursor,
        size: HAUL_SCROLL_SIZE,
        media,
        score,
        sort,
      });
      // A server without the media extension sends every review: keep those with a picture or video.
      const drops = res?.waterFall?.waterDrops;
      const kept = media && Array.isArray(drops) ? drops.filter((d) => !!d?.image) : drops;
      state.current = addFeedPage(state.current, kept, res?.waterFall?.delimiter);
      busy.current = false;
      setView({ loaded: state.current.loaded, status: state.current.done ? 'done' : 'idle', error: '' });
    } catch (e) {
      busy.current = false;
      setView((v) => ({ ...v, status: 'error', error: errorTextOr(e, '加载失败，请稍后重试') }));
    }
  }, []);

  const sentinel = React.useCallback(
    (el: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      target.current = el;
      if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) void loadMore();
        },
        { rootMargin: '0px 0px 600px 0px' },
      );
      observer.current.observe(el);
      setObserving(true);
    },
    [enabled, loadMore],
  );

  // A page was added and rendered: measure again (observing anew reports the current state).
  React.useEffect(() => {
    const el = target.current;
    if (!el || !observer.current || view.status !== 'idle' || !view.loaded.length) return;
    observer.current.unobserve(el);
    observer.current.observe(el);
  }, [view.loaded, view.status]);

  React.useEffect(() => () => observer.current?.disconnect(), []);

  return { ...view, sentinel, loadMore: () => void loadMore(), observing };
}
