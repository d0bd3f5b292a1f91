import { useEffect } from 'react';

/**
 * Locks page scrolling while `locked` (spec section 2: the mobile menu locks the page).
 * The body is fixed at the current offset (iOS ignores overflow alone) and the scroll
 * position is restored when the lock ends or the component unmounts.
 */
export function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const y = window.scrollY;
    const style = document.body.style;
    const saved = {
      position: style.position,
      top: style.top,
      left: style.left,
      right: style.right,
      overflow: style.overflow,
    };
    Object.assign(style, { position: 'fixed', top: `-${y}px`, left: '0', right: '0', overflow: 'hidden' });
    document.body.dataset.scrollLocked = 'true';
    return () => {
      Object.assign(style, saved);
      delete document.body.dataset.scrollLocked;
      window.scrollTo(0, y);
    };
  }, [locked]);
}
