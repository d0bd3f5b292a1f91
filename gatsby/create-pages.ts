import type { GatsbyNode } from 'gatsby';
import path from 'node:path';
import { reviewPath } from '../src/paths';
import type { ReviewPageData } from '../src/review/page-data';
import { getCatalogue } from '../src/catalogue';
import { getBuildData } from './build-data';
import { stopEmbeddedServer } from './embedded-server';
import { buildIndex, reviewKey } from './pages/build-index';
import { recordingSitemap } from './sitemap';
import { createHomePage } from './pages/home';
import { createCategoryPages } from './pages/category';
import { createProductAliasPage, createProductPages } from './pages/product';
import { createHaulPages } from './pages/haul';
import { createArticlesPage, createMerchantsPage } from './pages/directory';

// Gatsby runs with the project root as working directory (gatsby-node is compiled into .cache).
const template = (name: string) => path.resolve('src', 'templates', `${name}.tsx`);

/**
 * One static page per review, its data in the page context (so in its page-data.json);
 * no page queries: page context avoids Gatsby's query step, the bottleneck past 10,000 pages
 * (docs/benchmarks.md compares both). The other routes of spec section 2 are created by
 * gatsby/pages/*.ts from the same data.
 */
export const createPages: GatsbyNode['createPages'] = async ({ actions: gatsbyActions, reporter }) => {
  const data = getBuildData();
  const index = buildIndex(data);
  // Every page created here also gets its sitemap entry (gatsby/sitemap.ts).
  const postedAt = new Map(data.pages.map((p) => [reviewKey(p.info.productId, p.info.id), p.info.postedAt]));
  const actions = recordingSitemap(
    gatsbyActions,
    (productId, commentId) => postedAt.get(reviewKey(productId, commentId)) ?? null,
  );
  const review = template('review');
  for (const page of data.pages) {
    const context: ReviewPageData = {
      ...page,
      // Only reviews with a page of their own: a review the build skipped (malformed) would be a
      // link crawlers get no content from (scripts/check-links.ts).
      relateList: page.relateList.filter((r) => index.built.has(reviewKey(r.productId, r.commentId))),
    };
    actions.createPage({
      path: reviewPath(page.productId, page.commentId),
      component: review,
      context: { ...context },
    });
  }

  // Reviews published after this build open at their normal URL through the 404 page
  // (src/review/unbuilt.ts), not a client-only match path: a match path covering
  // /:productId/:commentId/ makes Gatsby list every static page it covers in the entry chunk
  // of every page (docs/benchmarks.md).
  reporter.info(`created ${data.pages.length} review pages`);

  const catalogue = getCatalogue();
  const { extras } = data;
  createHomePage(actions, template, { catalogue, index, articles: extras.articles });
  const categories = createCategoryPages(actions, template, { catalogue, index, listings: extras.categories });
  const products = createProductPages(actions, template, { catalogue, index, products: extras.products });
  createProductAliasPage(actions, template);
  const haul = createHaulPages(actions, template, { index, cursor: extras.haulCursor });
  createMerchantsPage(actions, template, extras.merchants);
  createArticlesPage(actions, template, extras.articles);
  reporter.info(
    `created the home page, ${categories} category pages, ${products} product pages, ${haul} showcase pages, merchants and articles`,
  );
  stopEmbeddedServer();
};
