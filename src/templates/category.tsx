import * as React from 'react';
import { Link, type PageProps } from 'gatsby';
import { HydrateLater } from '../components/common/HydrateLater';
import { Layout } from '../components/shell/Layout';
import { Breadcrumb } from '../components/common/Breadcrumb';
import { PageHead } from '../components/listing/PageHead';
import { CategoryListings } from '../components/listing/CategoryListings';
import type { ProductCardItem } from '../components/listing/ProductCard';
import type { NavLink } from '../catalogue';
import type { CategoryLinkView } from '../listing/types';
import type { RelatedView } from '../review/view';
import { absoluteUrl, categoryPath } from '../paths';
import { breadcrumbList } from '../common/breadcrumb';
import { siteConfig } from '../site-config';

export interface CategoryPageContext {
  id: string;
  name: string;
  level: number;
  breadcrumbs: NavLink[];
  children: CategoryLinkView[];
  /** The parent category (null for a top-level group), a way on from an empty page. */
  parent: CategoryLinkView | null;
  /** Sibling categories with something to list, for an empty page's links onward. */
  siblings: CategoryLinkView[];
  products: ProductCardItem[];
  reviews: RelatedView[];
}

/**
 * `/category/{id}/` (spec section 2): breadcrumb, sub-categories, products, reviews; with
 * neither, an empty state with links onward (issue 11, defect 9).
 */
export default function CategoryTemplate({ pageContext }: PageProps<object, CategoryPageContext>) {
  const { id, name, breadcrumbs, children, parent, siblings, products, reviews } = pageContext;
  // One list for the visible breadcrumb and its BreadcrumbList (issue 22).
  const crumbs = breadcrumbs.map((c) => ({ label: c.name, to: c.path }));
  return (
    <Layout>
      <PageHead
        title={`${name} - 海淘好物与买家晒单`}
        description={`${name}：海外正品商品与真实买家晒单、使用心得。`}
        path={categoryPath(id)}
        image={reviews.find((r) => r.image)?.image ?? products.find((p) => p.image)?.image?.url ?? null}
        jsonLd={[breadcrumbList(crumbs, absoluteUrl(siteConfig.siteUrl, categoryPath(id)), siteConfig.siteUrl)]}
      />
      <div className="cat" data-category-id={id}>
        <Breadcrumb items={crumbs} />
        <h1 className="lst-h1">{name}</h1>
        {children.length > 0 && (
          <nav className="cat__subs" aria-label={`${name}的子分类`}>
            <ul>
              {children.map((c) => (
                <li key={c.id}>
                  <Link to={categoryPath(c.id)}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {/* Under the sub-categories on phones: hydrated when near the viewport (issue 26). */}
        <HydrateLater>
          <CategoryListings name={name} parent={parent} siblings={siblings} products={products} reviews={reviews} />
        </HydrateLater>
      </div>
    </Layout>
  );
}
