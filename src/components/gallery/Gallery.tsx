import * as React from 'react';
import type { GalleryItem } from '../../review/view';
import { Img } from '../common/Img';
import { goToSlide, shownSlide } from './strip';
import { startVideo } from './video-start';
import { openViewer } from '../viewer/viewer-start';

/**
 * `sizes` of a slide's picture (srcset, issue 44): the card's width (review.css .review__main),
 * 460 px from 960 px.
 */
const GALLERY_SLIDE_SIZES = '(min-width: 960px) 460px, calc(100vw - 48px)';

/** The anchor of a slide: a thumbnail links to it (the page has one gallery). */
const slideAnchor = (i: number) => `photo-${i + 1}`;

/** A slot's content: empty for React, which then leaves what plain script puts there. */
const EMPTY = { __html: '' };

/**
 * Full images with a thumbnail strip (5 visible) and prev/next arrows (spec section 2). The
 * pictures are a horizontal scroll-snap strip the browser scrolls itself (./strip.ts, issue
 * 40): a swipe moves it in the frame it is made, before and after hydration, with or without
 * script, and the arrows and thumbnails scroll it. The items are pictures, or video covers when
 * the review has no pictures. A picture opens the full-screen viewer; a video cover with a
 * playable video plays it inline (issue 21 items 1 and 2). Both are plain script, the same
 * before React has hydrated and after (../viewer/viewer-start.ts, ./video-start.ts).
 */
export function Gallery({ items, alt }: { items: GalleryItem[]; alt: string }) {
  const track = React.useRef<HTMLDivElement>(null);
  const strip = React.useRef<HTMLDivElement>(null);
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
  if (!items.length) return null;
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
                      onClick={(e) => openViewer(e.currentTarget)}
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
    </section>
  );
}
