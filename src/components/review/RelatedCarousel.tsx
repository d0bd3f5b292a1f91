import * as React from 'react';
import { Link } from 'gatsby';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Navigation } from 'swiper/modules';
import type { Swiper as SwiperType } from 'swiper';
import type { RelatedView } from '../../review/view';
import { relatedText, likesText, truncate } from '../../review/format';
import { reviewPath } from '../../paths';
import { Img } from '../common/Img';

export type ArrowState = 'begin' | 'middle' | 'end';

/** spec sections 2 and 9: 6.5 vertical slides above 960px, 2.5 horizontal at 960px or less, gap 12. */
export const CAROUSEL = { breakpoint: 960, wideSlides: 6.5, narrowSlides: 2.5, gap: 12 } as const;

function arrowState(s: SwiperType): ArrowState {
  if (s.isBeginning) return 'begin';
  if (s.isEnd) return 'end';
  return 'middle';
}

export function RelatedCarousel({ items }: { items: RelatedView[] }) {
  const [state, setState] = React.useState<ArrowState>('begin');
  const prev = React.useRef<HTMLButtonElement>(null);
  const next = React.useRef<HTMLButtonElement>(null);
  if (!items.length) return null;
  const update = (s: SwiperType) => setState(arrowState(s));
  return (
    <section className="related" aria-labelledby="related-title" data-arrows={state}>
      <h2 id="related-title">相关晒单</h2>
      <button ref={prev} type="button" className="related__arrow related__arrow--prev" aria-label="上一组" disabled={state === 'begin'}>‹</button>
      <Swiper
        className="related__swiper"
        modules={[Navigation]}
        direction="horizontal"
        slidesPerView={CAROUSEL.narrowSlides}
        spaceBetween={CAROUSEL.gap}
        breakpoints={{ [CAROUSEL.breakpoint + 1]: { direction: 'vertical', slidesPerView: CAROUSEL.wideSlides } }}
        onBeforeInit={(s) => {
          const nav = s.params.navigation;
          if (nav && typeof nav === 'object') { nav.prevEl = prev.current; nav.nextEl = next.current; }
        }}
        navigation={{ prevEl: prev.current, nextEl: next.current }}
        onInit={update}
        onSlideChange={update}
        onReachBeginning={update}
        onReachEnd={update}
        onFromEdge={update}
        onBreakpoint={update}
      >
        {items.map((it) => (
          <SwiperSlide key={it.commentId}>
            <Link className="related__item" to={reviewPath(it.productId, it.commentId)}>
              {it.image ? (
                <Img className="related__img" src={it.image} alt={truncate(relatedText(it.content), 40)} width={120} height={120} />
              ) : <span className="related__img related__img--empty" aria-hidden="true" />}
              <span className="related__body">
                <span className="related__text">{relatedText(it.content)}</span>
                <span className="related__meta">
                  <span className="related__user">{it.userLabel ?? '匿名用户'}</span>
                  <span className="related__likes">♥ {likesText(it.likes)}</span>
                </span>
              </span>
            </Link>
          </SwiperSlide>
        ))}
      </Swiper>
      <button ref={next} type="button" className="related__arrow related__arrow--next" aria-label="下一组" disabled={state === 'end'}>›</button>
    </section>
  );
}
