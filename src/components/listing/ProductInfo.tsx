import * as React from 'react';
import type { ProductView } from '../../listing/types';
import type { BuyData } from '../../listing/buy';
import type { BuyBoxProps } from './BuyBox';
import { Img } from '../common/Img';

// A way to buy (issue 45): a chunk of its own, no part of the first load (see ./BuyBox.tsx).
// Rendered at once on the server (see ../review/ReviewDetail.tsx: an SSR that suspends mixed pages' heads).
const LazyBuyBox: React.ComponentType<BuyBoxProps> =
  process.env.BUILD_STAGE === 'build-html'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./BuyBox') as typeof import('./BuyBox')).default
    : React.lazy(() => import('./BuyBox'));

/**
 * Its boundary, memoised: a re-render from above must not reach it while it keeps the server's
 * markup for the chunk, or React draws the box afresh and a held tap on it is lost (see
 * ../review/ReviewDetail.tsx).
 */
const BuyBox = React.memo((props: BuyBoxProps) => (
  <React.Suspense>
    <LazyBuyBox {...props} />
  </React.Suspense>
));

/** Images, names, price, a way to buy, marks, origin and labels of a product (its page's top block). */
export function ProductInfo({ product: p, buy }: { product: ProductView; buy?: BuyData | null }) {
  return (
    <section className="pd__top">
      <div className="pd__imgs">
        {p.images.length > 0 ? (
          // A phone scrolls the strip sideways: keyboard users reach it with Tab and scroll it
          // with the arrow keys (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <ul className="pd__strip" aria-label="商品图片" tabIndex={0}>
            {p.images.map((img, i) => (
              <li key={img.url}>
                <Img
                  src={img.url}
                  alt={`${p.nameCN} 图${i + 1}`}
                  width={img.width}
                  height={img.height}
                  eager={i === 0}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="pd__noimg" aria-hidden="true">
            暂无图片
          </div>
        )}
      </div>
      <div className="pd__info">
        <h1 className="pd__name">{p.nameCN}</h1>
        {p.name && p.name !== p.nameCN && (
          <p className="pd__name-en" lang="en">
            {p.name}
          </p>
        )}
        <p className="pd__price-row">
          {p.price ? (
            <span className="pd__price">{p.price}</span>
          ) : (
            <span className="pd__price pd__price--none">暂无报价</span>
          )}
          {p.listPrice && <del className="pd__list-price">{p.listPrice}</del>}
          {p.promo && <span className="pd__promo">{p.promo}</span>}
        </p>
        {buy && <BuyBox buy={buy} price={p.price} name={p.nameCN} />}
        {p.marks.length > 0 && (
          <ul className="pd__marks" aria-label="商品标识">
            {p.marks.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <dl className="pd__facts">
          {p.origin && (
            <>
              <dt>产地</dt>
              <dd className="pd__origin">{p.origin}</dd>
            </>
          )}
          {p.brand && (
            <>
              <dt>品牌</dt>
              <dd>{p.brand}</dd>
            </>
          )}
          {p.merchant && (
            <>
              <dt>商家</dt>
              <dd>{p.merchant}</dd>
            </>
          )}
        </dl>
        {p.labels.length > 0 && (
          <ul className="pd__labels" aria-label="商品标签">
            {p.labels.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        )}
        {p.description && <p className="pd__desc">{p.description}</p>}
      </div>
    </section>
  );
}
