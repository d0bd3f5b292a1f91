import * as React from 'react';
import { Link, type PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { Breadcrumb } from '../components/common/Breadcrumb';
import { PageHead } from '../components/listing/PageHead';
import { ReviewGrid } from '../components/listing/ReviewCard';
import { ProductGrid, type ProductCardItem } from '../components/listing/ProductCard';
import type { NavLink } from '../catalogue';
import type { CategoryLinkView } from '../listing/types';
import type { RelatedView } from '../review/view';
import { categoryPath, haulPath } from '../paths';

export interface CategoryPageContext {
  id: string;
  name: string;
  level: number;
  breadcrumbs: NavLink[];
  children: CategoryLinkView[];
  products: ProductCardItem[];
  reviews: RelatedView[];
}

/** `/category/{id}/` (spec section 2): breadcrumb, sub-categories, products, reviews. */
export default function CategoryTemplate({ pageContext }: PageProps<object, CategoryPageContext>) {
  const { id, name, breadcrumbs, children, products, reviews } = pageContext;
  return (
    <Layout>
      <PageHead title={`${name} - 海淘好物与买家晒单`} description={`${name}：海外正品商品与真实买家晒单、使用心得。`} path={categoryPath(id)} />
      <div className="cat" data-category-id={id}>
        <Breadcrumb items={breadcrumbs.map((c) => ({ label: c.name, to: c.path }))} />
        <h1 className="lst-h1">{name}</h1>
        {children.length > 0 && (
          <nav className="cat__subs" aria-label={`${name}的子分类`}>
            <ul>
              {children.map((c) => <li key={c.id}><Link to={categoryPath(c.id)}>{c.name}</Link></li>)}
            </ul>
          </nav>
        )}
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
      </div>
    </Layout>
  );
}
