import * as React from 'react';
import { Link } from 'gatsby';
import type { ProductCardView } from '../../listing/types';
import { productPath } from '../../paths';
import { Img } from '../common/Img';
import { srcSetOf } from '../../common/media-variants';
import { GRID_CARD_SIZES } from './card-sizes';
import { Stars } from '../review/Stars';
import { formatAverage } from '../../listing/rating';

export type ProductCardItem = ProductCardView & { hasPage?: boolean };

function Body({ p }: { p: ProductCardItem }) {
  return (
    <>
      <span className="pcard__img">
        {p.image ? (
          <Img
            src={p.image.url}
            alt={p.name}
            width={p.image.width}
            height={p.image.height}
            srcSet={srcSetOf(p.image.url)}
            sizes={GRID_CARD_SIZES}
          />
        ) : (
          <span className="pcard__noimg" aria-hidden="true" />
        )}
      </span>
      <span className="pcard__name">{p.name}</span>
      {p.marks.length > 0 && <span className="pcard__marks">{p.marks.join(' · ')}</span>}
      {p.rating && (
        <span className="pcard__rating">
          <Stars score={p.rating.average} />
          <span className="pcard__avg">{formatAverage(p.rating.average)}</span>
          <span className="pcard__count">{p.rating.count}条评价</span>
        </span>
      )}
      <span className="pcard__foot">
        <span className="pcard__price">{p.price ?? ''}</span>
        {p.origin && <span className="pcard__origin">{p.origin}</span>}
      </span>
    </>
  );
}

/** A product in a grid; a link to /pd/{id}/ only when that page exists. */
export function ProductCard({ p }: { p: ProductCardItem }) {
  return p.hasPage === false ? (
    <div className="pcard" data-product-id={p.id}>
      <Body p={p} />
    </div>
  ) : (
    <Link className="pcard" to={productPath(p.id)} data-product-id={p.id}>
      <Body p={p} />
    </Link>
  );
}

export function ProductGrid({ items, label }: { items: ProductCardItem[]; label?: string }) {
  return (
    <ul className="pgrid" aria-label={label}>
      {items.map((p) => (
        <li key={p.id}>
          <ProductCard p={p} />
        </li>
      ))}
    </ul>
  );
}
