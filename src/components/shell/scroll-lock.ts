/**
 * Locks page scrolling (spec section 2: the mobile menu locks the page; the search sheet and the
 * photo viewer too) and returns the function that ends the lock. The body is fixed at the
 * current offset (iOS ignores overflow alone) and the scroll position is restored at the end
 * (called once: the hook's cleanup, the viewer's teardown).
 * Plain DOM: the photo viewer, plain script before React hydrates, uses it as the hook does.
 */
export function lockScroll(): () => void {
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
}
