import * as React from 'react';
import { Link } from 'gatsby';
import type { SimilarView } from '../../review/view';
import { productPath } from '../../paths';
import { Img } from '../common/Img';

/** More-product recommendations, each linking to /pd/{id}/ (spec section 2). */
export function SimilarProducts({ items }: { items: SimilarView[] }) {
  if (!items.length) return null;
  return (
    <section className="similar" aria-labelledby="similar-title">
      <h2 id="similar-title">更多好物推荐</h2>
      <ul className="similar__list">
        {items.map((p) => (
          <li key={p.id}>
            <Link className="similar__item" to={productPath(p.id)}>
              {p.image ? (
                <Img src={p.image} alt={p.nameCN || p.name} width={200} height={200} />
              ) : (
                <span className="similar__img--empty" aria-hidden="true" />
              )}
              <span className="similar__name">{p.nameCN || p.name}</span>
              {p.labels.length > 0 && <span className="similar__labels">{p.labels.slice(0, 2).join(' · ')}</span>}
              <span className="similar__price">{p.priceTagCN ?? p.priceTag ?? ''}</span>
              {p.origin && <span className="similar__origin">{p.origin}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
