// Gatsby's own HTML renderer outside `gatsby build`, for the patch build (gatsby/patch/build.ts)
// and the deferred pages' render child (./render-child.ts):
// the SSR bundle of the last Gatsby build (.cache/page-ssr/routes/render-page.js) renders a page
// from its page data exactly as `gatsby build` does (renderHTMLProd in gatsby's
// utils/worker/child/render-html.js: the template's scripts and styles from webpack.stats.json,
// the static query results, then the slices stitched in). The same bundle, stats and static query
// results give the same bytes: tests/integration/editor/builds.test.ts compares a patched release
// with a full Gatsby build of the same data, file by file, and
// tests/integration/site/deferred-reviews.test.ts deferred pages with a full build's.
//
// Gatsby's internals are used by path (gatsby is pinned by package-lock.json); a version whose
// files moved makes the patch build refuse, and the queue runs `gatsby build` instead.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RENDERER_FILE, type TemplateShape } from '../../publish/render-protocol';

export { RENDERER_FILE, type TemplateShape };

/**
 * Gatsby's internal modules the renderer requires, with the functions it calls and their arity
 * (tests/unit/gatsby/patch-internals.test.ts checks them against the installed Gatsby).
 */
export const GATSBY_MODULES = {
  'gatsby/dist/utils/client-assets-for-template': { readWebpackStats: 1, getScriptsAndStylesForTemplate: 2 },
  'gatsby/dist/utils/static-query-utils': { getStaticQueryContext: 1 },
  // stitchScriptsSliceOnRender: this project's patch of Gatsby (patches/gatsby+5.16.1.patch).
  'gatsby/dist/utils/slices/stitching': { stitchSliceForAPage: 1, stitchScriptsSliceOnRender: 2 },
  'gatsby/dist/utils/page-data-helpers': { constructPageDataString: 4 },
} as const;

/** Keys Gatsby deletes from a page context before it writes the page data (gatsby's query-runner). */
export const GATSBY_INTERNAL_KEYS = [
  'path',
  'internalComponentName',
  'component',
  'componentChunkName',
  'updatedAt',
  'pluginCreator___NODE',
  'pluginCreatorId',
  'componentPath',
  'context',
  'isCreatedByStatefulCreatePages',
  'matchPath',
  'mode',
  'slices',
];

/** The `result` of a page's page-data.json, as Gatsby writes it for a page without a query. */
export function pageResultJson(context: Record<string, unknown>): string {
  const pageContext: Record<string, unknown> = { ...context };
  for (const k of GATSBY_INTERNAL_KEYS) delete pageContext[k];
  return JSON.stringify({ pageContext });
}

/** The page-data.json bytes of a page, as gatsby's constructPageDataString writes them. */
export function pageDataString(shape: TemplateShape, pagePath: string, resultJson: string, matchPath: string | null) {
  let body =
    `{"componentChunkName":${JSON.stringify(shape.componentChunkName)},"path":${JSON.stringify(pagePath)},` +
    `"result":${resultJson},"staticQueryHashes":${JSON.stringify(shape.staticQueryHashes)}`;
  if (shape.slicesMap !== undefined) body += `,"slicesMap":${JSON.stringify(shape.slicesMap)}`;
  if (matchPath) body += `,"matchPath":${JSON.stringify(matchPath)}`;
  return `${body}}`;
}

/** public/page-data/<path>/page-data.json ('/' is 'index'), relative to public/. */
export const pageDataFile = (pagePath: string) =>
  path.posix.join('page-data', pagePath === '/' ? 'index' : pagePath, 'page-data.json');
/** public/<path>/index.html, relative to public/. */
export const htmlFile = (pagePath: string) =>
  /\.html?$/i.test(pagePath)
    ? pagePath.replace(/^\/+/, '')
    : path.posix.join(pagePath.replace(/^\/+/, ''), 'index.html');

interface HtmlRenderer {
  default(args: Record<string, unknown>): Promise<{ html: string }>;
}

export interface PageRenderer {
  /** Renders the page into `outDir/<path>/index.html`, slices stitched in. */
  render(pagePath: string, pageDataJson: string): Promise<void>;
  close(): void;
}

/**
 * Opens the last Gatsby build's renderer in `root` (the staging workspace: its .cache/ and
 * public/ are read, never written). Must run with `root` as the working directory, as Gatsby's
 * static query reader resolves public/ from it.
 */
export async function openRenderer(root: string, outDir: string): Promise<PageRenderer> {
  if (path.resolve(process.cwd()) !== path.resolve(root)) throw new Error(`the renderer must run in ${root}`);
  const rootRequire = createRequire(path.join(root, 'package.json'));
  const [assetsModule, staticQueryModule, stitchingModule] = Object.keys(GATSBY_MODULES);
  const assets = rootRequire(assetsModule) as {
    readWebpackStats(publicDir: string): Promise<unknown>;
    getScriptsAndStylesForTemplate(chunk: string, stats: unknown): Promise<Record<string, unknown>>;
  };
  const staticQueries = rootRequire(staticQueryModule) as {
    getStaticQueryContext(hashes: string[]): Promise<{ staticQueryContext: unknown }>;
  };
  const stitching = rootRequire(stitchingModule) as {
    stitchSliceForAPage(args: { pagePath: string; publicDir: string }): Promise<void>;
    stitchScriptsSliceOnRender(html: string, publicDir: string): Promise<string | null>;
  };
  const publicDir = path.join(root, 'public');
  // What gatsby build sets for its HTML workers (build-html.js, renderHTMLQueue).
  Object.assign(process.env, { NODE_ENV: 'production', gatsby_executing_command: 'build' });
  const renderer = rootRequire(path.join(root, RENDERER_FILE)) as HtmlRenderer;
  const stats = await assets.readWebpackStats(publicDir);
  const { webpackCompilationHash } = JSON.parse(
    fs.readFileSync(path.join(publicDir, 'page-data', 'app-data.json'), 'utf8'),
  ) as { webpackCompilationHash: string };
  // Stitching reads the slices' HTML from <publicDir>/_gatsby/slices: a link to the build's, for
  // the time of the rendering only (the caller removes it with close()).
  fs.mkdirSync(outDir, { recursive: true });
  const slices = path.join(outDir, '_gatsby');
  fs.rmSync(slices, { recursive: true, force: true });
  fs.symlinkSync(path.join(publicDir, '_gatsby'), slices, 'dir');
  const perTemplate = new Map<string, Promise<Record<string, unknown>>>();
  const resources = (chunk: string, hashes: string[]) => {
    let r = perTemplate.get(chunk);
    if (!r) {
      r = Promise.all([
        assets.getScriptsAndStylesForTemplate(chunk, stats),
        staticQueries.getStaticQueryContext(hashes),
      ]).then(([scripts, sq]) => ({ ...scripts, staticQueryContext: sq.staticQueryContext }));
      perTemplate.set(chunk, r);
    }
    return r;
  };
  return {
    async render(pagePath, pageDataJson) {
      const pageData = JSON.parse(pageDataJson) as TemplateShape;
      const { html } = await renderer.default({
        pagePath,
        pageData,
        webpackCompilationHash,
        context: { isDuringBuild: true },
        ...(await resources(pageData.componentChunkName, pageData.staticQueryHashes)),
      });
      const file = path.join(outDir, htmlFile(pagePath));
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // As gatsby build's render worker does (the patch): a page whose only slice is Gatsby's
      // scripts slice is stitched before it is written; another is written, then stitched.
      const stitched = await stitching.stitchScriptsSliceOnRender(html, outDir);
      await fs.promises.writeFile(file, stitched ?? html);
      if (stitched === null) await stitching.stitchSliceForAPage({ pagePath, publicDir: outDir });
    },
    close() {
      fs.rmSync(slices, { force: true });
    },
  };
}
