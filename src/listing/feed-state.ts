// Infinite scroll of the review showcase as pure state: which items are shown, where the
// next page starts, whether the feed has ended. The hook (src/hooks/use-haul-feed.ts) only
// does the calls.
import { toRelatedViews, type RelatedView } from '../review/view';

/** Haul comment size (spec section 9). */
export const HAUL_SCROLL_SIZE = 10;

export interface FeedState {
  /** Items loaded in the browser, after those the page was built with. */
  loaded: RelatedView[];
  /** Ids already on the page (built and loaded): a restarted or shifted feed never repeats one. */
  seen: ReadonlySet<string>;
  /** Cursor of the next page; '0' is the first page. */
  cursor: string;
  done: boolean;
}

/**
 * Start after the built items: from the build's cursor when it knows one, else from the first
 * page (duplicates of the built items are skipped as they arrive). `skipped`: reviews the build
 * left out (malformed: no page), never shown though the feed lists them (issue 44).
 */
export function initialFeedState(
  built: RelatedView[],
  cursor: string | null,
  done = false,
  skipped: readonly string[] = [],
): FeedState {
  return { loaded: [], seen: new Set([...skipped, ...built.map((b) => b.commentId)]), cursor: cursor ?? '0', done };
}

/** Adds one answer of the haul feed: new well-formed items only; a null delimiter ends it. */
export function addFeedPage(
  state: FeedState,
  drops: unknown,
  delimiter: string | number | null | undefined,
): FeedState {
  const seen = new Set(state.seen);
  const fresh = toRelatedViews(drops).filter((d) => {
    if (seen.has(d.commentId)) return false;
    seen.add(d.commentId);
    return true;
  });
  const next = delimiter == null ? null : String(delimiter);
  // A cursor that does not move would loop forever: treat it as the end.
  const done = next === null || next === state.cursor;
  return {
    loaded: fresh.length ? [...state.loaded, ...fresh] : state.loaded,
    seen,
    cursor: next ?? state.cursor,
    done,
  };
}
