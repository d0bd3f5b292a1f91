/**
 * Runs fn in the browser's next idle period, at the latest after `timeout` ms (issue 26: work
 * that is no part of showing the page waits until the load's tasks are done); a short timer
 * where there is no requestIdleCallback (Safari before 18). Returns a cancel function.
 */
export function whenIdle(fn: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const t = window.setTimeout(fn, 200);
  return () => window.clearTimeout(t);
}

/**
 * Runs fn in the first idle period after the page's load event (at the latest `timeout` ms
 * after it): for a chunk a first tap may need (the video player, the photo viewer), brought in
 * once what the page needs to show has loaded, before the shopper asks for it.
 */
export function afterLoadWhenIdle(fn: () => void, timeout = 2_000): void {
  const idle = () => void whenIdle(fn, timeout);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
