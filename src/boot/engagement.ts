// When a page's runtime starts, and what the shopper did before React hydrated (issue 40,
// docs/architecture.md "Boot"). A page is complete as the server wrote it: a shopper reads it,
// follows its links and sees its pictures without React. The site's browser entry (./entry.ts)
// runs Gatsby's runtime, which fetches the page's data and hydrates, at the shopper's first
// press, touch, key, focus or pointer over the page, or at once where the page must change to
// show what it should (bootAtOnceReason). A reader who never touches the page gets its service
// worker, prefetch, stored session and share card from plain script (./reader-runtime.ts).
//
// From the first script until React has hydrated, what the shopper asks of the page is held,
// shown as taken at once (`data-held` on the control: pressed, in global.css) and done again
// once React has hydrated, every action once and in order: taps and clicks (with the pointer
// type of their press: a tablet's tap on a top category opens its mega-menu) and submits of
// forms without an action; the element under the mouse gets its hover. What works without
// script is left to the browser: plain links, the browser's own controls, forms with an action
// and the gallery's strip, which the browser scrolls itself (a swipe); its arrows and
// thumbnails are done at once, here, by the few lines of ../components/gallery/strip.ts, a
// review's video plays at once (../components/gallery/video-start.ts), a picture opens the
// photo viewer (../components/viewer/viewer-start.ts), a tablet's top category its mega-menu
// (../components/shell/mega-start.ts, which opens it on a hover or focus too), a toggle in a
// group (a product hub's review filter: pressInGroup) is pressed while its tap is held, and so
// do the search sheet, a guest's 赞 (to sign in) and 分享 (the system share sheet): doneAtOnce.
import { goToSlide, whenScrolled } from '../components/gallery/strip';
import { startVideo } from '../components/gallery/video-start';
import { openViewer } from '../components/viewer/viewer-start';
import { HYDRATE_LATER_ATTR, ownedByReact } from '../components/common/react-owned';
import { PATH_PREFIX, loginPath } from '../paths';

/** Events that start the runtime before the browser is idle: the shopper is about to ask something. */
export const ENGAGEMENT_EVENTS = ['pointerdown', 'touchstart', 'mouseover', 'keydown', 'focusin'] as const;

/** The end of a press or touch that engaged: the runtime starts after it (whenToBoot). */
const GESTURE_END = ['pointerup', 'pointercancel', 'touchend', 'touchcancel', 'click'] as const;

/** The session store's localStorage prefix (src/storefront/storage.ts, not imported: it would bring the store into the entry chunk). */
const STORAGE_PREFIX = 'hrv:';

/** sessionStorage key of the download bar's dismissal (src/components/shell/DownloadBar.tsx). */
export const DOWNLOAD_BAR_DISMISSED_KEY = 'hrv:downloadBarDismissed';

/** `data-boot` on <html>: "waiting" until the runtime starts, then "started". */
export const BOOT_ATTRIBUTE = 'data-boot';

/** `data-held` on a control whose tap is held until React has hydrated (its pressed state). */
export const HELD_ATTRIBUTE = 'data-held';

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

/** A shopper's sign-in as the session store keeps it (src/storefront/storage.ts). */
const signedIn = (w: Window) => storageHas(() => w.localStorage, `${STORAGE_PREFIX}userId`, `${STORAGE_PREFIX}userKey`);

/**
 * Why the page must not wait for the browser to be idle, or null when it may. At once when:
 * the page is one of AT_ONCE_PAGES; it is served at a URL other than its own (the 404 page at
 * an unbuilt review's URL, a client-only route); the URL has a query (query ids, UTM
 * parameters the session keeps); a shopper is signed in (the header and likes show their
 * state); or the download bar was dismissed in this session (it must not show again).
 */
export function bootAtOnceReason(w: Window & { pagePath?: string }): string | null {
  const page = w.pagePath;
  if (typeof page !== 'string') return 'no page path';
  if (AT_ONCE_PAGES.test(page)) return 'page';
  if (trimSlashes(w.location.pathname) !== trimSlashes(PATH_PREFIX + page)) return 'other URL';
  if (w.location.search) return 'query';
  if (signedIn(w)) return 'signed in';
  if (storageHas(() => w.sessionStorage, DOWNLOAD_BAR_DISMISSED_KEY)) return 'bar dismissed';
  return null;
}

type Held = { kind: 'click'; target: Element; pointerType: string } | { kind: 'submit'; form: HTMLFormElement };

/** At most this many actions are held (the oldest go first). */
const HELD_MAX = 16;
const held: Held[] = [];
let holding = false;
let pointerType = '';

/**
 * What works without script, so a click on it is not held: a link the browser follows (one that
 * acts as a button with script, a gallery thumbnail, is held; a tablet's tap on a top category
 * opens its mega-menu instead, ../components/shell/mega-start.ts), the browser's own controls
 * and the submit button of a form with an action (the search box: the browser submits it).
 */
const NATIVE =
  'a[href]:not([aria-haspopup]):not([role=button]),summary,label,input,select,textarea,form[action] [type=submit]';
/** What shows the pressed state of a held tap. */
const CONTROL = 'a[href],button,[role=button]';

/** How far a finger may move between down and up and still tap (a browser's touch slop is about this). */
const TAP_SLOP_PX = 15;
/** The touch under way, where it went down, and whether its end opened a dialog (its ghosts follow). */
let touch: { x: number; y: number; ghost: boolean } | null = null;

/** A mouse event the browser made of a touch whose end was done already: cancelled, true. */
function ghostOfTouch(e: Event): boolean {
  if (!touch || !touch.ghost) return false;
  e.preventDefault();
  return true;
}

const hold = (action: Held) => {
  if (held.length === HELD_MAX) held.shift();
  held.push(action);
};

// Until React has hydrated, these events stop at the document (capture): React never sees the
// part of them it could not act on, so nothing is done twice; the held ones are done again.
const listeners: Record<string, (e: Event) => void> = {
  pointerdown: (e) => {
    pointerType = (e as PointerEvent).pointerType;
    touch = null;
  },
  pointerup: () => undefined,
  // The browser took the touch over (a scroll, a swipe on the gallery): no tap. Stopped here as
  // the rest of a tap below: React takes it, too, as a reason to finish hydrating in its task.
  pointercancel: () => {
    touch = null;
  },
  touchcancel: () => {
    touch = null;
  },
  // The rest of a tap: React (hydrating) takes a discrete event on markup it has not hydrated yet
  // as a reason to finish hydrating at once, in the event's task (a task of 120-160 ms at 4x CPU
  // in the bench, which the tap's own click and frame then wait for). Stopped here, hydration
  // goes on in its slices and the tap's click is held and done as any other.
  touchstart: (event) => {
    const t = (event as TouchEvent).touches;
    touch = t.length === 1 ? { x: t[0].clientX, y: t[0].clientY, ghost: false } : null;
  },
  // A finger lifted, where it went down, from a control that opens a dialog (the search sheet)
  // opens it at once, a step before the click the browser makes of the touch (which waits for
  // the gesture's recognition and tasks of its own). That click, and the mouse events before it,
  // would land on the dialog now in the control's place (its close button, or a mousedown that
  // takes the focus from its field): they are the touch's ghosts, and go nowhere (below). The
  // listener stays passive, so the browser never waits for it to make the click of other taps.
  touchend: (event) => {
    const e = event as TouchEvent;
    const end = e.changedTouches[0];
    const down = touch;
    if (!down || e.touches.length > 0 || !end || !(e.target instanceof Element)) return;
    if (Math.abs(end.clientX - down.x) > TAP_SLOP_PX || Math.abs(end.clientY - down.y) > TAP_SLOP_PX) return;
    if (openDialog(e.target)) down.ghost = true;
  },
  mousedown: ghostOfTouch,
  mouseup: ghostOfTouch,
  click: (event) => {
    if (ghostOfTouch(event)) {
      touch = null;
      return;
    }
    const e = event as MouseEvent;
    const target = e.target;
    if (e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    if (!(target instanceof Element) || target.closest(NATIVE)) return;
    e.preventDefault();
    if (goToSlide(target) !== null) return; // the gallery's arrows and thumbnails, done now
    if (startVideo(target)) return; // a review's video plays now (its own small chunk)
    if (openViewer(target)) return; // a picture full-screen now, the viewer with its chunk
    if (doneAtOnce(target)) return;
    pressInGroup(target);
    const control = target.closest(CONTROL);
    if (control) control.setAttribute(HELD_ATTRIBUTE, '');
    hold({ kind: 'click', target, pointerType: e.detail ? pointerType : '' });
  },
  submit: (e) => {
    // A form with an action works without script (a search box); one without is React's.
    if (!(e.target instanceof HTMLFormElement) || e.target.hasAttribute('action')) return;
    e.preventDefault();
    hold({ kind: 'submit', form: e.target });
  },
};

/**
 * What a tap before hydration does at once, without React, because the markup says all it
 * needs (issue 40: the result, not only the pressed state, as soon as the tap):
 * - a control with `data-opens` shows the hidden dialog of that id with focus in its field
 *   (the search sheet, SearchBox, which React takes over as it finds it; the page's scroll is
 *   held by CSS meanwhile, search.css); a touch opens it as the finger lifts, and its click
 *   goes nowhere;
 * - a guest's tap on a control for the signed-in (`data-guest-signin`: 赞) goes to sign in and
 *   back, as LikeButton does (a signed-in shopper's page boots at once, bootAtOnceReason, so
 *   their like is React's);
 * - 分享 opens the system share sheet where the browser has one, from the button's
 *   `data-share-*` (ShareButton), in the tap's own gesture, which the sheet needs. A share that
 *   fails otherwise than by being cancelled is handed to React as ShareButton's own failure
 *   is: its copy panel.
 */
function doneAtOnce(target: Element): boolean {
  if (openDialog(target)) return true;
  if (target.closest('[data-guest-signin]') && !signedIn(window)) {
    window.location.assign(PATH_PREFIX + loginPath(window.location.pathname + window.location.search));
    return true;
  }
  const share = target.closest<HTMLElement>('[data-share-url]');
  const nav = navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
  if (!share || typeof nav.share !== 'function') return false;
  const { shareUrl: url, shareTitle: title, shareText: text } = share.dataset;
  nav.share({ url, title, text }).catch((err: unknown) => {
    if (Object(err).name === 'AbortError') return;
    if (holding) hold({ kind: 'click', target: share, pointerType: '' });
    else share.click();
  });
  return true;
}

/**
 * A held tap on a toggle in a group (`[role=group] > [aria-pressed]`: a product hub's
 * review filter or sort) presses it at once and lets go of the group's others, as the component
 * renders the state the replayed tap then sets (hydration keeps the attribute as it finds it).
 * A hub's reviews of that filter are asked for at the tap too, and shown when they come
 * (../components/listing/review-filter-early.ts, brought in at the tap if not yet there).
 */
function pressInGroup(target: Element) {
  const button = target.closest('[role=group]>[aria-pressed]');
  // Written without optional chaining: Gatsby's Babel preset expands it, and this is every page's first load.
  if (!button) return;
  for (const b of button.parentElement!.querySelectorAll(':scope>[aria-pressed]'))
    b.setAttribute('aria-pressed', String(b === button));
  // Its script now, if the reader's runtime has not brought it yet (the load not yet over).
  import('../components/listing/review-filter-early').then((m) => m.askOnHubTaps(), Boolean);
}

/** Shows the hidden dialog a `data-opens` control names, focus in its field; false for no such control. */
function openDialog(target: Element): boolean {
  const opener = target.closest<HTMLElement>('[data-opens]');
  const dialog = opener && document.getElementById(opener.dataset.opens || '');
  if (!opener || !dialog) return false;
  dialog.hidden = false;
  opener.setAttribute('aria-expanded', 'true');
  const field = dialog.querySelector<HTMLElement>('input:not([type=hidden])');
  if (field) field.focus();
  return true;
}

function stopAndRecord(e: Event) {
  e.stopPropagation();
  listeners[e.type](e);
}

/** Holds what the shopper asks until releaseHeldActions (called by the entry, first thing). */
export function holdActions() {
  if (holding) return;
  holding = true;
  for (const type of Object.keys(listeners))
    document.addEventListener(type, stopAndRecord, { capture: true, passive: type.startsWith('touch') });
}

function replay(a: Held) {
  if (a.kind === 'submit') {
    if (a.form.isConnected) a.form.requestSubmit();
    return;
  }
  const el = a.target;
  const control = el.closest(`[${HELD_ATTRIBUTE}]`);
  if (control) control.removeAttribute(HELD_ATTRIBUTE);
  if (!el.isConnected) return;
  if (a.pointerType)
    for (const type of ['pointerdown', 'pointerup'])
      el.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerType: a.pointerType }));
  if (el instanceof HTMLElement) el.click();
  else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
}

/** A touch's ghosts that come once React has hydrated go nowhere either, up to the next press. */
function swallowGhosts() {
  const types = ['pointerdown', 'mousedown', 'mouseup', 'click'];
  const off = () => types.forEach((t) => document.removeEventListener(t, swallow, true));
  const swallow = (e: Event) => {
    if (e.type === 'pointerdown') return off();
    e.preventDefault();
    e.stopPropagation();
    if (e.type === 'click') off();
  };
  types.forEach((t) => document.addEventListener(t, swallow, true));
}

/**
 * Ends holding and does what the shopper asked meanwhile: once React has hydrated the page
 * (gatsby-browser.tsx), or when the runtime failed to load (the browser then does it: a held
 * disclosure link is followed).
 */
export function releaseHeldActions() {
  if (!holding) return;
  holding = false;
  for (const type of Object.keys(listeners)) document.removeEventListener(type, stopAndRecord, true);
  if (touch && touch.ghost) swallowGhosts();
  const hovered = document.querySelectorAll(':hover');
  if (hovered.length) hovered[hovered.length - 1].dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  void (async () => {
    for (const a of held.splice(0)) {
      if (a.kind === 'click') await whenReactOwns(a.target);
      replay(a);
    }
  })();
}

/**
 * Resolves once React has hydrated `el`: at once for most of the page, which hydrates with it;
 * a section that hydrates later (below the fold, issue 26) is asked to hydrate now, by a focus
 * in it (its gate opens on one), and the tap waits for it, still shown as taken. A click on
 * markup React has not hydrated would be lost (React drops it). The fiber is on the element
 * from the render phase of its hydration, before the commit; a click in between is not lost:
 * React 18.3 finds the boundary still dehydrated (findInstanceBlockingEvent reads the current
 * fiber's state) and hydrates it synchronously before the click's handlers run. A tap is lost
 * when the section is drawn afresh instead (`el` then leaves the document): an update must not
 * reach a section before it hydrates (HydrateLater's memoised boundary; the buy box's).
 */
function whenReactOwns(el: Element): Promise<void> {
  if (!el.isConnected || !el.closest(`[${HYDRATE_LATER_ATTR}]`) || ownedByReact(el)) return Promise.resolve();
  el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  return new Promise((resolve) => {
    const check = () => (ownedByReact(el) || !el.isConnected ? resolve() : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
}

let boot: Promise<void> | null = null;

/**
 * Resolves when the runtime may start: at once when bootAtOnceReason says so, else at the
 * shopper's first engagement. A reader who never engages never needs it: the page, its first taps
 * (doneAtOnce) and the spec's runtime for such a reader (./reader-runtime.ts) are plain script.
 */
export function whenToBoot(): Promise<void> {
  if (!boot)
    boot = new Promise<void>((resolve) => {
      const root = document.documentElement;
      const start = () => {
        if (root.getAttribute(BOOT_ATTRIBUTE) === 'started') return;
        root.setAttribute(BOOT_ATTRIBUTE, 'started');
        for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, engaged, true);
        resolve();
      };
      // The runtime's first task is long (React and Gatsby's runtime evaluated): started within
      // a gesture, it would hold the gesture's own end and click, and the pressed state or the
      // navigation they show. So it starts once the finger or button is up, after the next frame
      // has shown what the tap did.
      let asked = false;
      const afterNextFrame = () => {
        if (asked) return;
        asked = true;
        window.requestAnimationFrame(() => window.setTimeout(start, 0));
      };
      function engaged(e: Event) {
        // A hub's filter and sort draw their list without React (review-filter-early.ts).
        if (e.target instanceof Element && e.target.closest('.previews [aria-pressed]')) return;
        if (e.type !== 'pointerdown' && e.type !== 'touchstart') return afterNextFrame();
        // A swipe on a gallery's strip: once the strip is at rest (the browser's scroll starts
        // with the gesture's pointercancel, and the runtime's long first tasks held its frames).
        const strip = e.target instanceof Element && e.target.closest<HTMLElement>('.gallery__track');
        const end = strip ? () => whenScrolled(strip, afterNextFrame) : afterNextFrame;
        for (const type of GESTURE_END)
          window.addEventListener(type, end, { capture: true, once: true, passive: true });
      }
      if (bootAtOnceReason(window)) return start();
      root.setAttribute(BOOT_ATTRIBUTE, 'waiting');
      for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, engaged, { capture: true, passive: true });
    });
  return boot;
}
