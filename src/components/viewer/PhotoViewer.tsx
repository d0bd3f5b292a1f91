import * as React from 'react';
import { createPortal } from 'react-dom';
import type { Swiper as SwiperInstance } from 'swiper/types';
import type { GalleryItem } from '../../review/view';
import { keepTabInside } from '../common/focus-trap';
import { useScrollLock } from '../shell/use-scroll-lock';
import { Swiper, Keyboard, Navigation, Zoom } from './swiper-modules';

export interface PhotoViewerProps {
  items: GalleryItem[];
  /** Index of the picture that was opened. */
  start: number;
  alt: string;
  /** Called once the viewer is to go; the gallery unmounts it and gives focus back. */
  onClose: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], video[controls], [tabindex]:not([tabindex="-1"])';
const MAX_ZOOM = 4;

/**
 * The full-screen photo viewer (issue 21 item 2), its own chunk loaded by the first click on a
 * picture: the full-size pictures at their real dimensions in a Swiper with the zoom module
 * (pinch and double-tap on phones; wheel, double-click and the +/- buttons on desktop), a
 * "3 / 9" counter, arrows and the keyboard's arrow keys. It is a modal dialog: focus starts on
 * the close button and stays inside; Esc, the close button and the browser's back button close
 * it (it adds a history entry, so "back" on a phone closes it instead of leaving the page).
 */
export default function PhotoViewer({ items, start, alt, onClose }: PhotoViewerProps) {
  const root = React.useRef<HTMLDivElement>(null);
  const main = React.useRef<HTMLDivElement>(null);
  const closeButton = React.useRef<HTMLButtonElement>(null);
  const prev = React.useRef<HTMLButtonElement>(null);
  const next = React.useRef<HTMLButtonElement>(null);
  const swiper = React.useRef<SwiperInstance | null>(null);
  const [index, setIndex] = React.useState(start);
  const closing = React.useRef(false);
  useScrollLock(true);

  // A history entry of its own: back closes the viewer. Closing by any other way goes back
  // over that entry, and the popstate closes it.
  React.useEffect(() => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.pushState({ ...state, photoViewer: true }, '');
    const onPop = () => {
      closing.current = true;
      onClose();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Unmounted without a popstate (the page navigated away): drop the entry if it is on top.
      if (!closing.current && (window.history.state as { photoViewer?: boolean } | null)?.photoViewer)
        window.history.back();
    };
  }, [onClose]);

  React.useEffect(() => {
    if (!main.current) return;
    const s = new Swiper(main.current, {
      modules: [Zoom, Keyboard, Navigation],
      initialSlide: start,
      slidesPerView: 1,
      spaceBetween: 16,
      zoom: { maxRatio: MAX_ZOOM, toggle: true },
      keyboard: { enabled: true, onlyInViewport: false },
      navigation: { prevEl: prev.current, nextEl: next.current },
      on: { slideChange: (sw) => setIndex(sw.activeIndex) },
    });
    swiper.current = s;
    closeButton.current?.focus();
    return () => {
      swiper.current = null;
      s.destroy(true, false);
    };
  }, [start]);

  // Wheel zoom on desktop (not passive: the page must not scroll under the viewer).
  React.useEffect(() => {
    const el = main.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const z = swiper.current?.zoom;
      if (!z) return;
      if (e.deltaY < 0) z.in(Math.min(MAX_ZOOM, (z.scale || 1) * 1.5));
      else if (e.deltaY > 0) {
        if (z.scale / 1.5 <= 1) z.out();
        else z.in(z.scale / 1.5);
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const close = React.useCallback(() => {
    if (closing.current) return;
    if ((window.history.state as { photoViewer?: boolean } | null)?.photoViewer) window.history.back();
    else {
      closing.current = true;
      onClose();
    }
  }, [onClose]);

  // On the document: Esc and the focus trap work wherever focus is.
  const onKeyDown = React.useCallback(
    (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        return;
      }
      if (e.key !== 'Tab' || !root.current) return;
      // Focus stays inside the dialog.
      const focusable = [...root.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => !el.classList.contains('swiper-button-disabled'),
      );
      keepTabInside(e, root.current, focusable);
    },
    [close],
  );
  React.useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onKeyDown]);

  const zoomIn = () => {
    const z = swiper.current?.zoom;
    if (z) z.in(Math.min(MAX_ZOOM, (z.scale || 1) * 2));
  };
  const zoomOut = () => swiper.current?.zoom.out();

  return createPortal(
    <div className="viewer" role="dialog" aria-modal="true" aria-label="查看大图" ref={root}>
      <p className="viewer__counter" aria-live="polite">
        {index + 1} / {items.length}
      </p>
      <div className="swiper viewer__swiper" ref={main}>
        <div className="swiper-wrapper">
          {items.map((it, i) => (
            <div className="swiper-slide" key={it.id}>
              <div className="swiper-zoom-container">
                <img
                  src={it.full.url}
                  alt={`${alt}（第 ${i + 1} 张）`}
                  width={it.full.width}
                  height={it.full.height}
                  loading={Math.abs(i - start) <= 1 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="viewer__bar">
        <button type="button" className="viewer__zoom" aria-label="放大" onClick={zoomIn}>
          ＋
        </button>
        <button type="button" className="viewer__zoom" aria-label="缩小" onClick={zoomOut}>
          －
        </button>
        <button ref={closeButton} type="button" className="viewer__close" aria-label="关闭" onClick={close}>
          ×
        </button>
      </div>
      <button ref={prev} type="button" className="swiper-button-prev viewer__nav" aria-label="上一张" />
      <button ref={next} type="button" className="swiper-button-next viewer__nav" aria-label="下一张" />
    </div>,
    document.body,
  );
}
