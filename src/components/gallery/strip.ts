// The review gallery's strip (issue 40): a horizontal scroll-snap list the browser itself
// scrolls, so a swipe moves it in the frame it is made, with or without script, before and after
// React hydrates. Its arrows and thumbnails name where they go (`data-go`: "next", "prev" or a
// slide's index) and this scrolls there; the page's boot calls it for a tap made before React
// has hydrated (src/boot/engagement.ts), Gallery.tsx after. Plain DOM, no React: it is part of
// the entry chunk.

/** The strip (the scroll container) of the gallery an element is in. */
const trackOf = (el: Element) => {
  const gallery = el.closest('.gallery');
  return gallery && gallery.querySelector<HTMLElement>('.gallery__track');
};

/** The slide the strip shows (the one most in view). */
export function shownSlide(track: HTMLElement): number {
  return Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
}

/**
 * Where a tap on `data-go` leads from slide `from` among `count` (clamped), or null for a value
 * that is not one.
 */
export function slideFor(go: string, from: number, count: number): number | null {
  const to = go === 'next' ? from + 1 : go === 'prev' ? from - 1 : /^\d{1,3}$/.test(go) ? Number(go) : NaN;
  return Number.isFinite(to) && count > 0 ? Math.max(0, Math.min(count - 1, to)) : null;
}

/** How long the strip glides to a slide an arrow or a thumbnail names. */
const GLIDE_MS = 260;
const FRAME_MS = 16;
const gliding = new WeakMap<HTMLElement, number>();

/**
 * Moves the strip to `left`: at once for a reader who asked for less motion, else a glide that
 * starts fast (ease-out), so the first frame after the tap already shows the strip moving (the
 * browser's own smooth scroll eases in: its first frames barely move). Snapping is off while it
 * glides (each step would snap back), and on again at the end.
 */
function glide(track: HTMLElement, left: number, done: () => void) {
  cancelAnimationFrame(gliding.get(track) || 0);
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const from = track.scrollLeft;
  // Timed from the frame before the first one: that first frame already shows it moving (a
  // frame's time can be earlier than the tap's handler, which would start it at 0).
  let start = -1;
  track.style.scrollSnapType = 'none';
  // The end, or a finger or a wheel on the strip, which takes over from the glide. The finger is
  // heard on the document: before hydration a touch goes no further (src/boot/engagement.ts).
  const touched = (e: Event) => {
    if (e.target instanceof Node && track.contains(e.target)) stop();
  };
  const stop = () => {
    cancelAnimationFrame(gliding.get(track) || 0);
    gliding.delete(track);
    document.removeEventListener('touchstart', touched, true);
    track.removeEventListener('wheel', stop);
    track.style.scrollSnapType = '';
    done();
  };
  document.addEventListener('touchstart', touched, { capture: true, passive: true });
  track.addEventListener('wheel', stop, { once: true, passive: true });
  const step = (now: number) => {
    if (start < 0) start = now - FRAME_MS;
    const t = reduced ? 1 : Math.min(1, (now - start) / GLIDE_MS);
    track.scrollLeft = from + (left - from) * (1 - (1 - t) ** 3);
    if (t < 1) gliding.set(track, requestAnimationFrame(step));
    else stop();
  };
  gliding.set(track, requestAnimationFrame(step));
}

/** How far a finger must move across the strip for a swipe (less is a tap, or a wobble). */
export const SWIPE_MIN_PX = 24;
/** A swipe this quick goes to the next slide however short (a flick), as Swiper's short swipes do. */
export const QUICK_SWIPE_MS = 300;

/**
 * Where a swipe leads from slide `from` among `count`: one slide in the finger's direction for a
 * flick (`ms` at most QUICK_SWIPE_MS) or a drag past half the strip's `width`, across more than
 * along (`dx`, `dy`: where the finger lifted less where it went down); null for anything else
 * (a tap, a page scroll, a drag let go before half way: the strip goes back).
 */
export function slideForSwipe(
  swipe: { dx: number; dy: number; ms: number },
  from: number,
  count: number,
  width: number,
): number | null {
  const { dx, dy, ms } = swipe;
  const across = Math.abs(dx);
  if (!(across >= SWIPE_MIN_PX) || across <= Math.abs(dy) || !(width > 0)) return null;
  if (!(ms <= QUICK_SWIPE_MS) && across < width / 2) return null;
  const to = Math.max(0, Math.min(count - 1, from + (dx < 0 ? 1 : -1)));
  return to === from ? null : to;
}

/** How long a strip the browser scrolled must stay still to be at rest where it has no `scrollend`. */
const STILL_MS = 500;

/**
 * Calls `done` once the browser has finished scrolling `track` (its momentum and snap too): at
 * its `scrollend`, or where there is none after STILL_MS without a move.
 */
export function whenScrolled(track: HTMLElement, done: () => void) {
  let last = track.scrollLeft;
  let stillSince = -1;
  let ended = false;
  const onEnd = () => (ended = true);
  track.addEventListener('scrollend', onEnd, { once: true, passive: true });
  const frame = (now: number) => {
    if (stillSince < 0 || track.scrollLeft !== last) [last, stillSince] = [track.scrollLeft, now];
    if (!ended && now - stillSince < STILL_MS) return void requestAnimationFrame(frame);
    track.removeEventListener('scrollend', onEnd);
    done();
  };
  requestAnimationFrame(frame);
}

/**
 * Makes every swipe on a gallery's strip end on the slide it leads to (slideForSwipe), whatever
 * became of its moves. The browser scrolls the strip itself as the finger moves, and where it
 * comes to rest depends on the moves it saw: while the page's main thread is busy (a page that
 * boots, a slow phone) the compositor waits for the touch's action from it, and the last moves of
 * a quick swipe could be lost, the strip stopping short of half way and going back (issue 40:
 * 1 swipe in 5 at 1 s after first paint in the bench, and a CI run beside two CPU hogs). The
 * touch events themselves all reach the page, late but with their own time: where the finger
 * went down and where it lifted say what was meant.
 *
 * A swipe the browser took over (its `pointercancel`) is left to it until its scroll has ended,
 * momentum and snap too: a strip moved meanwhile would be carried on by the browser's own
 * momentum, a slide too far. Then, only if it did not come to rest there, the strip glides on.
 * A swipe the browser did not scroll at all glides at once. Meanwhile the strip's `data-to` says
 * where it is going, as for an arrow (goToSlide). Passive listeners on the document, from the
 * page's first script (src/boot/entry.ts), before and after hydration alike.
 */
export function followSwipes(doc: Document) {
  let down: { track: HTMLElement; x: number; y: number; at: number; from: number; taken: boolean } | null = null;
  /** The swipe whose end waits for the browser's scroll. */
  let waiting: { track: HTMLElement; to: string } | null = null;
  const opts = { capture: true, passive: true } as const;
  doc.addEventListener(
    'touchstart',
    (event) => {
      const e = event as TouchEvent;
      const t = e.touches;
      const track =
        t.length === 1 && e.target instanceof Element ? e.target.closest<HTMLElement>('.gallery__track') : null;
      // A new touch on the strip takes over from a swipe still waiting; a touch elsewhere does not.
      if (track && waiting && waiting.track === track) {
        if (track.dataset.to === waiting.to) delete track.dataset.to;
        waiting = null;
      }
      down = track
        ? { track, x: t[0].clientX, y: t[0].clientY, at: e.timeStamp, from: shownSlide(track), taken: false }
        : null;
    },
    opts,
  );
  doc.addEventListener(
    'pointercancel',
    (e) => {
      if (down && (e as PointerEvent).pointerType === 'touch') down.taken = true;
    },
    opts,
  );
  doc.addEventListener('touchcancel', () => (down = null), opts);
  doc.addEventListener(
    'touchend',
    (event) => {
      const e = event as TouchEvent;
      const start = down;
      const end = e.changedTouches[0];
      if (e.touches.length > 0) return;
      down = null;
      if (!start || !end || !start.track.isConnected) return;
      const { track } = start;
      const to = slideForSwipe(
        { dx: end.clientX - start.x, dy: end.clientY - start.y, ms: e.timeStamp - start.at },
        start.from,
        track.children.length,
        track.clientWidth,
      );
      if (to === null) return;
      if (!start.taken) return void moveTo(track, to);
      const mine = { track, to: String(to) };
      waiting = mine;
      track.dataset.to = mine.to;
      whenScrolled(track, () => {
        if (waiting !== mine) return;
        waiting = null;
        if (track.dataset.to !== mine.to) return; // an arrow or a thumbnail took over
        if (Math.abs(track.scrollLeft - to * track.clientWidth) > 1) moveTo(track, to);
        else delete track.dataset.to;
      });
    },
    opts,
  );
}

/** Glides the strip to slide `to`; a tap meanwhile counts from there (goToSlide). */
function moveTo(track: HTMLElement, to: number) {
  track.dataset.to = String(to);
  glide(track, to * track.clientWidth, () => {
    if (track.dataset.to === String(to)) delete track.dataset.to;
  });
}

/**
 * Moves the strip of `control`'s gallery to the slide its `data-go` names, and returns that
 * slide (null when `control` is no such control). A tap while the strip is still on its way
 * counts from where it is going: two quick taps on 下一张 go two slides on.
 */
export function goToSlide(control: Element): number | null {
  const go = control.closest('[data-go]');
  const track = go && trackOf(go);
  if (!go || !track) return null;
  const pending = track.dataset.to;
  const from = pending !== undefined ? Number(pending) : shownSlide(track);
  const to = slideFor(go.getAttribute('data-go') || '', from, track.children.length);
  if (to === null) return null;
  moveTo(track, to);
  return to;
}
