// Section 7: page context vs GraphQL page queries at scale (issue 5, "Build": "Measure the
// choice between page context and GraphQL queries at scale; Gatsby issues report page
// queries as the bottleneck past 10,000 pages").
//
// The same N review pages are built two ways in throwaway Gatsby sites under the temp dir
// (node_modules symlinked, no plugins, no path prefix):
//   (a) context: createPages puts each review's data in the page context (what the project
//       does, gatsby/create-pages.ts);
//   (b) query:   sourceNodes creates one `Review` node per review (explicit schema,
//       @dontInfer), createPages lists them with one `allReview` query, and each page fetches
//       its data with a page query by node id.
// Both read the same data: the page contexts the project's sourcing produces
// (gatsby/sourcing/fetch-reviews.ts against the reference server on a seeded database),
// written once to a JSON file outside the timed builds, so sourcing over HTTP is in neither.
// Both render the same fields with the same markup (a minimal copy of the review template:
// no shell, no helmet, no swiper). Figures: wall time, Gatsby's query step ("run queries in
// workers" in Gatsby 5, "run page queries" before),
// the HTML step, peak memory of the process tree; ratio query / context.
import fs from 'node:fs';
import { SITE_PAGE_TYPE_DEFS } from '../gatsby/schema-customization';
import path from 'node:path';
import { fig, log, round, type Figure, type SectionResult } from './lib/report';
import { ROOT, seededDb, startReferenceServer, type BenchContext } from './lib/data';
import { runMeasured } from './lib/proc';
import { parseGatsbyLog } from './lib/site';
import { createStorefrontClient } from '../src/storefront/client';
import { fetchReviews } from '../gatsby/sourcing/fetch-reviews';
import { reviewSourceApi } from '../gatsby/sourcing/review-source-api';
import { stripVTControlCharacters } from 'node:util';

type Variant = 'context' | 'query';

/** The rendering both variants share: the fields of the review page, same markup. */
const VIEW = `import * as React from 'react';

const day = (ms) => (ms == null ? '' : new Date(ms + 8 * 3600 * 1000).toISOString().slice(0, 10));

export function ReviewView({ r }) {
  const sku = r.sku || {};
  const spec = [sku.color, sku.size, sku.width].filter(Boolean).join('｜');
  const price = sku.cents != null && sku.rate != null ? '¥' + ((sku.cents * sku.rate) / 100).toFixed(2) : null;
  return (
    <main>
      <nav><a href="/">首页</a> / <a href="/haul/">晒单</a> / <span>{r.userLabel || '用户晒单'}</span></nav>
      <section>
        {r.userAvatar ? <img src={r.userAvatar} alt="" width="40" height="40" /> : null}
        <strong>{r.userLabel}</strong>
        {r.medal ? <span>{r.medal.image ? <img src={r.medal.image} alt="" width="16" height="16" /> : null}{r.medal.text}</span> : null}
        <span aria-label={'满意度 ' + (r.score || 0)}>{'★'.repeat(r.score || 0)}</span>
        <time>{day(r.postedAt)}</time>
        <span>{r.likes || '赞'}</span>
      </section>
      <ul>{r.gallery.map((g) => <li key={g.id}><img src={g.full.url} width={g.full.width} height={g.full.height} alt={r.content.slice(0, 120)} /><img src={g.thumb.url} width={g.thumb.width} height={g.thumb.height} alt="" />{g.videoUrl ? <a href={g.videoUrl}>视频</a> : null}</li>)}</ul>
      <p>{sku.name}</p>
      {spec ? <p>{spec}</p> : null}
      {price ? <p>{price}</p> : null}
      <ul>{r.tags.map((t) => <li key={t}>{t}</li>)}</ul>
      <p>{r.content}</p>
      <a href={'/pd/' + r.productId + '/'}>查看商品</a>
      <ul>{r.similarProducts.map((p) => <li key={p.id}><a href={'/pd/' + p.id + '/'}>{p.image ? <img src={p.image} alt={p.nameCN || p.name} width="120" height="120" /> : null}{p.nameCN || p.name} {p.priceTagCN || p.priceTag} {p.marks.join(' ')} {p.labels.join(' ')} {p.origin}</a></li>)}</ul>
      <ul>{r.relateList.map((x) => <li key={x.commentId}><a href={'/' + x.productId + '/' + x.commentId + '/'}>{x.image ? <img src={x.image} alt="" width="120" height="160" /> : null}{x.userAvatar ? <img src={x.userAvatar} alt="" width="20" height="20" /> : null}{x.userLabel} {x.content || '好评'} {x.likes}</a></li>)}</ul>
    </main>
  );
}
`;

const CONTEXT_TEMPLATE = `import * as React from 'react';
import { ReviewView } from '../review-view';

export default function Review({ pageContext }) {
  const { info, relateList, similarProducts } = pageContext;
  return <ReviewView r={{ ...info, commentId: info.id, relateList, similarProducts }} />;
}
`;

// Both sites declare SitePage @dontInfer as the project does (gatsby/schema-customization.ts):
// without it Gatsby's inference walks every page context, which made (a) pay ~25 s at 10,000.
const SITE_PAGE = `exports.createSchemaCustomization = ({ actions }) => {
  actions.createTypes(${JSON.stringify(SITE_PAGE_TYPE_DEFS)});
};
`;

const CONTEXT_NODE = `const fs = require('fs');
const path = require('path');
${SITE_PAGE}
exports.createPages = ({ actions }) => {
  const pages = JSON.parse(fs.readFileSync(process.env.CVQ_DATA, 'utf8'));
  const component = path.resolve('src/templates/review.js');
  for (const p of pages) {
    actions.createPage({
      path: '/' + p.info.productId + '/' + p.info.id + '/',
      component,
      context: { productId: p.info.productId, commentId: p.info.id, info: p.info, relateList: p.relateList, similarProducts: p.similarProducts },
    });
  }
};
`;

// Every field of the page context, so the page-data of both variants carries the same data.
const FIELDS = `commentId productId content userLabel userAvatar likes postedAt score tags
      medal { image text }
      gallery { id isVideoCover videoUrl full { url width height } thumb { url width height } }
      sku { name cents rate color size width }
      relateList { commentId productId image userLabel userAvatar content likes }
      similarProducts { id name nameCN image priceTagCN priceTag marks labels origin }`;

const QUERY_TEMPLATE = `import * as React from 'react';
import { graphql } from 'gatsby';
import { ReviewView } from '../review-view';

export default function Review({ data }) {
  return <ReviewView r={data.review} />;
}

export const query = graphql\`
  query ReviewById($id: String!) {
    review(id: { eq: $id }) {
      ${FIELDS}
    }
  }
\`;
`;

const QUERY_NODE = `const fs = require('fs');
const path = require('path');

exports.createSchemaCustomization = ({ actions }) => {
  actions.createTypes(${JSON.stringify(SITE_PAGE_TYPE_DEFS)});
  actions.createTypes(\`
    type ReviewImage { url: String! width: Int! height: Int! }
    type ReviewGalleryItem { id: String! isVideoCover: Boolean! videoUrl: String full: ReviewImage! thumb: ReviewImage! }
    type ReviewMedal { image: String text: String }
    type ReviewSku { name: String cents: Float rate: Float color: String size: String width: String }
    type RelatedReview { commentId: String! productId: String! image: String userLabel: String userAvatar: String content: String likes: Int }
    type SimilarProduct { id: String! name: String nameCN: String image: String priceTagCN: String priceTag: String marks: [String!]! labels: [String!]! origin: String }
    type Review implements Node @dontInfer {
      commentId: String! productId: String! content: String! userLabel: String userAvatar: String
      likes: Int postedAt: Float score: Int tags: [String!]!
      medal: ReviewMedal gallery: [ReviewGalleryItem!]! sku: ReviewSku
      relateList: [RelatedReview!]! similarProducts: [SimilarProduct!]!
    }
  \`);
};

exports.sourceNodes = ({ actions, createNodeId, createContentDigest }) => {
  const pages = JSON.parse(fs.readFileSync(process.env.CVQ_DATA, 'utf8'));
  for (const p of pages) {
    const { id, ...info } = p.info;
    const fields = { ...info, commentId: id, relateList: p.relateList, similarProducts: p.similarProducts };
    actions.createNode({
      ...fields,
      id: createNodeId('review-' + id),
      parent: null,
      children: [],
      internal: { type: 'Review', contentDigest: createContentDigest(fields) },
    });
  }
};

exports.createPages = async ({ graphql, actions, reporter }) => {
  const r = await graphql('{ allReview { nodes { id commentId productId } } }');
  if (r.errors) reporter.panic('allReview', r.errors);
  const component = path.resolve('src/templates/review.js');
  for (const n of r.data.allReview.nodes) {
    actions.createPage({ path: '/' + n.productId + '/' + n.commentId + '/', component, context: { id: n.id } });
  }
};
`;

function writeSite(ctx: BenchContext, variant: Variant, n: number): string {
  const dir = path.join(ctx.tmp, `cvq-${variant}-${n}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src', 'templates'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: `cvq-${variant}`,
      private: true,
      version: '0.0.0',
      dependencies: { gatsby: '*', react: '*', 'react-dom': '*' },
    }),
  );
  fs.writeFileSync(path.join(dir, 'gatsby-config.js'), "module.exports = { trailingSlash: 'always' };\n");
  fs.writeFileSync(path.join(dir, 'gatsby-node.js'), variant === 'context' ? CONTEXT_NODE : QUERY_NODE);
  fs.writeFileSync(path.join(dir, 'src', 'review-view.js'), VIEW);
  fs.writeFileSync(
    path.join(dir, 'src', 'templates', 'review.js'),
    variant === 'context' ? CONTEXT_TEMPLATE : QUERY_TEMPLATE,
  );
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The page contexts of N reviews as the project's sourcing produces them, in a JSON file. */
async function sourceData(ctx: BenchContext, n: number): Promise<{ file: string; pages: number; mb: number }> {
  const { file: dbFile } = seededDb(ctx, n);
  const server = await startReferenceServer(ctx, dbFile);
  try {
    const client = createStorefrontClient({ mode: 'build', baseURL: server.url });
    const data = await fetchReviews(reviewSourceApi(client), { concurrency: 8 });
    const file = path.join(ctx.tmp, `cvq-data-${n}.json`);
    fs.writeFileSync(file, JSON.stringify(data.pages));
    return { file, pages: data.pages.length, mb: fs.statSync(file).size / 2 ** 20 };
  } finally {
    await server.stop();
  }
}

interface VariantRun {
  ms: number;
  queriesS: number | null;
  htmlS: number | null;
  pages: number | null;
  peakTreeMB: number;
  peakProcessMB: number;
  steps: Record<string, number>;
  pageDataMB: number;
}

function dirMB(dir: string): number {
  let bytes = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else bytes += fs.statSync(p).size;
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return bytes / 2 ** 20;
}

async function buildVariant(ctx: BenchContext, variant: Variant, n: number, dataFile: string): Promise<VariantRun> {
  const dir = writeSite(ctx, variant, n);
  log(`context-vs-query: ${variant}, ${n} reviews: gatsby build in ${dir}`);
  const r = await runMeasured(process.execPath, [path.join(ROOT, 'node_modules', 'gatsby', 'cli.js'), 'build'], {
    cwd: dir,
    env: { ...process.env, CVQ_DATA: dataFile, GATSBY_TELEMETRY_DISABLED: '1', CI: 'true' },
    timeoutMs: 60 * 60_000,
    echo: process.env.BENCH_VERBOSE ? `[cvq ${variant} ${n}]` : undefined,
  });
  const out = r.stdout + r.stderr;
  fs.writeFileSync(path.join(ctx.tmp, `cvq-${variant}-${n}.log`), out);
  if (r.code !== 0) throw new Error(`${variant} build of ${n} reviews failed (${r.code}): ${out.slice(-1500)}`);
  const parsed = parseGatsbyLog(out);
  const plain = stripVTControlCharacters(out);
  // Gatsby 5 names the step "run queries in workers" (page and static queries), older ones "run page queries".
  const q = /^success (?:run page queries|run queries in workers) - ([\d.]+)s\b/m.exec(plain);
  const run: VariantRun = {
    ms: r.ms,
    queriesS: q ? Number(q[1]) : null,
    htmlS: parsed.html?.seconds ?? null,
    pages: parsed.html?.pages ?? null,
    peakTreeMB: r.memory.peakTreeRssMB,
    peakProcessMB: r.memory.peakProcessHwmMB,
    steps: parsed.steps,
    pageDataMB: dirMB(path.join(dir, 'public', 'page-data')),
  };
  log(
    `context-vs-query: ${variant}, ${n}: ${round(r.ms / 1000, 1)} s, page queries ${run.queriesS ?? '?'} s, HTML ${run.htmlS ?? '?'} s, peak tree ${run.peakTreeMB} MB`,
  );
  if (!ctx.keep) fs.rmSync(dir, { recursive: true, force: true });
  return run;
}

export async function runContextVsQuery(ctx: BenchContext, sizes: number[]): Promise<SectionResult> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const details: unknown[] = [];
  for (const n of sizes) {
    const label = n.toLocaleString('en-US');
    const data = await sourceData(ctx, n);
    log(`context-vs-query: ${data.pages} page contexts (${round(data.mb, 1)} MB JSON) for ${label} reviews`);
    const context = await buildVariant(ctx, 'context', n, data.file);
    const query = await buildVariant(ctx, 'query', n, data.file);
    const C = 'page context (a)';
    figures.push(
      fig(`${label} reviews, page queries (b): build wall time`, query.ms / 1000, 's', {
        name: C,
        value: context.ms / 1000,
      }),
    );
    figures.push(
      fig(`${label} reviews, page queries (b): query step ("run queries in workers")`, query.queriesS ?? NaN, 's', {
        name: C,
        value: Math.max(context.queriesS ?? 0, 0.001),
      }),
    );
    figures.push(
      fig(`${label} reviews, page queries (b): HTML step`, query.htmlS ?? NaN, 's', {
        name: C,
        value: context.htmlS ?? 0,
      }),
    );
    figures.push(
      fig(`${label} reviews, page queries (b): peak RSS, process tree`, query.peakTreeMB, 'MB', {
        name: C,
        value: context.peakTreeMB,
      }),
    );
    figures.push(
      fig(`${label} reviews, page queries (b): peak RSS, largest process`, query.peakProcessMB, 'MB', {
        name: C,
        value: context.peakProcessMB,
      }),
    );
    figures.push(
      fig(`${label} reviews, page queries (b): page-data on disk`, query.pageDataMB, 'MB', {
        name: C,
        value: context.pageDataMB,
      }),
    );
    const top = (s: Record<string, number>) =>
      Object.entries(s)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, v]) => `${k} ${round(v, 1)} s`)
        .join(', ');
    notes.push(
      `${label} reviews (${data.pages} pages, page contexts ${round(data.mb, 1)} MB of JSON): (a) context ${round(context.ms / 1000, 1)} s, query step ${context.queriesS ?? '?'} s, slowest steps ${top(context.steps)}; (b) query ${round(query.ms / 1000, 1)} s, query step ${query.queriesS ?? '?'} s, slowest steps ${top(query.steps)}.`,
    );
    details.push({ reviews: n, pages: data.pages, dataMB: data.mb, context, query });
    fs.rmSync(data.file, { force: true });
  }
  notes.push(
    `Both sites: Gatsby 5 from the project's node_modules, no plugins, the same minimal review markup and the same fields (every field of the page context is queried in (b), so both page-data files carry the same data); (b) lists its pages with one allReview query in createPages. Sourcing over HTTP is done once before both builds and is in neither figure. Gatsby 5 calls the query step "run queries in workers" (it runs page and static queries, in worker processes); it also runs in (a), where each page's result is just its context.`,
  );
  return {
    section: 'context-vs-query',
    title: '7. Page context vs GraphQL page queries (same review pages, two minimal sites)',
    figures,
    notes,
    details,
  };
}
