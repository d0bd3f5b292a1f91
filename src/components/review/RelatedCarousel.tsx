import * as React from 'react';
import { Link } from 'gatsby';
import type { Swiper as SwiperInstance } from 'swiper/types';
import type { RelatedView } from '../../review/view';
import { relatedText, likesText, truncate } from '../../review/format';
import { reviewPath } from '../../paths';
import { Img } from '../common/Img';
import { useSwiper } from '../gallery/use-swiper';

export type ArrowState = 'begin' | 'middle' | 'end';

/**
 * spec sections 2 and 9: 6.5 vertical slides above 960px, 2.5 horizontal at 960px or less, gap 12.
 * This is the carousel's own rule: the page layout turns desktop at 960px (spec section 2,
 * "Shell"), so at exactly 960px the desktop page shows the horizontal carousel, as specified
 * (src/styles/review.css uses the same 961px for the carousel only).
 */
const CAROUSEL = { breakpoint: 960, wideSlides: 6.5, narrowSlides: 2.5, gap: 12 } as const;

function arrowState(s: SwiperInstance): ArrowState {
  if (s.isBeginning) return 'begin';
  if (s.isEnd) return 'end';
  return 'middle';
}

/**
 * Related reviews (spec section 2): server-rendered links, enhanced into a Swiper carousel
 * once it nears the viewport (below the fold on phones: no Swiper work on the first load);
 * arrows (wide screens only, CSS) show a begin, middle or end state.
 */
export function RelatedCarousel({ items }: { items: RelatedView[] }) {
  const [state, setState] = React.useState<ArrowState>('begin');
  const box = React.useRef<HTMLDivElement>(null);
  const prev = React.useRef<HTMLButtonElement>(null);
  const next = React.useRef<HTMLButtonElement>(null);
  useSwiper(
    box,
    (m) => {
      if (!items.length) return null;
      const update = (s: SwiperInstance) => setState(arrowState(s));
      return {
        modules: [m.Navigation],
        direction: 'horizontal',
        slidesPerView: CAROUSEL.narrowSlides,
        spaceBetween: CAROUSEL.gap,
        breakpoints: { [CAROUSEL.breakpoint + 1]: { direction: 'vertical', slidesPerView: CAROUSEL.wideSlides } },
        navigation: { prevEl: prev.current, nextEl: next.current },
        on: {
          init: update,
          slideChange: update,
          reachBeginning: update,
          reachEnd: update,
          fromEdge: update,
          breakpoint: update,
        },
      };
    },
    [items],
    { nearViewport: '200px' },
  );
  if (!items.length) return null;
  return (
    <section className="related" aria-labelledby="related-title" data-arrows={state}>
      <h2 id="related-title">相关晒单</h2>
      <button
        ref={prev}
        type="button"
        className="related__arrow related__arrow--prev"
        aria-label="上一组"
        disabled={state === 'begin'}
      >
        ‹
      </button>
      <div className="swiper related__swiper" ref={box}>
        <div className="swiper-wrapper">
          {items.map((it) => (
            <div className="swiper-slide" key={it.commentId}>
              <Link className="related__item" to={reviewPath(it.productId, it.commentId)}>
                {it.image ? (
                  <Img
                    className="related__img"
                    src={it.image}
                    alt={truncate(relatedText(it.content), 40)}
                    width={120}
                    height={120}
                  />
                ) : (
                  // A review without a picture: its words on a tint (issue 44), never a grey block.
                  <span className="related__img related__quote" aria-hidden="true">
                    {relatedText(it.content)}
                  </span>
                )}
                <span className="related__body">
                  <span className="related__text">{relatedText(it.content)}</span>
                  <span className="related__meta">
                    <span className="related__user">{it.userLabel ?? '匿名用户'}</span>
                    <span className="related__likes">♥ {likesText(it.likes)}</span>
                  </span>
                </span>
              </Link>
            </div>
          ))}
        </div>
      </div>
      <button
        ref={next}
        type="button"
        className="related__arrow related__arrow--next"
        aria-label="下一组"
        disabled={state === 'end'}
      >
        ›
      </button>
    </section>
  );
}
