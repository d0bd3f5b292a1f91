// When a HydrateLater section may hydrate (issue 26). One entry per section id, made the first
// time the section's gate (or the section's effect) asks in the browser: a promise that settles
// when the section's server markup is near the viewport once the browser has been idle (a
// section just under the first screen waits for the load to be done, not only one further
// down), or at once when the shopper points at, touches or focuses it.
import { whenIdle } from '../../common/when-idle';
import { HYDRATE_LATER_ATTR, ownedByReact } from './react-owned';

export { HYDRATE_LATER_ATTR };

/** Set once the app has navigated in the browser: later pages have no server markup to keep. */
let navigated = false;

/** Gatsby's onPreRouteUpdate calls this on every navigation after the first page. */
export function markNavigated(): void {
  navigated = true;
}

interface Gate {
  promise: Promise<void>;
  open: boolean;
  release(): void;
}

const gates = new Map<string, Gate>();

/**
 * Events that release a section when their target is inside it. Listened to on the document in
 * the capture phase, so they run before React's own listeners on the root: React stops a
 * discrete event aimed at markup it cannot hydrate yet, and tries to hydrate it synchronously;
 * released first, the section then hydrates in time for the event's handlers.
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'mousedown', 'focusin', 'mouseover', 'keydown'] as const;

/**
 * The section's server markup, while React does not own it yet (no fiber on the element): an
 * element of the same id that React rendered or hydrated (another tree at the same place, e.g.
 * the 404 page turning into a review) is no server markup to keep.
 */
function wrapperOf(id: string): HTMLElement | null {
  const el = document.querySelector<HTMLElement>(`[${HYDRATE_LATER_ATTR}="${id.replace(/["\\]/g, '\\$&')}"]`);
  return el && !ownedByReact(el) ? el : null;
}

function makeGate(el: HTMLElement, margin: string): Gate {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  let observer: IntersectionObserver | null = null;
  let cancelIdle = () => {};
  const onEvent = (e: Event) => {
    if (e.target instanceof Node && el.contains(e.target)) gate.release();
  };
  const gate: Gate = {
    promise,
    open: false,
    release() {
      if (gate.open) return;
      gate.open = true;
      cancelIdle();
      observer?.disconnect();
      for (const t of INTERACTIONS) document.removeEventListener(t, onEvent, true);
      resolve();
    },
  };
  for (const t of INTERACTIONS) document.addEventListener(t, onEvent, { capture: true, passive: true });
  cancelIdle = whenIdle(() => {
    if (gate.open) return;
    if (typeof IntersectionObserver !== 'function') return gate.release();
    // The wrapper is display: contents (no box of its own): its children are what shows.
    const boxes = Array.from(el.children);
    if (!boxes.length) return gate.release();
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && gate.release(), {
      rootMargin: margin,
    });
    boxes.forEach((b) => observer!.observe(b));
  });
  return gate;
}

/**
 * The promise a section's gate suspends on while its server markup waits, or null when it may
 * render now: on the server, after a navigation in the app (a fresh render, nothing to keep),
 * when the markup is not in the document, or once released.
 */
export function pendingHydration(id: string, margin: string): Promise<void> | null {
  if (typeof document === 'undefined' || navigated) return null;
  let gate = gates.get(id);
  if (!gate) {
    const el = wrapperOf(id);
    if (!el) return null;
    gate = makeGate(el, margin);
    gates.set(id, gate);
  }
  return gate.open ? null : gate.promise;
}
