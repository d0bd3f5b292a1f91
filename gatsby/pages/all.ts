// Every page of the site from the sourced data, for any `createPage`: Gatsby's (gatsby/create-pages.ts)
// and the patch build's recorder (gatsby/patch/build.ts), so the two can never disagree on what a
// page holds.
import path from 'node:path';
import { getCatalogue, type Catalogue } from '../../src/catalogue';
import type { BuildData } from '../build-data';
import type { ProductView } from '../../src/listing/types';
import { buildIndex, reviewKey, type BuildIndex } from './build-index';
import { createHomePage } from './home';
import { createCategoryPages } from './category';
import { createProductAliasPage, createProductPages, hubFactsOf } from './product';
import { createHaulPages } from './haul';
import { createArticlesPage, createMerchantsPage } from './directory';
import { createReviewPage } from './review';
import { productFactsView, reviewFacts, type ReviewFacts } from './facts';
import type { PageActions, TemplateOf } from './types';

/** A template's file: Gatsby and the patch build run with the project root as working directory. */
export const templatePath: TemplateOf = (name) => path.resolve('src', 'templates', `${name}.tsx`);

export interface CreatedPages {
  reviews: number;
  categories: number;
  products: number;
  haul: number;
}

/** When each built review was posted (a listing's lastmod in the sitemap). */
export function postedAtOf(data: Pick<BuildData, 'pages'>) {
  const postedAt = new Map(data.pages.map((p) => [reviewKey(p.info.productId, p.info.id), p.info.postedAt]));
  return (productId: string, commentId: string) => postedAt.get(reviewKey(productId, commentId)) ?? null;
}

/**
 * One static page per review built ahead (the others are deferred: gatsby/deferred/), its data in the page context (so in its page-data.json);
 * no page queries: page context avoids Gatsby's query step, the bottleneck past 10,000 pages
 * (docs/benchmarks.md compares both). Then the other routes of spec section 2.
 */
export function createAllPages(actions: PageActions, template: TemplateOf, data: BuildData): CreatedPages {
  const index = buildIndex(data);
  const catalogue = getCatalogue();
  const { extras } = data;
  const factsOf = productFacts(catalogue, index, extras.products);
  for (const page of data.pages)
    createReviewPage(actions, template, page, (k) => index.built.has(k), factsOf(page.info.productId));
  // Deferred reviews (the bounded build) and reviews published after this build are rendered by
  // the site server on their first request (gatsby/renderer/render-child.ts), not a client-only
  // match path: a match path covering /:productId/:commentId/ makes Gatsby list every static
  // page it covers in the entry chunk of every page (docs/benchmarks.md).
  createHomePage(actions, template, { catalogue, index, articles: extras.articles, featured: extras.featured });
  const categories = createCategoryPages(actions, template, { catalogue, index, listings: extras.categories });
  const products = createProductPages(actions, template, { catalogue, index, products: extras.products });
  createProductAliasPage(actions, template);
  const haul = createHaulPages(actions, template, {
    index,
    cursor: extras.haulCursor,
    catalogue,
    products: extras.products,
    skipped: data.skipped,
  });
  createMerchantsPage(actions, template, extras.merchants);
  createArticlesPage(actions, template, extras.articles);
  return { reviews: data.pages.length, categories, products, haul };
}

/**
 * Issue 45: each product's facts for its review pages, made once per product (its view from the
 * product call sourced once per product, gatsby/sourcing/product-facts.ts, and the fit of every
 * review the hub counts) and rendered once per size bought, whatever the number of its reviews.
 */
export function productFacts(
  catalogue: Catalogue,
  index: BuildIndex,
  products: ReadonlyMap<string, ProductView>,
): (productId: string) => ReviewFacts | null {
  const made = new Map<string, ReviewFacts | null>();
  return (id) => {
    let facts = made.get(id);
    if (facts === undefined) {
      const fits = hubFactsOf(index, id).map((f) => f.fit);
      made.set(id, (facts = reviewFacts(productFactsView(catalogue, products.get(id), fits))));
    }
    return facts;
  };
}
