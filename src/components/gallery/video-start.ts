// A tap on a review video's play button (issue 21 item 1, issue 40): its player's loading state
// at once, then the player itself from its own small chunk (./video-player.ts). Called by the
// page's boot before React has hydrated (src/boot/engagement.ts) and by Gallery.tsx after. Plain
// DOM, no React: part of the entry chunk.

import { afterLoadWhenIdle } from '../../common/when-idle';
import { PLAYER_ATTR } from './player-state';

/** A slide's player slot that has a video to play (Gallery.tsx renders it). */
const SLOT = '.gallery__player[data-src]';

/**
 * Starts the video of the play button `target` is in (true: loading, or played again if its
 * player is there already), or does nothing (false: not a play button of a playable video).
 */
export function startVideo(target: Element): boolean {
  const button = target.closest('button.gallery__play');
  const frame = button && button.closest<HTMLElement>('.gallery__frame');
  if (!frame || !frame.querySelector(SLOT)) return false;
  if (frame.getAttribute(PLAYER_ATTR) !== 'playing') {
    frame.setAttribute(PLAYER_ATTR, 'loading');
    frame.setAttribute('aria-busy', 'true'); // assistive technology hears it is coming
  }
  import('./video-player').then(
    (m) => {
      frame.removeAttribute('aria-busy');
      m.playIn(frame);
    },
    () => {
      // The chunk did not come (offline): the cover and its play button again, for another try.
      frame.removeAttribute('aria-busy');
      if (frame.getAttribute(PLAYER_ATTR) === 'loading') frame.removeAttribute(PLAYER_ATTR);
    },
  );
  return true;
}

/**
 * Brings the player's chunk (about 1 KB) in once the page has loaded and the browser is idle, on
 * a page with a playable video only: a tap then finds it in the cache, not on a network busy with
 * the runtime's own chunks (at 1 s after first paint the interaction bench read 1.24x the
 * hydrated page without this, 0.98x with a prefetch). Not a prefetch link in the page's HTML:
 * the player is no part of what the page needs to show or hydrate (issue 21).
 */
export function warmVideoPlayer(): void {
  afterLoadWhenIdle(() => {
    if (document.querySelector(SLOT)) import('./video-player').catch(() => undefined);
  });
}
