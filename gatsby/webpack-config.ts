// Adjustments to Gatsby's webpack configuration: the site's own browser entry (boot at the
// first idle period after load), and two about rebuilds that keep .cache/.
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { stylesDigest } from './styles-digest';
import { SEARCH_PAGE_CHUNK_GROUP, builtAllTemplateChunks } from './page-chunks';

interface WebpackConfig {
  entry?: unknown;
  plugins?: unknown[];
  resolve?: { alias?: Record<string, string | false | string[]> };
  optimization?: { splitChunks?: { cacheGroups?: Record<string, SplitChunksGroup | false> } };
}

interface SplitChunksGroup {
  name?: unknown;
}

interface CssExtractPlugin {
  options?: { experimentalUseImportModule?: boolean };
}

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  actions,
  plugins,
  store,
  getConfig,
}) => {
  if (stage === 'build-html' || stage === 'develop-html') {
    // A CSS edit must re-render every page (see styles-digest.ts).
    const root = store.getState().program.directory as string;
    // The search page's chunks, which its HTML preloads (see page-chunks.ts).
    // Every page's template's chunks, which its HTML names (gatsby-ssr.tsx, bootFiles): the
    // build's stats read once.
    const templates = stage === 'build-html' ? builtAllTemplateChunks(root) : {};
    const searchChunks = templates[SEARCH_PAGE_CHUNK_GROUP] ?? [];
    actions.setWebpackConfig({
      plugins: [
        plugins.define({
          __STYLES_DIGEST__: JSON.stringify(stylesDigest(root)),
          __SEARCH_PAGE_CHUNKS__: JSON.stringify(searchChunks),
          __TEMPLATE_CHUNKS__: JSON.stringify(templates),
        }),
      ],
    });
  }
  if (stage === 'build-javascript') {
    const root = store.getState().program.directory as string;
    const config = getConfig() as WebpackConfig;
    // The site's own entry (src/boot/entry.ts) holds the shopper's taps and waits for the first
    // idle period after load, then imports Gatsby's (.cache/production-app), an async chunk group.
    const entry = config.entry as Record<string, string | string[]>;
    const gatsbyApp = entry.app;
    if (typeof gatsbyApp !== 'string' || !gatsbyApp.includes('production-app'))
      throw new Error(
        `gatsby/webpack-config.ts: Gatsby's app entry is not .cache/production-app (${String(gatsbyApp)})`,
      );
    entry.app = path.join(root, 'src', 'boot', 'entry.ts');
    config.resolve ??= {};
    // react-helmet only once a head must change (src/components/common/helmet-browser.tsx).
    config.resolve.alias = {
      ...config.resolve.alias,
      'gatsby-production-app$': gatsbyApp,
      'react-helmet$': path.join(root, 'src', 'components', 'common', 'helmet-browser.tsx'),
    };

    // mini-css-extract-plugin (1.6, Gatsby's) compiles each stylesheet in a child compiler by
    // default, and webpack mixes the child compilations' hashes into the compilation hash. A
    // build that restores the stylesheets from the persistent cache runs no child compilers,
    // so the first build after a cold one gets another compilation hash with identical
    // chunks; Gatsby inlines that hash into every page (its scripts slice), so that build
    // rewrote every HTML file (gatsbyjs/gatsby#33450; measured: 13,671 of 13,672 files at
    // 10,000 reviews). With webpack's importModule the stylesheets are built inside the main
    // compilation: no child compilers, the same hash warm or cold.
    const extract = (config.plugins ?? []).find(
      (p) => (p as object | null)?.constructor?.name === 'MiniCssExtractPlugin',
    ) as CssExtractPlugin | undefined;
    if (extract?.options) extract.options.experimentalUseImportModule = true;
    unmergeSharedAsyncChunks(config);
    actions.replaceWebpackConfig(config);
  }
};

type ChunkNamer = (module: unknown, chunks: { name?: string | null }[], key: string) => string | undefined;

/**
 * Gatsby's `shared` split-chunks group names a chunk by hashing the names of the chunks that
 * share a module. The site's lazy chunks (`import()` without a name) have none, so every module
 * shared by the same number of them got the same name, and webpack merged them all into one
 * chunk: the buy box's lazy import loaded Swiper and its zoom module (205 KB, 46 KB gzip) on a
 * review page with a video and no gallery. A module any of whose chunks is unnamed gets no name
 * here, so webpack groups it with the modules shared by exactly the same chunks (its own rule);
 * modules shared only by named chunks (page templates) keep Gatsby's names.
 */
export function unmergeSharedAsyncChunks(config: WebpackConfig): void {
  const shared = config.optimization?.splitChunks?.cacheGroups?.shared;
  if (!shared || typeof shared.name !== 'function')
    throw new Error("gatsby/webpack-config.ts: Gatsby's split-chunks group `shared` has no name function");
  const gatsbyName = shared.name as ChunkNamer;
  const name: ChunkNamer = (module, chunks, key) =>
    chunks.every((c) => !!c.name) ? gatsbyName(module, chunks, key) : undefined;
  shared.name = name;
}
