// A tap on a review's picture (issue 21 item 2, issue 40): the picture full-screen at once, then
// the viewer with zoom from its own chunk (./photo-viewer.ts). Called by the page's boot before
// React has hydrated (src/boot/engagement.ts) and by Gallery.tsx after: one implementation. The
// viewer is a dialog on document.body, outside React's root, so hydration never meets it, and
// what it shows is read from the gallery's markup. Plain DOM, no React: part of the entry chunk.

import { afterLoadWhenIdle } from '../../common/when-idle';
import { OPENER } from './opener';

/** The dialog's attributes, from its first frame (the opening picture) on. */
const DIALOG = { role: 'dialog', 'aria-modal': 'true', 'aria-label': '查看大图', 'aria-busy': 'true' };

/** The viewer on the page, if one is open. */
let shown: HTMLElement | null = null;

/**
 * Opens the viewer at the picture `target` is in (true), or does nothing (false: not a picture
 * of a gallery). The picture shows full-screen at once (`.viewer--opening`); the viewer with its
 * counter, arrows and zoom replaces it as its chunk comes (which reads the gallery's pictures
 * from its markup). A chunk that does not come (offline) closes it again, for another try.
 */
export function openViewer(target: Element): boolean {
  const opener = target.closest<HTMLElement>(OPENER);
  const picture = opener && opener.querySelector('img');
  if (!opener || !picture) return false;
  if (shown && shown.isConnected) return true;
  const dialog = document.createElement('div');
  dialog.className = 'viewer viewer--opening';
  for (const [k, v] of Object.entries(DIALOG)) dialog.setAttribute(k, v);
  // The slide's own picture (its file is in the cache already), full-screen by review.css.
  dialog.append(picture.cloneNode());
  document.body.append(dialog);
  shown = dialog;
  const closed = () => {
    if (shown === dialog) shown = null;
    // Focus goes back to the picture that opened it, after the router has seen the popstate.
    requestAnimationFrame(() => opener.focus({ preventScroll: true }));
  };
  import('./photo-viewer').then(
    (m) => {
      if (dialog.isConnected) m.showViewer(dialog, opener, closed);
    },
    () => {
      dialog.remove();
      closed();
    },
  );
  return true;
}

/**
 * Brings the viewer's chunk (Swiper with its zoom) in once the page has loaded and the browser
 * is idle, on a page with a picture to open: a tap then finds it in the cache, not on a network
 * busy with the runtime's chunks. Not a prefetch link in the page's HTML: the viewer is no part
 * of what the page needs to show or hydrate (issue 21).
 */
export function warmViewer(): void {
  afterLoadWhenIdle(() => {
    if (document.querySelector(OPENER)) import('./photo-viewer').catch(() => undefined);
  });
}
