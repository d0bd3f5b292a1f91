import { useEffect, useState } from 'react';

/** Spec section 9: "Delayed-load hook fires after 1000 ms". */
export const DELAYED_LOAD_MS = 1000;

/** Name of the User Timing mark set when the hook fires (RUM tools and the e2e tests read it). */
export const DELAYED_LOAD_MARK = 'hrv:delayed-load';

/**
 * False until `ms` after the component mounted (after hydration), then true: work that must
 * not compete with the first render and hydration (third-party scripts) waits for it.
 */
export function useDelayedLoad(ms = DELAYED_LOAD_MS): boolean {
  const [fired, setFired] = useState(false);
  useEffect(() => {
    const t = window.setTimeout(() => {
      performance.mark?.(DELAYED_LOAD_MARK);
      setFired(true);
    }, ms);
    return () => window.clearTimeout(t);
  }, [ms]);
  return fired;
}
