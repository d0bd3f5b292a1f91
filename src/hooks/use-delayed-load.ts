import { useEffect, useState } from 'react';

/** Spec section 9: "Delayed-load hook fires after 1000 ms". */
export const DELAYED_LOAD_MS = 1000;

/**
 * How long the hook waits for an idle moment once the 1000 ms have passed, at most (issue 26):
 * on a busy phone the first idle period can be late; past this the hook fires anyway.
 */
export const DELAYED_LOAD_IDLE_TIMEOUT_MS = 4000;

/** Name of the User Timing mark set when the hook fires (RUM tools and the e2e tests read it). */
export const DELAYED_LOAD_MARK = 'hrv:delayed-load';

/**
 * False until `ms` after the component mounted (after hydration) and then the browser's next
 * idle period, then true: work that must not compete with the first render and hydration
 * (third-party scripts) waits for it. The spec's 1000 ms is a lower bound; the idle wait keeps
 * the hook out of a slow phone's load, where the timer alone fired in the middle of hydration's
 * tasks (issue 26). Without requestIdleCallback (Safari before 18) it fires on the timer.
 */
export function useDelayedLoad(ms = DELAYED_LOAD_MS): boolean {
  const [fired, setFired] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const fire = () => {
      performance.mark?.(DELAYED_LOAD_MARK);
      setFired(true);
    };
    const t = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(fire, { timeout: DELAYED_LOAD_IDLE_TIMEOUT_MS });
      else fire();
    }, ms);
    return () => {
      window.clearTimeout(t);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [ms]);
  return fired;
}
