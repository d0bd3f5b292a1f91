// The review gallery's strip (issue 40): a horizontal scroll-snap list the browser itself
// scrolls, so a swipe moves it in the frame it is made, with or without script, before and after
// React hydrates. Its arrows and thumbnails name where they go (`data-go`: "next", "prev" or a
// slide's index) and this scrolls there; the page's boot calls it for a tap made before React
// has hydrated (src/boot/engagement.ts), Gallery.tsx after. Plain DOM, no React: it is part of
// the entry chunk.

/** The strip (the scroll container) of the gallery an element is in. */
const trackOf = (el: Element) => el.closest('.gallery')?.querySelector<HTMLElement>('.gallery__track') ?? null;

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
  cancelAnimationFrame(gliding.get(track) ?? 0);
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
    cancelAnimationFrame(gliding.get(track) ?? 0);
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
  const to = slideFor(go.getAttribute('data-go') ?? '', from, track.children.length);
  if (to === null) return null;
  track.dataset.to = String(to);
  glide(track, to * track.clientWidth, () => {
    if (track.dataset.to === String(to)) delete track.dataset.to;
  });
  return to;
}
