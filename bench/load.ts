// Section 9 (issue 12, reliability suite, load part): 30 s at 50 connections on the review
// detail endpoint and on static review pages asked for with brotli, each server in its own
// process as `npm start` runs it. Errors and non-2xx answers must be 0; the p99 figures go to
// docs/benchmarks.md. The CI-size twin (3 s, pass/fail only) is tests/e2e/load.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { fig, log, type SectionResult } from './lib/report';
import { hammer, type Run } from './lib/load';
import { startChildServer, startReferenceServer, ROOT, type BenchContext } from './lib/data';
import { sites } from './lib/sites';

/** Up to `max` built review pages (`/review/{p}/{c}/`). */
function reviewPages(publicDir: string, max: number): string[] {
  const out: string[] = [];
  for (const p of fs
    .readdirSync(publicDir)
    .filter((d) => /^\d+$/.test(d))
    .sort()) {
    for (const c of fs.readdirSync(path.join(publicDir, p))) {
      if (fs.existsSync(path.join(publicDir, p, c, 'index.html'))) out.push(`/review/${p}/${c}/`);
      if (out.length >= max) return out;
    }
  }
  return out;
}

export async function runLoad(ctx: BenchContext): Promise<SectionResult> {
  const seconds = 30;
  const connections = 50;
  const site = await sites.any(ctx, 1_000);
  const db = new Database(site.dbFile, { readonly: true });
  const sample = db
    .prepare('SELECT product_id AS p, id AS c FROM reviews ORDER BY (id * 2654435761) % 4294967296 LIMIT 2000')
    .all() as { p: number; c: number }[];
  db.close();
  const pages = reviewPages(site.publicDir, 500);
  if (!pages.length) throw new Error(`no review page in ${site.publicDir}`);

  const api = await startReferenceServer(ctx, site.dbFile);
  const web = await startChildServer(path.join(ROOT, 'bench', 'site-server.ts'), { SITE_DIR: site.publicDir });
  const runs: { name: string; r: Run }[] = [];
  try {
    const detail = sample.map((s) => `/api/v1/product-comment/products/${s.p}/comments?commentId=${s.c}`);
    const br = { 'accept-encoding': 'br' };
    // Warm-up: JIT, SQLite page cache, the compressed-body cache.
    await hammer(api.url, detail, 2, connections);
    await hammer(web.url, pages, 2, connections, br);
    log(`load: review detail, ${sample.length} reviews, ${connections} connections, ${seconds} s`);
    runs.push({
      name: `review detail endpoint (${sample.length.toLocaleString('en-US')} different reviews)`,
      r: await hammer(api.url, detail, seconds, connections),
    });
    log(`load: ${pages.length} static review pages with Accept-Encoding: br, ${connections} connections, ${seconds} s`);
    runs.push({
      name: `static review page, brotli (${pages.length} different pages)`,
      r: await hammer(web.url, pages, seconds, connections, br),
    });
  } finally {
    await api.stop();
    await web.stop();
  }
  const figures = runs.flatMap(({ name, r }) => [
    fig(`${name}: requests/s`, r.rps, 'req/s'),
    fig(`${name}: p99 latency`, r.p99, 'ms'),
    fig(`${name}: errors + timeouts + non-2xx`, r.errors + r.timeouts + r.non2xx, 'answers', undefined, {
      text: '0',
      met: r.errors + r.timeouts + r.non2xx === 0,
    }),
  ]);
  return {
    section: 'load',
    title: `9. Reliability: load (${site.reviews.toLocaleString('en-US')}-review site, ${connections} connections, ${seconds} s each, loopback)`,
    figures,
    notes: [
      ...runs.map(
        ({ name, r }) =>
          `${name}: ${r.requests.toLocaleString('en-US')} answers, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}.`,
      ),
      'autocannon runs in the bench process, each server in its own: on 2 cores the load generator competes with the server.',
    ],
    details: { runs },
  };
}
