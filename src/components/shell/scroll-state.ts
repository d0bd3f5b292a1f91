// Header scroll state (spec section 4): NONE at or above the header offset; UP when the page
// has been scrolled down past the offset compared with the previous position (the spec's name:
// the header moves up out of view); DOWN otherwise (scrolled back up, the header comes down).
// A pure reducer so the rule is unit-testable; useScrollState wires it to window scrolling.

export type ScrollState = 'NONE' | 'UP' | 'DOWN';

export interface ScrollSnapshot {
  state: ScrollState;
  /** The previous vertical scroll position. */
  y: number;
}

export const initialScroll: ScrollSnapshot = { state: 'NONE', y: 0 };

/** Next snapshot for a new scroll position `y`, given the header offset in pixels. */
export function reduceScroll(prev: ScrollSnapshot, y: number, offset: number): ScrollSnapshot {
  if (y <= offset) return { state: 'NONE', y };
  return { state: y > prev.y ? 'UP' : 'DOWN', y };
}
