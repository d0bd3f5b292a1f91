import * as React from 'react';
import type { GalleryItem } from '../../review/view';
import { Img } from '../common/Img';
import { useSwiper } from './use-swiper';

const THUMBS_VISIBLE = 5; // spec section 9

/**
 * Full images with a thumbnail strip (5 visible) and prev/next arrows (spec section 2), as
 * Swiper markup rendered on the server and enhanced by Swiper after hydration. The items are
 * pictures, or video covers when the review has no pictures.
 */
export function Gallery({ items, alt }: { items: GalleryItem[]; alt: string }) {
  const main = React.useRef<HTMLDivElement>(null);
  const strip = React.useRef<HTMLDivElement>(null);
  const prev = React.useRef<HTMLButtonElement>(null);
  const next = React.useRef<HTMLButtonElement>(null);
  const hasThumbs = items.length > 1;
  const thumbs = useSwiper(
    strip,
    () => (hasThumbs ? { slidesPerView: THUMBS_VISIBLE, spaceBetween: 8, watchSlidesProgress: true } : null),
    [items, hasThumbs],
  );
  useSwiper(
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
  );
  if (!items.length) return null;
  return (
    <section className="gallery" aria-label="晒单图片">
      <div className="swiper gallery__main" ref={main}>
        <div className="swiper-wrapper">
          {items.map((it, i) => (
            <div className="swiper-slide" key={it.id}>
              <div className="gallery__frame">
                <Img src={it.full.url} alt={alt} width={it.full.width} height={it.full.height} eager={i === 0} />
                {it.isVideoCover &&
                  (it.videoUrl ? (
                    <a className="gallery__play" href={it.videoUrl} aria-label="播放视频">
                      ▶
                    </a>
                  ) : (
                    <span className="gallery__play" aria-hidden="true">
                      ▶
                    </span>
                  ))}
              </div>
            </div>
          ))}
        </div>
        <button ref={prev} type="button" className="swiper-button-prev swiper-button-disabled" aria-label="上一张" />
        <button
          ref={next}
          type="button"
          className={items.length > 1 ? 'swiper-button-next' : 'swiper-button-next swiper-button-disabled'}
          aria-label="下一张"
        />
      </div>
      {hasThumbs && (
        <div className="swiper gallery__thumbs" ref={strip}>
          <div className="swiper-wrapper">
            {items.map((it, i) => (
              <div className={i === 0 ? 'swiper-slide swiper-slide-thumb-active' : 'swiper-slide'} key={it.id}>
                <Img
                  src={it.thumb.url}
                  alt={`${alt}（第 ${i + 1} 张）`}
                  width={it.thumb.width}
                  height={it.thumb.height}
                />
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
