// Boot on engagement (issue 26, docs/architecture.md "Boot on engagement"). A page of the site
// is complete as the server wrote it: a shopper reads it, follows its links and sees its
// pictures without React. What needs React sits behind an interaction: the gallery's swipe,
// like, share, the menus, replies, the download bar's close button. So the site's browser entry
// (./entry.ts) runs Gatsby's runtime, which fetches the page's data and hydrates, only once the
// shopper first engages with the page: a touch, a pointer over it, a key, a scroll or a wheel.
// It goes on at once when the page must change to show what it should (bootAtOnceReason). A
// tap on a button, or a submit, made while the page waits is held and done again once React
// has hydrated, so nothing asked for is lost; links are followed at once, as on a static page.
import { PATH_PREFIX } from '../paths';

/** Events that end the wait: the first signs of a shopper engaging with the page. */
export const ENGAGEMENT_EVENTS = [
  'pointerdown',
  'touchstart',
  'mouseover',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
] as const;

/**
 * Past this many milliseconds after the boot started, a held tap or submit goes back to the
 * browser even if React has not hydrated (a chunk that failed to load): a held link is then
 * followed as a plain link.
 */
export const HELD_ACTION_TIMEOUT_MS = 10_000;

/** The session store's localStorage prefix (src/storefront/storage.ts, not imported: it would bring the store into the entry chunk). */
const STORAGE_PREFIX = 'hrv:';

/** sessionStorage key of the download bar's dismissal (src/components/shell/DownloadBar.tsx). */
export const DOWNLOAD_BAR_DISMISSED_KEY = 'hrv:downloadBarDismissed';

/**
 * `data-boot` on <html>: "waiting" while the page waits for engagement, "started" once the
 * runtime goes on (browser tests engage a page only when it waits).
 */
export const BOOT_ATTRIBUTE = 'data-boot';

/**
 * Pages that boot at once, by Gatsby's page path: pages that are mostly behaviour (the sign-in
 * form), pages that show what their URL asks only once their script ran (the 404 page, the
 * template page of query ids, the product alias) and the service worker's app shell.
 */
const AT_ONCE_PAGES = /^\/(404|500|login|haul-detail|product|offline-plugin-app-shell-fallback)([/.]|$)/;

const trimSlashes = (s: string) => {
  let end = s.length;
  while (end > 1 && s.charCodeAt(end - 1) === 47) end--;
  return s.slice(0, end);
};

const storageHas = (get: () => Storage, ...keys: string[]) => {
  try {
    const s = get();
    return keys.every((k) => !!s.getItem(k));
  } catch {
    return false;
  }
};

/**
 * Why the page must not wait, or null when it may. At once when: the page is one of
 * AT_ONCE_PAGES; it is served at a URL other than its own (the 404 page at an unbuilt review's
 * URL, a client-only route); the URL has a query (query ids, UTM parameters the session keeps);
 * a shopper is signed in (the header and likes show their state); the download bar was
 * dismissed in this session (it must not show again); or the shopper already engaged before
 * the runtime loaded (scrolled, focused something, or a first input is on record).
 */
export function bootAtOnceReason(w: Window & { pagePath?: string }): string | null {
  const page = w.pagePath;
  if (typeof page !== 'string') return 'no page path';
  if (AT_ONCE_PAGES.test(page)) return 'page';
  if (trimSlashes(w.location.pathname) !== trimSlashes(PATH_PREFIX + page)) return 'other URL';
  if (w.location.search) return 'query';
  if (storageHas(() => w.localStorage, `${STORAGE_PREFIX}userId`, `${STORAGE_PREFIX}userKey`)) return 'signed in';
  if (storageHas(() => w.sessionStorage, DOWNLOAD_BAR_DISMISSED_KEY)) return 'bar dismissed';
  if (w.scrollY > 0) return 'scrolled';
  const active = w.document.activeElement;
  if (active && active !== w.document.body && active !== w.document.documentElement) return 'focus';
  const types = (w as { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver?.supportedEntryTypes;
  if (types?.includes('first-input') && w.performance.getEntriesByType('first-input').length > 0) return 'input';
  return null;
}

// What the shopper did while the page waited, for the parts that start on their own engagement
// (the gallery: src/components/gallery/use-swiper.ts) to pick up once hydrated: the elements
// engaged (a few, the latest last) and the last horizontal swipe.
const early: Element[] = [];
const EARLY_MAX = 8;
let touchFrom: { x: number; y: number } | null = null;
let swipe: { target: Element; dir: -1 | 1 } | null = null;
/** Ends the wait (set while the page waits, called once by the first engagement). */
let endWait: (() => void) | null = null;

/**
 * A finger moved from `from` to `to`: -1 leftwards, 1 rightwards, 0 no horizontal swipe (more
 * than 30 px, and more across than down). The gallery's own rule too (Gallery.tsx).
 */
export function horizontalSwipe(from: { x: number; y: number }, to: { x: number; y: number }): -1 | 0 | 1 {
  const dx = to.x - from.x;
  if (Math.abs(dx) <= 30 || Math.abs(dx) <= Math.abs(to.y - from.y)) return 0;
  return dx < 0 ? -1 : 1;
}

function onEngage(e: Event) {
  if (endWait) {
    const end = endWait;
    endWait = null;
    end();
  }
  if (!holding || !(e.target instanceof Element)) return;
  if (early.length === EARLY_MAX) early.shift();
  early.push(e.target);
  if (e.type === 'touchstart') {
    const t = (e as TouchEvent).touches[0];
    touchFrom = t ? { x: t.clientX, y: t.clientY } : null;
  }
}

function onTouchEnd(e: TouchEvent) {
  const t = e.changedTouches[0];
  const from = touchFrom;
  touchFrom = null;
  if (!holding || !from || !t || !(e.target instanceof Element)) return;
  const dir = horizontalSwipe(from, { x: t.clientX, y: t.clientY });
  if (dir) swipe = { target: e.target, dir };
}

/** Whether the shopper engaged with `el` (touched, pointed at, focused it) before the page hydrated. */
export function engagedBefore(el: Element): boolean {
  return early.some((t) => el.contains(t));
}

/** A horizontal swipe made on `el` before the page hydrated: -1 leftwards, 1 rightwards, 0 none (taken once). */
export function takeEarlySwipe(el: Element): -1 | 0 | 1 {
  if (!swipe || !el.contains(swipe.target)) return 0;
  const { dir } = swipe;
  swipe = null;
  return dir;
}

let held: HTMLElement | null = null;
let heldForm: HTMLFormElement | null = null;
let holding = false;

// Buttons and the like do nothing without React: held. A link is followed by the browser at
// once (a static page), unless it also opens something (a top category's mega-menu on a touch
// tablet opens on the first tap: aria-expanded).
const HOLD_SELECTOR = 'a[href][aria-expanded],a[href][aria-haspopup],button,[role=button],summary,label';

function onClick(e: MouseEvent) {
  if (e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
  const target = e.target instanceof Element ? e.target.closest<HTMLElement>(HOLD_SELECTOR) : null;
  if (!target) return;
  e.preventDefault();
  e.stopPropagation();
  held = target;
  heldForm = null;
}

function onSubmit(e: SubmitEvent) {
  if (!(e.target instanceof HTMLFormElement)) return;
  e.preventDefault();
  e.stopPropagation();
  heldForm = e.target;
  held = null;
}

/** Ends holding and does again what the shopper asked while the page waited (at most one). */
export function releaseHeldActions() {
  if (!holding) return;
  holding = false;
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('submit', onSubmit, true);
  endWait = null;
  for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, onEngage, true);
  window.removeEventListener('touchend', onTouchEnd, true);
  const el = held;
  const form = heldForm;
  held = heldForm = null;
  if (el?.isConnected) el.click();
  if (form?.isConnected) {
    if (typeof form.requestSubmit === 'function') form.requestSubmit();
    else form.submit();
  }
}

let engaged: Promise<void> | null = null;

/**
 * Resolves when the runtime may go on: at once when bootAtOnceReason says so, otherwise at the
 * shopper's first engagement; meanwhile taps and submits are held (releaseHeldActions).
 */
export function whenEngaged(): Promise<void> {
  engaged ??= waitForEngagement();
  return engaged;
}

function waitForEngagement(): Promise<void> {
  const root = document.documentElement;
  if (bootAtOnceReason(window)) {
    root.setAttribute(BOOT_ATTRIBUTE, 'started');
    return Promise.resolve();
  }
  holding = true;
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  root.setAttribute(BOOT_ATTRIBUTE, 'waiting');
  const wait = new Promise<void>((resolve) => {
    endWait = () => {
      root.setAttribute(BOOT_ATTRIBUTE, 'started');
      window.setTimeout(releaseHeldActions, HELD_ACTION_TIMEOUT_MS);
      resolve();
    };
  });
  // One listener per event, kept until hydration: the first call ends the wait, every call
  // records what the shopper engaged with (onEngage).
  for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, onEngage, { capture: true, passive: true });
  window.addEventListener('touchend', onTouchEnd, { capture: true, passive: true });
  return wait;
}
