// The patch build (issue 13, "one edited review < 15% of the cold build"): for a build with a
// hint, instead of `gatsby build`, which spends its time on per-page bookkeeping for every page
// of the site whatever changed (docs/benchmarks.md, "Editors' builds"), this child:
//
//   1. sources like the Gatsby build, incrementally (gatsby/sourcing/*: the hint's reviews
//      fetched, the rest reused from the last build's data);
//   2. creates every page with the same page creators (gatsby/pages/all.ts) into a recorder, and
//      compares each page's digest with the last build's manifest (gatsby/patch/manifest.ts);
//   3. writes page-data.json and HTML of the pages that differ only, with Gatsby's own renderer
//      from the last Gatsby build (gatsby/renderer/render.ts), and the sitemaps when they differ;
//   4. prepares the new release beside the others: the last one hard-linked, these files
//      replaced and the deleted pages left out (publish/releases.ts,
//      preparePatchRelease); the queue then serves it with one switch (publishPrepared).
//
// It never writes the staging workspace's public/ or .cache/: the next `gatsby build` there
// compares the data with its own last build and rewrites what differs, patches included.
//
// Run by server/builds/gatsby-runner.ts in the workspace (cwd) as
//   node --import tsx gatsby/patch/build.ts
// with STOREFRONT_API_URL, BUILD_INPUT_FILE, BUILD_DATA_DIR, PATCH_WORK_DIR (emptied: out/ and
// result.json), PATCH_BASE_DIR (the release the patch applies to) and PATCH_RELEASE_DIR (where
// to prepare the new release: releases/.patch-<build>). Exit 0: done; 1: the build
// fails (a required endpoint); NOT_APPLICABLE (3): the queue runs `gatsby build` instead.
import fs from 'node:fs';
import path from 'node:path';
import { getCatalogue } from '../../src/catalogue';
import { createStorefrontClient } from '../../src/storefront/client';
import type { BuildData } from '../build-data';
import { createAllPages, postedAtOf, templatePath } from '../pages/all';
import type { PageInput } from '../pages/types';
import { markChanged, recordedPages, recordingSitemap, type SitemapEntry } from '../sitemap';
import { writeSitemapsWithFeed } from '../sitemap-post-build';
import { RequiredEndpointError } from '../sourcing/errors';
import { extrasSourceApi } from '../sourcing/extras-api';
import { fetchExtras } from '../sourcing/fetch-extras';
import { fetchReviews } from '../sourcing/fetch-reviews';
import { loadLastBuild, readBuildInput, saveBuildData, sourcingPlan } from '../sourcing/incremental';
import { writeReport } from '../sourcing/report';
import { reviewSourceApi } from '../sourcing/review-source-api';
import { preparePatchRelease } from '../../publish/release-files';
import { sourcedProductIds, staticHubsLimit, staticReviewsLimit } from '../sourcing/static-set';
import { deferredFiles } from '../deferred/data';
import { DEFERRED_DIR, META_FILE } from '../../publish/render-protocol';
import {
  loadFileRoutes,
  loadManifest,
  manifestEntry,
  type Manifest,
  saveFileRoutes,
  saveManifest,
  stampChanges,
} from './manifest';
import { DATA, ENV, EXIT, PATCH_RESULT, type PatchResult } from '../../publish/build-protocol';
import {
  RENDERER_FILE,
  htmlFile,
  openRenderer,
  pageDataFile,
  pageDataString,
  pageResultJson,
  type TemplateShape,
} from '../renderer/render';

/** The patch cannot apply (no last build, no manifest...): not an error, `gatsby build` runs instead. */
export class NotApplicable extends Error {}

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

async function source(apiUrl: string, dataDir: string): Promise<BuildData> {
  const input = readBuildInput();
  if (!input.hint) throw new NotApplicable('the build has no hint (a full build)');
  const last = await loadLastBuild(dataDir);
  if (!last) throw new NotApplicable('no data from a last build');
  const plan = sourcingPlan(input, last);
  if (!plan.incremental) throw new NotApplicable('not incremental');
  const client = createStorefrontClient({ mode: 'build', baseURL: apiUrl });
  const concurrency = Number(process.env.SOURCE_CONCURRENCY ?? 8);
  const data = await fetchReviews(reviewSourceApi(client), {
    exclude: plan.exclude,
    reuse: plan.reuse,
    concurrency,
    staticLimit: staticReviewsLimit(),
    staticHubs: staticHubsLimit(),
  });
  const extras = await fetchExtras(extrasSourceApi(client), {
    // The products of the hubs and review pages built ahead only (a bounded build defers the
    // others, gatsby/pages/build-index.ts), as the Gatsby build sources them (on-pre-init.ts).
    productIds: sourcedProductIds(
      data.hubIds,
      data.pages.map((p) => p.productId),
    ),
    categoryIds: [...getCatalogue().byId.keys()],
    concurrency,
    exclude: plan.exclude,
    reuseProduct: plan.reuseProduct,
  });
  await saveBuildData(dataDir, data.pages, extras.products.values());
  writeReport(process.cwd(), apiUrl, data.pages.length, data.skipped, extras.skipped);
  return { ...data, apiUrl, extras };
}

/** The template's page-data shape, from one of its pages in the last Gatsby build's public/. */
function templateShapes(publicDir: string, manifest: Manifest) {
  const shapes = new Map<string, TemplateShape>();
  return (name: string): TemplateShape => {
    let shape = shapes.get(name);
    if (shape) return shape;
    for (const [p, e] of manifest) {
      if (e.template !== name) continue;
      try {
        const d = JSON.parse(fs.readFileSync(path.join(publicDir, pageDataFile(p)), 'utf8')) as TemplateShape;
        shape = { componentChunkName: d.componentChunkName, staticQueryHashes: d.staticQueryHashes };
        if (d.slicesMap !== undefined) shape.slicesMap = d.slicesMap;
        break;
      } catch {
        // a page added by a patch since: not in the Gatsby build's public/
      }
    }
    if (!shape) throw new NotApplicable(`no page of template ${name} in the last Gatsby build`);
    shapes.set(name, shape);
    return shape;
  };
}

const baseDeferredFiles = (dir: string) => {
  const related = path.join(dir, DEFERRED_DIR, 'related');
  const files = fs.existsSync(related) ? fs.readdirSync(related).map((f) => `${DEFERRED_DIR}/related/${f}`) : [];
  return fs.existsSync(path.join(dir, META_FILE)) ? [META_FILE, ...files] : files;
};

const sitemapFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^sitemap-(\d+|index)\.xml$/.test(f)) : [];

export async function patchBuild(): Promise<PatchResult> {
  const root = process.cwd();
  const apiUrl = env('STOREFRONT_API_URL');
  const dataDir = env(ENV.dataDir);
  const work = env(ENV.patchWorkDir);
  const base = env(ENV.patchBaseDir);
  const lastDir = path.join(dataDir, DATA.last);
  const manifest = loadManifest(lastDir);
  const fileRoutes = loadFileRoutes(lastDir);
  if (!manifest || !fileRoutes) throw new NotApplicable('no page manifest from the last build');
  if (!fs.existsSync(path.join(root, RENDERER_FILE)))
    throw new NotApplicable('no HTML renderer from a last Gatsby build');
  const shapeOf = templateShapes(path.join(root, 'public'), manifest);
  fs.rmSync(work, { recursive: true, force: true });
  const out = path.join(work, 'out');
  fs.mkdirSync(out, { recursive: true });

  let t = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - t);
    t = now;
    return ms;
  };
  const data = await source(apiUrl, dataDir);
  const ms = { sourcing: lap(), pages: 0, render: 0, sitemaps: 0, release: 0 };
  console.log(`patch: sourced ${data.pages.length} review pages in ${ms.sourcing} ms`);

  // Every page, recorded; the ones whose digest differs from the last build's are written.
  const pages: PageInput[] = [];
  const sitemap = new Map<string, SitemapEntry>();
  createAllPages(recordingSitemap({ createPage: (p) => pages.push(p) }, postedAtOf(data), sitemap), templatePath, data);
  const next = stampChanges(new Map(pages.map((p) => [p.path, manifestEntry(p)] as const)), manifest, Date.now());
  markChanged(next, sitemap);
  const changed = pages.filter((p) => manifest.get(p.path)?.digest !== next.get(p.path)!.digest);
  const gone = [...manifest.keys()].filter((p) => !next.has(p));
  ms.pages = lap();
  console.log(`patch: ${pages.length} pages, ${changed.length} changed, ${gone.length} deleted (${ms.pages} ms)`);

  const written: string[] = [];
  if (changed.length) {
    const renderer = await openRenderer(root, out);
    try {
      // About ten progress lines, whatever the count (server/builds/progress.ts reads them).
      const every = Math.max(1, Math.ceil(changed.length / 10));
      let n = 0;
      for (const p of changed) {
        if (n++ % every === 0) console.log(`patch: rendering ${n}/${changed.length}`);
        const e = next.get(p.path)!;
        const json = pageDataString(shapeOf(e.template), p.path, pageResultJson(p.context), e.matchPath);
        const file = pageDataFile(p.path);
        fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
        fs.writeFileSync(path.join(out, file), json);
        await renderer.render(p.path, json);
        written.push(file, htmlFile(p.path));
      }
    } finally {
      renderer.close();
    }
  }
  ms.render = lap();
  console.log(`patch: rendered ${changed.length} pages (${ms.render} ms)`);

  // Sitemaps: written aside, and only those that differ from the base release's go in.
  const maps = path.join(work, 'sitemaps');
  fs.mkdirSync(maps, { recursive: true });
  // From the feed it sourced, like `gatsby build`'s (deferred reviews too): the same bytes for the same data.
  await writeSitemapsWithFeed(maps, [...sitemap.values(), ...fileRoutes], {
    builtReviews: recordedPages().builtReviews,
    feed: data,
  });
  const fresh = sitemapFiles(maps);
  for (const f of fresh) {
    const old = path.join(base, f);
    const now = fs.readFileSync(path.join(maps, f));
    if (fs.existsSync(old) && fs.readFileSync(old).equals(now)) continue;
    fs.writeFileSync(path.join(out, f), now);
    written.push(f);
  }
  // What the site server renders deferred reviews from (gatsby/deferred/data.ts): the files that differ.
  const deferred = data.pages.length
    ? deferredFiles(data, { review: shapeOf('review'), product: shapeOf('product') })
    : new Map<string, string>();
  for (const [f, body] of deferred) {
    const old = path.join(base, f);
    if (fs.existsSync(old) && fs.readFileSync(old, 'utf8') === body) continue;
    fs.mkdirSync(path.dirname(path.join(out, f)), { recursive: true });
    fs.writeFileSync(path.join(out, f), body);
    written.push(f);
  }
  const deleted = [
    ...gone.flatMap((p) => [pageDataFile(p), htmlFile(p)]),
    ...sitemapFiles(base).filter((f) => !fresh.includes(f)),
    ...baseDeferredFiles(base).filter((f) => !deferred.has(f)),
  ];
  ms.sitemaps = lap();

  const release = preparePatchRelease(env(ENV.patchReleaseDir), { base, outDir: out, written, deleted });
  ms.release = lap();

  saveManifest(dataDir, next);
  saveFileRoutes(dataDir, fileRoutes);
  return {
    written: written.length,
    deleted: deleted.length,
    release,
    ms,
  };
}

if (require.main === module) {
  patchBuild().then(
    (r) => {
      fs.writeFileSync(path.join(env(ENV.patchWorkDir), PATCH_RESULT), JSON.stringify(r));
      console.log(
        `patch: ${r.written} files written, ${r.deleted} deleted, ${r.release.linked} linked (sourcing ${r.ms.sourcing} ms, pages ${r.ms.pages} ms, render ${r.ms.render} ms, sitemaps ${r.ms.sitemaps} ms, release ${r.ms.release} ms)`,
      );
    },
    (e: unknown) => {
      const err = e as Error;
      if (err instanceof NotApplicable) {
        console.log(`patch: not applicable: ${err.message}`);
        process.exitCode = EXIT.notApplicable;
      } else if (err instanceof RequiredEndpointError) {
        console.error(`error ${err.message}`);
        process.exitCode = EXIT.failed;
      } else {
        // Anything else is the patch's own failure: `gatsby build` still can do the job.
        console.log(`patch: not applicable: ${err?.stack ?? String(e)}`);
        process.exitCode = EXIT.notApplicable;
      }
    },
  );
}
