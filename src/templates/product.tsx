import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { Breadcrumb } from '../components/common/Breadcrumb';
import { HydrateLater } from '../components/common/HydrateLater';
import { PageHead } from '../components/listing/PageHead';
import { ProductInfo } from '../components/listing/ProductInfo';
import { ProductReviews } from '../components/listing/ProductReviews';
import { SimilarProducts } from '../components/review/SimilarProducts';
import type { NavLink } from '../catalogue';
import type { ProductReviewItem, ProductView } from '../listing/types';
import type { RatingSummary, ReviewFacets } from '../listing/rating';
import { formatAverage } from '../listing/rating';
import { productJsonLd, type OfferExtras } from '../listing/product-structured-data';
import { breadcrumbList } from '../common/breadcrumb';
import type { SimilarView } from '../review/view';
import type { BuyData } from '../listing/buy';
import { absoluteUrl, productPath } from '../paths';
import { siteConfig } from '../site-config';

export interface ProductPageContext {
  product: ProductView;
  /** Category trail (home first) the product sits in. */
  breadcrumbs: NavLink[];
  /** The newest reviews (the comment query's first page), a thin one never first. */
  reviews: ProductReviewItem[];
  summary: RatingSummary;
  facets: ReviewFacets;
  similar: SimilarView[];
  /**
   * Issue 45: the facts beside the reviews (null: none known), as static markup rendered by the
   * build with React's server renderer (gatsby/pages/product.ts renderFacts: every text escaped),
   * and what the Product JSON-LD's offer gains from them.
   */
  facts: { html: string; offer: OfferExtras } | null;
  /** A way to buy this product (issue 45); null for a bad id. */
  buy: BuyData | null;
}

/**
 * `/pd/{productId}/`, the product review hub (spec section 2, issue 22): the product and a way
 * to buy, the rating summary, filters, sort and pages of reviews, similar products; Product and
 * BreadcrumbList JSON-LD made from what the page shows.
 */
export default function ProductTemplate({ pageContext }: PageProps<object, ProductPageContext>) {
  const { product, breadcrumbs, reviews, summary, facets, similar, facts, buy } = pageContext;
  const crumbs = [...breadcrumbs.map((c) => ({ label: c.name, to: c.path })), { label: product.nameCN }];
  const path = productPath(product.id);
  const canonical = absoluteUrl(siteConfig.siteUrl, path);
  const productLd = productJsonLd(product, summary, reviews, canonical, facts?.offer);
  const rated =
    summary.count && summary.average != null ? `，${summary.count}条评分平均${formatAverage(summary.average)}分` : '';
  return (
    <Layout>
      <PageHead
        title={`${product.nameCN}${facets.total ? ` - ${facets.total}条买家晒单` : ''}`}
        description={product.description ?? `${product.nameCN}的真实买家晒单与评价${rated}。`}
        path={path}
        image={product.images[0]?.url ?? reviews.find((r) => r.images.length)?.images[0].url ?? null}
        jsonLd={[...(productLd ? [productLd] : []), breadcrumbList(crumbs, canonical, siteConfig.siteUrl)]}
      />
      <div className="pd" data-product-id={product.id} data-partial={product.partial ? 'true' : 'false'}>
        <Breadcrumb items={crumbs} />
        <ProductInfo product={product} buy={buy} />
        {/* Static: React keeps the server's markup and hydrates nothing inside it. */}
        {facts && <div className="pd-facts-wrap" dangerouslySetInnerHTML={{ __html: facts.html }} />}
        <div className="pd__below">
          {/* Under the product on phones: hydrated when near the viewport or touched (issue 26). */}
          <HydrateLater>
            <ProductReviews productId={product.id} initial={reviews} summary={summary} facets={facets} />
            <SimilarProducts items={similar} />
          </HydrateLater>
        </div>
      </div>
    </Layout>
  );
}
