import * as React from 'react';
import type { GalleryItem } from '../../review/view';
import { Img } from '../common/Img';
import { goToSlide, shownSlide } from './strip';
import { startVideo } from './video-start';

/**
 * `sizes` of a slide's picture (srcset, issue 44): the card's width (review.css .review__main),
 * 460 px from 960 px.
 */
const GALLERY_SLIDE_SIZES = '(min-width: 960px) 460px, calc(100vw - 48px)';

/** The anchor of a slide: a thumbnail links to it (the page has one gallery). */
const slideAnchor = (i: number) => `photo-${i + 1}`;

// Loaded on the first tap on a picture (issue 21): no weight on the page's first load. Until its
// chunk is in, the picture shows full-screen at once (issue 40: ViewerOpening below). A video's
// player is plain script in a chunk of its own (./video-start.ts, ./video-player.ts), the same
// before React has hydrated and after.
const PhotoViewer = React.lazy(() => import('../viewer/PhotoViewer'));

/** A slot's content: empty for React, which then leaves what plain script puts there. */
const EMPTY = { __html: '' };

/**
 * Full images with a thumbnail strip (5 visible) and prev/next arrows (spec section 2). The
 * pictures are a horizontal scroll-snap strip the browser scrolls itself (./strip.ts, issue
 * 40): a swipe moves it in the frame it is made, before and after hydration, with or without
 * script, and the arrows and thumbnails scroll it. The items are pictures, or video covers when
 * the review has no pictures. A picture opens the full-screen viewer; a video cover with a
 * playable video plays it inline (issue 21 items 1 and 2).
 */
export function Gallery({ items, alt }: { items: GalleryItem[]; alt: string }) {
  const track = React.useRef<HTMLDivElement>(null);
  const strip = React.useRef<HTMLDivElement>(null);
  const opener = React.useRef<HTMLElement | null>(null);
  const [viewerAt, setViewerAt] = React.useState<number | null>(null);
  const [active, setActive] = React.useState(0);
  const hasThumbs = items.length > 1;

  // The slide shown follows the strip's scroll (a swipe, an arrow, a thumbnail alike): the
  // thumbnail strip keeps it in view, a video that leaves stops, the live region says which.
  React.useEffect(() => {
    const el = track.current;
    if (!el) return undefined;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(Math.min(items.length - 1, shownSlide(el))));
    };
    onScroll(); // a swipe made before hydration has moved it already
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
    };
  }, [items.length]);
  React.useEffect(() => {
    const shown = track.current?.children[active];
    track.current?.querySelectorAll('video').forEach((v) => {
      if (!shown?.contains(v)) v.pause();
    });
    const row = strip.current;
    const thumb = row?.children[active] as HTMLElement | undefined;
    if (!row || !thumb) return;
    // The active thumbnail in view, without scrolling the page (scrollIntoView would).
    if (thumb.offsetLeft < row.scrollLeft) row.scrollTo({ left: thumb.offsetLeft, behavior: 'smooth' });
    else if (thumb.offsetLeft + thumb.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollTo({ left: thumb.offsetLeft + thumb.offsetWidth - row.clientWidth, behavior: 'smooth' });
  }, [active]);
  // An arrow or a thumbnail scrolls the strip (a thumbnail is a link to its slide's anchor,
  // which is what it does without script).
  const go = (e: React.MouseEvent<HTMLElement>) => {
    if (goToSlide(e.currentTarget) !== null) e.preventDefault();
  };
  const pauseAll = React.useCallback(() => {
    track.current?.querySelectorAll('video').forEach((v) => v.pause());
  }, []);

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
    <section className="gallery" aria-label="晒单图片">
      <div className="gallery__main">
        <div className="gallery__track" ref={track}>
          {items.map((it, i) => {
            // The slide's picture: a video's cover or a picture that opens the viewer.
            const picture = (
              <Img
                src={it.full.url}
                alt={alt}
                width={it.full.width}
                height={it.full.height}
                eager={i === 0}
                srcSet={it.srcSet}
                sizes={GALLERY_SLIDE_SIZES}
              />
            );
            return (
              <div
                className={i === active ? 'gallery__slide gallery__slide--active' : 'gallery__slide'}
                key={it.id}
                id={slideAnchor(i)}
              >
                <div className="gallery__frame">
                  {it.isVideoCover ? (
                    <>
                      {picture}
                      {it.videoUrl && (
                        // Without script the video itself, with the browser's controls.
                        <noscript>
                          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- as ./video-player.ts */}
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
                        <>
                          <button
                            type="button"
                            className="gallery__play"
                            aria-label="播放视频"
                            onClick={(e) => startVideo(e.currentTarget)}
                          >
                            ▶
                          </button>
                          {/* The player's slot: plain script's (./video-player.ts), never React's. */}
                          <div
                            className="gallery__player"
                            data-src={it.videoUrl}
                            data-poster={it.full.url}
                            data-width={it.videoSize?.width ?? it.full.width ?? undefined}
                            data-height={it.videoSize?.height ?? it.full.height ?? undefined}
                            dangerouslySetInnerHTML={EMPTY}
                          />
                        </>
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
                      {picture}
                    </button>
                  )}
                </div>
              </div>
            );
          })}
        </div>
        {hasThumbs && (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--prev"
              aria-label="上一张"
              data-go="prev"
              disabled={active === 0}
              onClick={go}
            />
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              aria-label="下一张"
              data-go="next"
              disabled={active === items.length - 1}
              onClick={go}
            />
          </>
        )}
      </div>
      {hasThumbs && (
        <div className="gallery__thumbs" ref={strip}>
          {items.map((it, i) => (
            <a
              key={it.id}
              className={i === active ? 'gallery__thumb gallery__thumb--active' : 'gallery__thumb'}
              href={`#${slideAnchor(i)}`}
              data-go={i}
              // A button to assistive technology: it shows a slide; a plain link to it without script.
              role="button"
              aria-current={i === active ? 'true' : undefined}
              onClick={go}
            >
              <Img
                src={it.thumb.url}
                alt={`${alt}（第 ${i + 1} 张）`}
                width={it.thumb.width}
                height={it.thumb.height}
              />
            </a>
          ))}
        </div>
      )}
      {hasThumbs && (
        <p className="visually-hidden" aria-live="polite">
          {`第 ${active + 1} 张，共 ${items.length} 张`}
        </p>
      )}
      {viewerAt !== null && pictures.length > 0 && (
        <React.Suspense fallback={<ViewerOpening item={pictures[viewerAt] ?? pictures[0]} alt={alt} />}>
          <PhotoViewer items={pictures} start={viewerAt} alt={alt} onClose={closeViewer} />
        </React.Suspense>
      )}
    </section>
  );
}

/**
 * The viewer while its chunk is on its way (the first tap on a picture, when the prefetch has
 * not brought it yet): the picture full-screen at once, then the viewer with zoom takes over.
 */
function ViewerOpening({ item, alt }: { item: GalleryItem; alt: string }) {
  return (
    <div className="viewer viewer--opening" role="dialog" aria-modal="true" aria-label="查看大图" aria-busy="true">
      <Img src={item.full.url} alt={alt} width={item.full.width} height={item.full.height} />
    </div>
  );
}
