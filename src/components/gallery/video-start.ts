// A tap on a review video's play button (issue 21 item 1, issue 40): its player's loading state
// at once, then the player itself from its own small chunk (./video-player.ts). Called by the
// page's boot before React has hydrated (src/boot/engagement.ts) and by Gallery.tsx after. Plain
// DOM, no React: part of the entry chunk.

import { PLAYER_ATTR } from './player-state';

/**
 * Starts the video of the play button `target` is in (true), or does nothing (false: not a
 * play button, or one whose video is already playing).
 */
export function startVideo(target: Element): boolean {
  const button = target.closest('button.gallery__play');
  const frame = button?.closest<HTMLElement>('.gallery__frame');
  if (!frame || !frame.querySelector('.gallery__player[data-src]')) return false;
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
