// Section 3: page weight per page kind (review, home, category, product, haul) of a site built
// in this run: first-load JS and CSS gzipped, HTML gzipped and requests (counted from the
// files, bench/page-weight.ts, and in Chromium), against the floor of an EMPTY Gatsby 5 page
// (one src/pages/index.js, same Gatsby and React from the same node_modules, same path
// prefix) built in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { fig, log, round, type Figure, type SectionResult } from './lib/report';
import { ROOT, type BenchContext } from './lib/data';
import { runMeasured } from './lib/proc';
import { parseGatsbyLog } from './lib/site';
import { sites } from './lib/sites';
import { KB, pageWeight, pagesByKind, type PageWeight } from './page-weight';
import { countRequests, launchBrowser, serveBuiltSite, serveStatic, type RequestCount } from './lib/serve';

/** Builds the empty Gatsby site once per run; returns its public/ dir. */
export async function emptyGatsbySite(ctx: BenchContext): Promise<{ publicDir: string; buildMs: number }> {
  const dir = path.join(ctx.tmp, 'empty-gatsby');
  const publicDir = path.join(dir, 'public');
  const marker = path.join(dir, '.built');
  if (fs.existsSync(marker)) return { publicDir, buildMs: Number(fs.readFileSync(marker, 'utf8')) };
  fs.mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'empty-gatsby-floor',
      private: true,
      version: '0.0.0',
      dependencies: { gatsby: '*', react: '*', 'react-dom': '*' },
    }),
  );
  fs.writeFileSync(
    path.join(dir, 'gatsby-config.js'),
    "module.exports = { pathPrefix: '/review', trailingSlash: 'always' };\n",
  );
  fs.writeFileSync(
    path.join(dir, 'src', 'pages', 'index.js'),
    "import * as React from 'react';\nexport default function Index() { return <main><h1>Hello</h1></main>; }\n",
  );
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  log('weight: building the empty Gatsby 5 floor site');
  const r = await runMeasured(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'gatsby', 'cli.js'), 'build', '--prefix-paths'],
    {
      cwd: dir,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', CI: 'true' },
      timeoutMs: 15 * 60_000,
    },
  );
  if (r.code !== 0) throw new Error(`empty Gatsby build failed: ${(r.stdout + r.stderr).slice(-2000)}`);
  log(`weight: empty site built in ${round(r.ms / 1000, 1)} s (${JSON.stringify(parseGatsbyLog(r.stdout).html)})`);
  fs.writeFileSync(marker, String(r.ms));
  return { publicDir, buildMs: r.ms };
}

export async function runWeight(ctx: BenchContext): Promise<SectionResult> {
  const site = await sites.any(ctx);
  const empty = await emptyGatsbySite(ctx);
  const floor = pageWeight(empty.publicDir, '/');
  const kinds = pagesByKind(site.publicDir);
  const weights: Record<string, PageWeight> = {};
  for (const [kind, p] of Object.entries(kinds)) weights[kind] = pageWeight(site.publicDir, p);

  // Requests as a browser makes them (images, API calls, lazy chunks included).
  const browserCounts: Record<string, RequestCount> = {};
  let floorCount: RequestCount | null = null;
  const served = await serveBuiltSite(ctx, site.publicDir, site.dbFile);
  const servedEmpty = await serveStatic(empty.publicDir);
  const browser = await launchBrowser();
  try {
    floorCount = await countRequests(browser, `${servedEmpty.base}/review/`);
    for (const [kind, p] of Object.entries(kinds))
      browserCounts[kind] = await countRequests(browser, `${served.base}/review${p}`);
  } finally {
    await browser.close();
    await served.close();
    await servedEmpty.close();
  }

  const kb = (n: number) => n / KB;
  const figures: Figure[] = [];
  const E = 'empty Gatsby 5 page';
  for (const [kind, w] of Object.entries(weights)) {
    const review = kind === 'review';
    figures.push(
      fig(
        `${kind}: first-load JS gzipped`,
        kb(w.js.gzip),
        'KB',
        { name: E, value: kb(floor.js.gzip) },
        review ? { text: '< 100 KB', met: w.js.gzip < 100 * KB } : undefined,
      ),
    );
    figures.push(
      fig(`${kind}: CSS gzipped (inline + files)`, kb(w.css.gzip), 'KB', { name: E, value: kb(floor.css.gzip) }),
    );
    figures.push(
      fig(
        `${kind}: HTML gzipped`,
        kb(w.html.gzip),
        'KB',
        { name: E, value: kb(floor.html.gzip) },
        review ? { text: '< 25 KB', met: w.html.gzip < 25 * KB } : undefined,
      ),
    );
    figures.push(
      fig(`${kind}: first-load requests (files)`, w.requests, 'requests', { name: E, value: floor.requests }),
    );
    const b = browserCounts[kind];
    if (b && floorCount)
      figures.push(
        fig(`${kind}: requests in Chromium until network idle`, b.total, 'requests', {
          name: E,
          value: floorCount.total,
        }),
      );
  }
  return {
    section: 'weight',
    title: `3. Page weight per page kind (site of ${site.reviews.toLocaleString('en-US')} reviews; gzip -9 per file)`,
    figures,
    notes: [
      `Empty Gatsby 5 page: JS ${round(kb(floor.js.gzip), 1)} KB gz (${floor.js.files.join(', ')}), HTML ${round(kb(floor.html.gzip), 1)} KB gz, ${floor.requests} requests from the files, ${floorCount?.total} in Chromium; built in ${round(empty.buildMs / 1000, 1)} s.`,
      ...Object.entries(weights).map(
        ([k, w]) =>
          `${k} (${w.page}): JS files ${w.js.files.map((f) => f.replace(/-[0-9a-f]{16,}\.js$/, '.js')).join(', ')}; raw JS ${round(kb(w.js.bytes), 1)} KB; Chromium by type ${JSON.stringify(browserCounts[k]?.byType ?? {})}.`,
      ),
    ],
    details: { floor, weights, browserCounts, floorCount },
  };
}
