import * as React from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Navigation, Thumbs } from 'swiper/modules';
import type { Swiper as SwiperType } from 'swiper';
import type { GalleryItem } from '../../review/view';
import { Img } from '../common/Img';

export const THUMBS_VISIBLE = 5; // spec section 9

/**
 * Full images with a thumbnail strip (5 visible) and prev/next arrows (spec section 2).
 * The items are pictures, or video covers when the review has no pictures.
 */
export function Gallery({ items, alt }: { items: GalleryItem[]; alt: string }) {
  const [thumbs, setThumbs] = React.useState<SwiperType | null>(null);
  if (!items.length) return null;
  return (
    <section className="gallery" aria-label="晒单图片">
      <Swiper
        className="gallery__main"
        modules={[Navigation, Thumbs]}
        navigation
        spaceBetween={0}
        slidesPerView={1}
        thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
      >
        {items.map((it, i) => (
          <SwiperSlide key={it.id}>
            <div className="gallery__frame">
              <Img src={it.full.url} alt={alt} width={it.full.width} height={it.full.height} eager={i === 0} />
              {it.isVideoCover && (
                it.videoUrl
                  ? <a className="gallery__play" href={it.videoUrl} aria-label="播放视频">▶</a>
                  : <span className="gallery__play" aria-hidden="true">▶</span>
              )}
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
      {items.length > 1 && (
        <Swiper
          className="gallery__thumbs"
          modules={[Navigation, Thumbs]}
          onSwiper={setThumbs}
          slidesPerView={THUMBS_VISIBLE}
          spaceBetween={8}
          watchSlidesProgress
        >
          {items.map((it, i) => (
            <SwiperSlide key={it.id}>
              <Img src={it.thumb.url} alt={`${alt}（第 ${i + 1} 张）`} width={it.thumb.width} height={it.thumb.height} />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
    </section>
  );
}
