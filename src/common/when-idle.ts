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
