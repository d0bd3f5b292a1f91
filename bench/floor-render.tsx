// The floor of the build section: the same review pages rendered with react-dom/server alone,
// in one process, writing the same files (an HTML document and a page-data.json per page).
//   node --import tsx bench/floor-render.tsx <builtPublicDir> <outDir>
// Page contexts are read from the Gatsby build's own page-data files (so the floor renders
// exactly what the build rendered), outside the timed part. The real template
// (src/templates/review.tsx, with the shell Layout and react-helmet head) is rendered.
// Prints RESULT=<json>.
import fs from 'node:fs';
import path from 'node:path';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { Helmet } from 'react-helmet';
import Module from 'node:module';
import type { ReviewPageData } from '../src/review/page-data';

const [publicDir, outDir] = process.argv.slice(2);

// The globals Gatsby's webpack DefinePlugin gives the HTML renderer (gatsby-link reads them).
Object.assign(globalThis, { __BASE_PATH__: '/review', __PATH_PREFIX__: '/review', __TRAILING_SLASH__: 'always' });

// Gatsby compiles `graphql` tags and useStaticQuery away; outside its webpack build the
// footer's static query is answered from the build's own static query results
// (public/page-data/sq/d/*.json). Everything else of 'gatsby' (Link, navigate) is the real one.
const sqDir = path.join(publicDir, 'page-data', 'sq', 'd');
const staticData = fs.existsSync(sqDir)
  ? fs
      .readdirSync(sqDir)
      .map((f) => (JSON.parse(fs.readFileSync(path.join(sqDir, f), 'utf8')) as { data: unknown }).data)
  : [];
const mod = Module as unknown as { _load: (req: string, parent: unknown, isMain: boolean) => unknown };
const load = mod._load;
let shim: unknown = null;
mod._load = function (req, parent, isMain) {
  const real = load.call(this, req, parent, isMain);
  if (req !== 'gatsby') return real;
  shim ??= {
    ...(real as object),
    graphql: () => null,
    useStaticQuery: () => (staticData.length === 1 ? staticData[0] : Object.assign({}, ...(staticData as object[]))),
  };
  return shim;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the page's globals are set
const ReviewTemplate = (require('../src/templates/review') as typeof import('../src/templates/review')).default;

function reviewPageData(): { path: string; context: ReviewPageData }[] {
  const out: { path: string; context: ReviewPageData }[] = [];
  const root = path.join(publicDir, 'page-data');
  for (const p of fs.readdirSync(root).filter((n) => /^\d+$/.test(n))) {
    for (const c of fs.readdirSync(path.join(root, p)).filter((n) => /^\d+$/.test(n))) {
      const f = path.join(root, p, c, 'page-data.json');
      if (!fs.existsSync(f)) continue;
      const d = JSON.parse(fs.readFileSync(f, 'utf8')) as {
        componentChunkName: string;
        path: string;
        result: { pageContext: ReviewPageData };
      };
      if (d.componentChunkName === 'component---src-templates-review-tsx')
        out.push({ path: d.path, context: d.result.pageContext });
    }
  }
  return out;
}

const pages = reviewPageData();
// The CSS Gatsby inlines into every page, so the floor writes documents of the same size.
const sample = pages[0] ? fs.readFileSync(path.join(publicDir, pages[0].path, 'index.html'), 'utf8') : '';
const inlineStyle = /<style\b[^>]*>[\s\S]*?<\/style>/.exec(sample)?.[0] ?? '';
const loadedRss = process.memoryUsage().rss;
const t0 = performance.now();
let bytes = 0;
for (const page of pages) {
  // The props Gatsby passes a page component (the template reads pageContext only).
  const props = {
    pageContext: page.context,
    path: page.path,
    location: { pathname: `/review${page.path}` },
    data: {},
    params: {},
    uri: page.path,
    pageResources: null,
    children: undefined,
    serverData: undefined,
  } as never;
  const body = renderToString(React.createElement(ReviewTemplate, props));
  const head = Helmet.renderStatic();
  const html = `<!DOCTYPE html><html ${head.htmlAttributes.toString()}><head>${head.title.toString()}${head.meta.toString()}${head.link.toString()}${head.script.toString()}${inlineStyle}</head><body><div id="___gatsby"><div id="gatsby-focus-wrapper">${body}</div></div></body></html>`;
  const dir = path.join(outDir, page.path);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  const data = JSON.stringify({
    componentChunkName: 'component---src-templates-review-tsx',
    path: page.path,
    result: { pageContext: page.context },
    staticQueryHashes: [],
  });
  const dataDir = path.join(outDir, 'page-data', page.path);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'page-data.json'), data);
  bytes += html.length + data.length;
}
const ms = performance.now() - t0;
process.stdout.write(
  `RESULT=${JSON.stringify({ pages: pages.length, ms, bytes, maxRssMB: process.resourceUsage().maxRSS / 1024, loadedRssMB: loadedRss / 2 ** 20 })}\n`,
);
