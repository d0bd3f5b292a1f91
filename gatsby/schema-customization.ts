import type { GatsbyNode } from 'gatsby';

/**
 * Gatsby keeps schema inference metadata for every node it creates, the SitePage node of each
 * createPage included: it walks the whole page context and runs every string through moment's
 * date parser (gatsby/dist/schema/infer/inference-metadata.js, `looksLikeADate`). The built-in
 * SitePage type is `@dontInfer` already, but that never reaches the inference reducer; declaring
 * it here does (the site's own gatsby-node may extend a built-in type). A CPU profile of the
 * 10,000-review build put 42.9 of createPages' 51.5 s there (docs/benchmarks.md).
 */
export const SITE_PAGE_TYPE_DEFS = 'type SitePage implements Node @dontInfer { path: String! }';

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(SITE_PAGE_TYPE_DEFS);
};
