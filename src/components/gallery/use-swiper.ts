import * as React from 'react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';

export type SwiperModules = typeof import('./swiper-loader');

export interface UseSwiperOptions {
  /**
   * Start Swiper only when the element comes within this margin of the viewport (CSS margin,
   * e.g. '200px'): a carousel below the fold costs nothing on the page's first load. Without
   * IntersectionObserver it starts at once.
   */
  nearViewport?: string;
}

/**
 * Enhances server-rendered Swiper markup (.swiper > .swiper-wrapper > .swiper-slide) once the
 * page has hydrated, loading Swiper on demand. Until then the markup is laid out by Swiper's
 * own CSS plus the pre-initialisation sizes in review.css, so nothing moves when it starts.
 * Returns the instance once created.
 */
export function useSwiper(
  ref: React.RefObject<HTMLElement | null>,
  options: (m: SwiperModules) => SwiperOptions | null,
  deps: React.DependencyList,
  { nearViewport }: UseSwiperOptions = {},
): SwiperInstance | null {
  const [swiper, setSwiper] = React.useState<SwiperInstance | null>(null);
  React.useEffect(() => {
    let alive = true;
    let instance: SwiperInstance | null = null;
    let observer: IntersectionObserver | null = null;
    const start = () => {
      import('./swiper-loader').then(
        (m) => {
          const opts = ref.current && alive ? options(m) : null;
          if (!opts || !ref.current) return;
          instance = new m.Swiper(ref.current, opts);
          setSwiper(instance);
        },
        () => undefined /* no carousel: the markup stays a plain list */,
      );
    };
    if (nearViewport && ref.current && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer?.disconnect();
          observer = null;
          start();
        },
        { rootMargin: nearViewport },
      );
      observer.observe(ref.current);
    } else {
      start();
    }
    return () => {
      alive = false;
      observer?.disconnect();
      instance?.destroy(true, false);
    };
    // The caller names what restarts the carousel (its slides); options and ref are fixed per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return swiper;
}
