import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { Breadcrumb } from '../components/common/Breadcrumb';
import { PageHead } from '../components/listing/PageHead';
import { ProductInfo } from '../components/listing/ProductInfo';
import { ProductReviews } from '../components/listing/ProductReviews';
import { SimilarProducts } from '../components/review/SimilarProducts';
import type { NavLink } from '../catalogue';
import type { ProductReviewItem, ProductView } from '../listing/types';
import type { SimilarView } from '../review/view';
import { productPath } from '../paths';

export interface ProductPageContext {
  product: ProductView;
  /** Category trail (home first) the product sits in. */
  breadcrumbs: NavLink[];
  reviews: ProductReviewItem[];
  reviewCount: number;
  tags: string[];
  similar: SimilarView[];
}

/** `/pd/{productId}/` (spec section 2): the product, its reviews, similar products. */
export default function ProductTemplate({ pageContext }: PageProps<object, ProductPageContext>) {
  const { product, breadcrumbs, reviews, reviewCount, tags, similar } = pageContext;
  const crumbs = [...breadcrumbs.map((c) => ({ label: c.name, to: c.path })), { label: product.nameCN }];
  return (
    <Layout>
      <PageHead
        title={`${product.nameCN}${reviewCount ? ` - ${reviewCount}条买家晒单` : ''}`}
        description={product.description ?? `${product.nameCN}的真实买家晒单与评价。`}
        path={productPath(product.id)}
      />
      <div className="pd" data-product-id={product.id} data-partial={product.partial ? 'true' : 'false'}>
        <Breadcrumb items={crumbs} />
        <ProductInfo product={product} />
        <div className="pd__below">
          <ProductReviews productId={product.id} initial={reviews} total={reviewCount} tags={tags} />
          <SimilarProducts items={similar} />
        </div>
      </div>
    </Layout>
  );
}
