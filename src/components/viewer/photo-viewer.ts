// The full-screen photo viewer (issue 21 item 2), its own chunk, opened by ./viewer-start.ts:
// the full-size pictures at their real dimensions in a Swiper with the zoom module (pinch and
// double-tap on phones; wheel, double-click and the +/- buttons on desktop), a "3 / 9" counter,
// arrows and the keyboard's arrow keys. It is a modal dialog: focus starts on the close button
// and stays inside; Esc, the close button and the browser's back button close it (it adds a
// history entry, so "back" on a phone closes it instead of leaving the page). Plain DOM and
// Swiper's own build, no React: the same before React has hydrated and after (issue 40).
import Swiper from 'swiper';
import { Keyboard, Navigation, Zoom } from 'swiper/modules';
import { keepTabInside } from '../common/focus-trap';
import { lockScroll } from '../shell/scroll-lock';
import { OPENER } from './opener';

/** A picture of the gallery as the viewer shows it: its full-size file and its alt text. */
export interface ViewerPicture {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The pictures of the gallery `opener` is in, in order, and which one it is; null when it is
 * no picture of a gallery or one of them has no usable <img>.
 */
export function galleryPictures(opener: Element): { pictures: ViewerPicture[]; start: number } | null {
  const gallery = opener.closest('.gallery');
  if (!gallery) return null;
  const buttons = Array.from(gallery.querySelectorAll(OPENER));
  const start = buttons.indexOf(opener);
  const pictures: ViewerPicture[] = [];
  for (const b of buttons) {
    const img = b.querySelector('img');
    const url = img?.getAttribute('src');
    if (!img || !url) return null;
    // The attributes (the file's size), not the laid-out size of the slide's picture.
    const width = Number(img.getAttribute('width'));
    const height = Number(img.getAttribute('height'));
    pictures.push({ url, width, height, alt: img.alt });
  }
  return start < 0 ? null : { pictures, start };
}

const FOCUSABLE = 'button:not([disabled]), [href], video[controls], [tabindex]:not([tabindex="-1"])';
const MAX_ZOOM = 4;

type ViewerState = { photoViewer?: boolean } | null;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attrs: Record<string, string> = {}) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

/**
 * Makes `dialog` (the opening picture, ./viewer-start.ts) the viewer of the gallery `opener` is
 * in, at its picture. `closed` is called once it has gone, by whatever way it was closed (at
 * once for a gallery whose markup gives no pictures).
 */
export function showViewer(dialog: HTMLElement, opener: Element, closed: () => void) {
  const found = galleryPictures(opener);
  if (!found) {
    dialog.remove();
    closed();
    return;
  }
  const { pictures, start } = found;
  opener
    .closest('.gallery')
    ?.querySelectorAll('video')
    .forEach((v) => v.pause());
  const counter = el('p', 'viewer__counter', { 'aria-live': 'polite' });
  const count = (i: number) => (counter.textContent = `${i + 1} / ${pictures.length}`);
  count(start);
  const main = el('div', 'swiper viewer__swiper');
  const wrapper = el('div', 'swiper-wrapper');
  pictures.forEach((p, i) => {
    const img = el('img', '', {
      src: p.url,
      alt: `${p.alt}（第 ${i + 1} 张）`,
      width: String(p.width),
      height: String(p.height),
      loading: Math.abs(i - start) <= 1 ? 'eager' : 'lazy',
      decoding: 'async',
    });
    const zoom = el('div', 'swiper-zoom-container');
    zoom.append(img);
    const slide = el('div', 'swiper-slide');
    slide.append(zoom);
    wrapper.append(slide);
  });
  main.append(wrapper);
  const button = (className: string, label: string, text = '') => {
    const b = el('button', className, { type: 'button', 'aria-label': label });
    b.textContent = text;
    return b;
  };
  const zoomIn = button('viewer__zoom', '放大', '＋');
  const zoomOut = button('viewer__zoom', '缩小', '－');
  const close = button('viewer__close', '关闭', '×');
  const bar = el('div', 'viewer__bar');
  bar.append(zoomIn, zoomOut, close);
  const prev = button('swiper-button-prev viewer__nav', '上一张');
  const next = button('swiper-button-next viewer__nav', '下一张');
  dialog.classList.remove('viewer--opening');
  dialog.removeAttribute('aria-busy');
  dialog.replaceChildren(counter, main, bar, prev, next);

  const swiper = new Swiper(main, {
    modules: [Zoom, Keyboard, Navigation],
    initialSlide: start,
    slidesPerView: 1,
    spaceBetween: 16,
    zoom: { maxRatio: MAX_ZOOM, toggle: true },
    keyboard: { enabled: true, onlyInViewport: false },
    navigation: { prevEl: prev, nextEl: next },
    on: { slideChange: (sw) => count(sw.activeIndex) },
  });
  close.focus();
  const unlock = lockScroll();

  // A history entry of its own: back closes the viewer. Closing by any other way goes back over
  // that entry, and the popstate closes it.
  window.history.pushState({ ...((window.history.state ?? {}) as Record<string, unknown>), photoViewer: true }, '');
  let gone = false;
  const teardown = () => {
    if (gone) return;
    gone = true;
    window.removeEventListener('popstate', teardown);
    document.removeEventListener('keydown', onKey);
    main.removeEventListener('wheel', onWheel);
    swiper.destroy(true, false);
    dialog.remove();
    unlock();
    closed();
  };
  const leave = () => {
    if ((window.history.state as ViewerState)?.photoViewer) window.history.back();
    else teardown();
  };
  window.addEventListener('popstate', teardown);

  // On the document: Esc and the focus trap work wherever focus is.
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      leave();
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (f) => !f.classList.contains('swiper-button-disabled'),
    );
    keepTabInside(e, dialog, focusable);
  };
  document.addEventListener('keydown', onKey);

  // Wheel zoom on desktop (not passive: the page must not scroll under the viewer).
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const z = swiper.zoom;
    if (e.deltaY < 0) z.in(Math.min(MAX_ZOOM, (z.scale || 1) * 1.5));
    else if (e.deltaY > 0) {
      if (z.scale / 1.5 <= 1) z.out();
      else z.in(z.scale / 1.5);
    }
  };
  main.addEventListener('wheel', onWheel, { passive: false });

  zoomIn.addEventListener('click', () => swiper.zoom.in(Math.min(MAX_ZOOM, (swiper.zoom.scale || 1) * 2)));
  zoomOut.addEventListener('click', () => swiper.zoom.out());
  close.addEventListener('click', leave);
}
