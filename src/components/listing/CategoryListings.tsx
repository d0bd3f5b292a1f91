import * as React from 'react';
import { Link } from 'gatsby';
import type { CategoryLinkView } from '../../listing/types';
import type { RelatedView } from '../../review/view';
import { haulPath } from '../../paths';
import { EmptyCategory } from './EmptyCategory';
import { ProductGrid, type ProductCardItem } from './ProductCard';
import { ReviewGrid } from './ReviewCard';

export interface CategoryListingsProps {
  name: string;
  parent: CategoryLinkView | null;
  siblings: CategoryLinkView[];
  products: ProductCardItem[];
  reviews: RelatedView[];
}

/** A category page's products and reviews; with neither, the empty state with links onward. */
export function CategoryListings({ name, parent, siblings, products, reviews }: CategoryListingsProps) {
  if (!products.length && !reviews.length) return <EmptyCategory name={name} parent={parent} siblings={siblings} />;
  return (
    <>
      <section className="lst-section" aria-labelledby="cat-products">
        <h2 id="cat-products" className="lst-h2">热门商品</h2>
        {products.length ? <ProductGrid items={products} label={`${name}商品`} /> : <p className="lst-empty">该分类暂无商品</p>}
      </section>
      <section className="lst-section" aria-labelledby="cat-reviews">
        <div className="lst-head">
          <h2 id="cat-reviews" className="lst-h2">买家晒单</h2>
          <Link className="lst-more" to={haulPath()}>更多晒单 ›</Link>
        </div>
        {reviews.length ? <ReviewGrid items={reviews} label={`${name}晒单`} /> : <p className="lst-empty">该分类暂无晒单</p>}
      </section>
    </>
  );
}
