// Page weight of a built Gatsby page, from the files alone (deterministic): what a first visit
// downloads before the page is interactive. Shared by the bench (section 3) and the byte-budget
// test (tests/e2e/page-weight.test.ts).
//
// - JavaScript: the <script src> of the HTML (webpack runtime, framework, app) plus the page
//   component's chunk group from webpack.stats.json (the component chunk and the shared chunks
//   it needs), which Gatsby's loader fetches at once; chunks loaded later (import() on
//   interaction, e.g. the mega-menu) are not first-load.
// - CSS: the <style> Gatsby inlines into the HTML, <link rel="stylesheet"> files, and CSS files
//   of the component's chunk group.
// - HTML: the document itself (with the inlined CSS and JSON-LD).
// - Requests: the document, each JS and CSS file, page-data.json and app-data.json (images and
//   fonts not counted; the browser measurement in the bench counts them).
// Sizes are gzip level 9 of each file on its own (as a server with static gzip would send them).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const PREFIX = '/review';

export interface PageWeight {
  page: string;
  component: string | null;
  html: { bytes: number; gzip: number };
  inlineCss: { bytes: number; gzip: number };
  js: { files: string[]; bytes: number; gzip: number };
  css: { files: string[]; bytes: number; gzip: number };
  data: { files: string[]; bytes: number; gzip: number };
  /** First-load requests counted from the files (document + JS + CSS + page data). */
  requests: number;
}

const gz = (b: Buffer | string) => zlib.gzipSync(b, { level: 9 }).length;

/** Site path of a public/ file reference: drops the path prefix and any query. */
function fileOf(publicDir: string, ref: string, prefix: string): string | null {
  if (/^(https?:)?\/\//.test(ref)) return null; // third-party: not ours to weigh
  let p = ref.split(/[?#]/)[0];
  if (prefix && p.startsWith(prefix + '/')) p = p.slice(prefix.length);
  const abs = path.join(publicDir, p);
  return fs.existsSync(abs) ? abs : null;
}

interface Stats {
  namedChunkGroups: Record<string, { assets: ({ name: string } | string)[] }>;
}
const statsCache = new Map<string, Stats>();
function stats(publicDir: string): Stats {
  let s = statsCache.get(publicDir);
  if (!s) {
    s = JSON.parse(fs.readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8')) as Stats;
    statsCache.set(publicDir, s);
  }
  return s;
}

function sum(files: string[]) {
  let bytes = 0;
  let gzip = 0;
  for (const f of files) {
    const b = fs.readFileSync(f);
    bytes += b.length;
    gzip += gz(b);
  }
  return { bytes, gzip };
}

/** Weighs the page at `pagePath` (site path without the prefix, e.g. "/" or "/100001/5000001/"). */
export function pageWeight(publicDir: string, pagePath: string, prefix = PREFIX): PageWeight {
  const dir = path.join(publicDir, pagePath);
  const htmlFile = path.join(dir, 'index.html');
  const html = fs.readFileSync(htmlFile, 'utf8');

  const scripts = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(m[1])?.[1];
    if (src) {
      const f = fileOf(publicDir, src, prefix);
      if (f) scripts.add(f);
    }
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/g)) {
    const attrs = m[1];
    const href = /\bhref="([^"]+)"/.exec(attrs)?.[1];
    if (!href) continue;
    // Scripts preloaded, or prefetched for hydration (Gatsby's runtime and React, which the
    // site's entry imports when the shopper engages: src/boot/entry.ts).
    const script =
      (/\brel="(?:preload|modulepreload)"/.test(attrs) && /\bas="script"/.test(attrs)) ||
      (/\brel="prefetch"/.test(attrs) && /\.js(?:[?#"]|$)/.test(href));
    if (script) {
      const f = fileOf(publicDir, href, prefix);
      if (f) scripts.add(f);
    }
  }
  const cssFiles = new Set<string>();
  for (const m of html.matchAll(/<link\b([^>]*)>/g)) {
    if (!/\brel="stylesheet"/.test(m[1])) continue;
    const href = /\bhref="([^"]+)"/.exec(m[1])?.[1];
    if (href) {
      const f = fileOf(publicDir, href, prefix);
      if (f) cssFiles.add(f);
    }
  }
  let inlineCss = '';
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) inlineCss += m[1];

  const dataFiles: string[] = [];
  const pageData = path.join(
    publicDir,
    'page-data',
    pagePath === '/' ? 'index' : pagePath.replace(/^\/|\/$/g, ''),
    'page-data.json',
  );
  let component: string | null = null;
  if (fs.existsSync(pageData)) {
    dataFiles.push(pageData);
    component =
      (JSON.parse(fs.readFileSync(pageData, 'utf8')) as { componentChunkName?: string }).componentChunkName ?? null;
  }
  const appData = path.join(publicDir, 'page-data', 'app-data.json');
  if (fs.existsSync(appData)) dataFiles.push(appData);

  if (component) {
    const group = stats(publicDir).namedChunkGroups[component];
    for (const a of group?.assets ?? []) {
      const name = typeof a === 'string' ? a : a.name;
      const f = path.join(publicDir, name);
      if (!fs.existsSync(f)) continue;
      if (name.endsWith('.js')) scripts.add(f);
      else if (name.endsWith('.css')) cssFiles.add(f);
    }
  }

  const js = [...scripts].sort();
  const css = [...cssFiles].sort();
  const jsSum = sum(js);
  const cssSum = sum(css);
  const inline = { bytes: Buffer.byteLength(inlineCss), gzip: inlineCss ? gz(inlineCss) : 0 };
  const rel = (f: string) => path.relative(publicDir, f);
  return {
    page: pagePath,
    component,
    html: { bytes: Buffer.byteLength(html), gzip: gz(html) },
    inlineCss: inline,
    js: { files: js.map(rel), ...jsSum },
    css: { files: css.map(rel), bytes: cssSum.bytes + inline.bytes, gzip: cssSum.gzip + inline.gzip },
    data: { files: dataFiles.map(rel), ...sum(dataFiles) },
    requests: 1 + js.length + css.length + dataFiles.length,
  };
}

const isId = (s: string) => /^\d+$/.test(s);
const firstDir = (dir: string, pred: (s: string) => boolean = () => true) => {
  if (!fs.existsSync(dir)) return null;
  const names = fs
    .readdirSync(dir)
    .filter(
      (n) =>
        (pred(n) && fs.existsSync(path.join(dir, n, 'index.html'))) ||
        (pred(n) && fs.statSync(path.join(dir, n)).isDirectory()),
    );
  return names.sort()[0] ?? null;
};

/** One built page of each kind (review, home, category, product, haul), site paths. */
export function pagesByKind(publicDir: string): Record<string, string> {
  const out: Record<string, string> = { home: '/' };
  const product = fs.readdirSync(publicDir).filter(isId).sort()[0];
  if (product) {
    const review = fs
      .readdirSync(path.join(publicDir, product))
      .filter((n) => isId(n) && fs.existsSync(path.join(publicDir, product, n, 'index.html')))
      .sort()[0];
    if (review) out.review = `/${product}/${review}/`;
  }
  const cat = firstDir(path.join(publicDir, 'category'));
  if (cat) out.category = `/category/${cat}/`;
  const pd = firstDir(path.join(publicDir, 'pd'));
  if (pd) out.product = `/pd/${pd}/`;
  if (fs.existsSync(path.join(publicDir, 'haul', 'index.html'))) out.haul = '/haul/';
  return out;
}

/** Every built review page (/{productId}/{commentId}/), site paths. */
export function reviewPages(publicDir: string): string[] {
  const out: string[] = [];
  for (const p of fs.readdirSync(publicDir).filter(isId)) {
    for (const c of fs.readdirSync(path.join(publicDir, p)).filter(isId)) {
      if (fs.existsSync(path.join(publicDir, p, c, 'index.html'))) out.push(`/${p}/${c}/`);
    }
  }
  return out.sort();
}

export const KB = 1024;
