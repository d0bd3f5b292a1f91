import * as React from 'react';
import type { GalleryItem } from '../../review/view';
import { Img } from '../common/Img';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { horizontalSwipe } from '../../boot/engagement';
import { useEngaged, useSwiper } from './use-swiper';

const THUMBS_VISIBLE = 5; // spec section 9

/** The anchor of a slide: a thumbnail links to it (the page has one gallery). */
const slideAnchor = (i: number) => `photo-${i + 1}`;

// Loaded on interaction only (issue 21): neither weighs on the page's first load.
const GalleryVideo = React.lazy(() => import('./GalleryVideo'));
const PhotoViewer = React.lazy(() => import('../viewer/PhotoViewer'));

/**
 * Full images with a thumbnail strip (5 visible) and prev/next arrows (spec section 2), as
 * Swiper markup rendered on the server and enhanced by Swiper after hydration. The items are
 * pictures, or video covers when the review has no pictures. A picture opens the full-screen
 * viewer; a video cover with a playable video plays it inline (issue 21 items 1 and 2).
 */
export function Gallery({ items, alt }: { items: GalleryItem[]; alt: string }) {
  const main = React.useRef<HTMLDivElement>(null);
  const strip = React.useRef<HTMLDivElement>(null);
  const prev = React.useRef<HTMLButtonElement>(null);
  const next = React.useRef<HTMLButtonElement>(null);
  const opener = React.useRef<HTMLElement | null>(null);
  const [playing, setPlaying] = React.useState<ReadonlySet<string>>(new Set());
  const [viewerAt, setViewerAt] = React.useState<number | null>(null);
  const [active, setActive] = React.useState(0);
  const section = React.useRef<HTMLElement>(null);
  const hasThumbs = items.length > 1;
  // Swiper starts when the shopper first points at, touches or focuses the gallery, not in the
  // page's load (issue 26); until then the server markup shows the first slide.
  const engaged = useEngaged(section);
  const thumbs = useSwiper(
    strip,
    () => (hasThumbs ? { slidesPerView: THUMBS_VISIBLE, spaceBetween: 8, watchSlidesProgress: true } : null),
    [items, hasThumbs],
    { engaged },
  );
  const carousel = useSwiper(
    main,
    (m) =>
      hasThumbs && !thumbs
        ? null
        : {
            modules: [m.Navigation, m.Thumbs],
            slidesPerView: 1,
            spaceBetween: 0,
            navigation: { prevEl: prev.current, nextEl: next.current },
            thumbs: { swiper: thumbs },
          },
    [items, thumbs],
    { engaged },
  );
  // What the shopper asked of the carousel before Swiper had started (the first touch, swipe or
  // click is what starts it): done once it has.
  const pending = React.useRef<((s: SwiperInstance) => void) | null>(null);
  const touchFrom = React.useRef<{ x: number; y: number } | null>(null);
  // Swiper keeps its instance on the element (`el.swiper`) from the moment it starts.
  const live = () => (main.current as (HTMLElement & { swiper?: SwiperInstance }) | null)?.swiper ?? null;
  const started = () => live() !== null;
  const ask = (move: (s: SwiperInstance) => void) => {
    const now = live();
    if (now) move(now);
    else pending.current = move;
  };
  React.useEffect(() => {
    if (!carousel || !pending.current) return;
    pending.current(carousel);
    pending.current = null;
    setActive(carousel.activeIndex); // moved before the live region's listener below was set
  }, [carousel]);
  const step = (by: 1 | -1) => () => {
    if (started()) return; // Swiper's own navigation handles it
    const before = pending.current;
    ask((s) => {
      before?.(s);
      if (by > 0) s.slideNext();
      else s.slidePrev();
    });
  };
  // A thumbnail is a link to its slide's anchor, which is what it does without script (the
  // no-script stylesheet makes the slides a scroll-snap strip: src/styles/no-script.ts). With
  // script the carousel moves instead, for a click or a key alike (Swiper's Thumbs module sees
  // pointer taps only).
  React.useEffect(() => {
    const el = strip.current;
    if (!el) return undefined;
    const onClick = (e: MouseEvent) => {
      const slide = e.target instanceof Element ? e.target.closest('.swiper-slide') : null;
      const i = slide?.parentElement ? Array.prototype.indexOf.call(slide.parentElement.children, slide) : -1;
      if (i < 0) return;
      e.preventDefault();
      ask((s) => s.slideTo(i));
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
    // started and ask read refs only: the listener is set once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onTouchStart = (e: React.TouchEvent) => {
    const t = e.touches[0];
    touchFrom.current = started() || !t ? null : { x: t.clientX, y: t.clientY };
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const from = touchFrom.current;
    const t = e.changedTouches[0];
    touchFrom.current = null;
    if (!from || !t) return;
    const dir = horizontalSwipe(from, { x: t.clientX, y: t.clientY });
    if (dir) ask((s) => (dir < 0 ? s.slideNext() : s.slidePrev()));
  };
  const pauseAll = React.useCallback(() => {
    main.current?.querySelectorAll('video').forEach((v) => v.pause());
  }, []);
  // A video stops when its slide leaves; the live region says which slide shows.
  React.useEffect(() => {
    if (!carousel) return;
    const onChange = () => {
      pauseAll();
      setActive(carousel.activeIndex);
    };
    carousel.on('slideChange', onChange);
    // Swiper's instance is live on its element a render before `carousel` is: a thumbnail
    // tapped in between moves it at once (ask() above), with no listener yet. The live region
    // then said 第 1 张 beside the third slide (no-script.test.ts, on a second page load).
    setActive(carousel.activeIndex);
    return () => carousel.off('slideChange', onChange);
  }, [carousel, pauseAll]);

  const openViewer = (i: number, from: HTMLElement) => {
    pauseAll();
    opener.current = from;
    setViewerAt(i);
  };
  const closeViewer = React.useCallback(() => {
    setViewerAt(null);
    // Focus goes back to the picture that opened it, after the router has seen the popstate.
    requestAnimationFrame(() => opener.current?.focus({ preventScroll: true }));
  }, []);

  if (!items.length) return null;
  const pictures = items.filter((it) => !it.isVideoCover);
  return (
    <section className="gallery" aria-label="晒单图片" ref={section}>
      <div className="swiper gallery__main" ref={main} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div className="swiper-wrapper">
          {items.map((it, i) => (
            <div
              className={i === 0 ? 'swiper-slide swiper-slide-active' : 'swiper-slide'}
              key={it.id}
              id={slideAnchor(i)}
            >
              <div className="gallery__frame">
                {it.isVideoCover && it.videoUrl && playing.has(it.id) ? (
                  <React.Suspense
                    fallback={<Img src={it.full.url} alt={alt} width={it.full.width} height={it.full.height} />}
                  >
                    <GalleryVideo src={it.videoUrl} cover={it.full} size={it.videoSize} alt={alt} />
                  </React.Suspense>
                ) : it.isVideoCover ? (
                  <>
                    <Img src={it.full.url} alt={alt} width={it.full.width} height={it.full.height} eager={i === 0} />
                    {it.videoUrl && (
                      // Without script the video itself, with the browser's controls.
                      <noscript>
                        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- as GalleryVideo */}
                        <video
                          className="gallery__video gallery__nojs-video"
                          src={it.videoUrl}
                          poster={it.full.url}
                          width={it.videoSize?.width ?? it.full.width}
                          height={it.videoSize?.height ?? it.full.height}
                          controls
                          playsInline
                          preload="none"
                          aria-label="晒单视频"
                        />
                      </noscript>
                    )}
                    {it.videoUrl ? (
                      <button
                        type="button"
                        className="gallery__play"
                        aria-label="播放视频"
                        onClick={() => setPlaying((s) => new Set(s).add(it.id))}
                      >
                        ▶
                      </button>
                    ) : (
                      <span className="gallery__play" aria-hidden="true">
                        ▶
                      </span>
                    )}
                  </>
                ) : (
                  <button
                    type="button"
                    className="gallery__open"
                    aria-label={`查看大图（第 ${i + 1} 张，共 ${items.length} 张）`}
                    onClick={(e) => openViewer(i, e.currentTarget)}
                  >
                    <Img src={it.full.url} alt={alt} width={it.full.width} height={it.full.height} eager={i === 0} />
                  </button>
                )}
              </div>
            </div>
          ))}
        </div>
        <button
          ref={prev}
          type="button"
          className="swiper-button-prev swiper-button-disabled"
          aria-label="上一张"
          onClick={step(-1)}
        />
        <button
          ref={next}
          type="button"
          className={items.length > 1 ? 'swiper-button-next' : 'swiper-button-next swiper-button-disabled'}
          aria-label="下一张"
          onClick={step(1)}
        />
      </div>
      {hasThumbs && (
        <div className="swiper gallery__thumbs" ref={strip}>
          <div className="swiper-wrapper">
            {items.map((it, i) => (
              <div className={i === 0 ? 'swiper-slide swiper-slide-thumb-active' : 'swiper-slide'} key={it.id}>
                <a
                  className="gallery__thumb"
                  href={`#${slideAnchor(i)}`}
                  // A button to assistive technology and to the boot's held taps (src/boot):
                  // it shows a slide; a plain link to it without script.
                  role="button"
                  aria-current={i === active ? 'true' : undefined}
                >
                  <Img
                    src={it.thumb.url}
                    alt={`${alt}（第 ${i + 1} 张）`}
                    width={it.thumb.width}
                    height={it.thumb.height}
                  />
                </a>
              </div>
            ))}
          </div>
        </div>
      )}
      {hasThumbs && (
        <p className="visually-hidden" aria-live="polite">
          {`第 ${active + 1} 张，共 ${items.length} 张`}
        </p>
      )}
      {viewerAt !== null && pictures.length > 0 && (
        <React.Suspense fallback={null}>
          <PhotoViewer items={pictures} start={viewerAt} alt={alt} onClose={closeViewer} />
        </React.Suspense>
      )}
    </section>
  );
}
