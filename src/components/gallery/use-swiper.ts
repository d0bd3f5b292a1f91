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
  /**
   * Start Swiper only once this is true: the caller says when the shopper first engages with the
   * carousel (points at, touches or focuses it; `useEngaged`). A carousel above the fold costs
   * nothing on the page's load then: until it starts, its server markup, sized as Swiper sizes
   * it, shows the first slide (issue 26).
   */
  engaged?: boolean;
}

/**
 * Enhances server-rendered Swiper markup (.swiper > .swiper-wrapper > .swiper-slide) once the
 * page has hydrated, loading Swiper on demand. Until then the markup is laid out by Swiper's
 * own CSS plus the pre-initialisation sizes in review.css, so nothing moves when it starts.
 * Returns the instance once created; `engaged` restarts it like the caller's deps.
 */
export function useSwiper(
  ref: React.RefObject<HTMLElement | null>,
  options: (m: SwiperModules) => SwiperOptions | null,
  deps: React.DependencyList,
  { nearViewport, engaged }: UseSwiperOptions = {},
): SwiperInstance | null {
  const [swiper, setSwiper] = React.useState<SwiperInstance | null>(null);
  React.useEffect(() => {
    if (engaged === false) return undefined;
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
    if (engaged === undefined && nearViewport && ref.current && typeof IntersectionObserver === 'function') {
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
  }, [...deps, engaged]);
  return swiper;
}

/** The events that count as a shopper's first engagement with a carousel. */
const ENGAGE = ['pointerdown', 'touchstart', 'mouseover', 'focusin', 'keydown', 'click'] as const;

/**
 * True once the shopper has pointed at, touched or focused the element (listened to in the
 * capture phase, so it is known before the element's own handlers run).
 */
export function useEngaged(ref: React.RefObject<HTMLElement | null>): boolean {
  const [engaged, setEngaged] = React.useState(false);
  React.useEffect(() => {
    const el = ref.current;
    if (engaged || !el) return undefined;
    const on = () => setEngaged(true);
    for (const t of ENGAGE) el.addEventListener(t, on, { capture: true, passive: true });
    return () => {
      for (const t of ENGAGE) el.removeEventListener(t, on, { capture: true });
    };
  }, [ref, engaged]);
  return engaged;
}
