import * as React from 'react';
import type { CategoryLinkView } from '../../listing/types';
import type { RelatedView } from '../../review/view';
import { haulPath } from '../../paths';
import { EmptyCategory } from './EmptyCategory';
import { ProductGrid, type ProductCardItem } from './ProductCard';
import { ReviewGrid } from './ReviewCard';
import { ListingSection } from './ListingSection';

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
      <ListingSection id="cat-products" title="热门商品">
        {products.length ? (
          <ProductGrid items={products} label={`${name}商品`} />
        ) : (
          <p className="lst-empty">该分类暂无商品</p>
        )}
      </ListingSection>
      <ListingSection id="cat-reviews" title="买家晒单" more={{ to: haulPath(), text: '更多晒单 ›' }}>
        {reviews.length ? (
          <ReviewGrid items={reviews} label={`${name}晒单`} />
        ) : (
          <p className="lst-empty">该分类暂无晒单</p>
        )}
      </ListingSection>
    </>
  );
}
