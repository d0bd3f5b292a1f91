// Issue 23's end-to-end figures at scale, in one run (docs/benchmarks.md "The bounded build at
// 1,000,000 reviews"):
//
//   node --import tsx bench/scale-site.ts --db FILE [--static 100000] [--crawl 10000]
//                                         [--connections 20] [--seconds 10] [--rounds 3] [--keep]
//
// FILE is a seeded database (`npm run seed -- --reviews 1000000 --db FILE`; never modified).
// 1. The bounded build: `gatsby build --prefix-paths` in a copy of the sources
//    (scripts/site-copy.ts) with SITE_STATIC_REVIEWS = --static, against the reference API on
//    FILE in a process of its own; wall time and peak memory of the build's process tree.
// 2. The crawl: --crawl random review URLs (seeded, of every review the build published: built
//    ahead or deferred) at --connections concurrent requests without JavaScript, twice; each
//    answer must be 200 with complete HTML (h1, JSON-LD, canonical or noindex) or is counted
//    as a failure. First
//    pass: built pages and deferred first hits (rendered); second pass: built and kept.
//    p50 / p99 for each. Plus URLs that do not exist: 404.
// 3. Throughput: kept deferred pages vs built pages, as many of each from the crawl's URLs, wrk
//    (when installed) at --connections for --seconds, --rounds rounds interleaved; medians and
//    the ratio, and the median of each round's own ratio (kept, then built right after). Then every kept page of the crawl in one run (more than the site server's cache
//    of compressed bodies holds).
// The render processes: SITE_RENDER_PROCESSES as the site server reads it (default one per core).
// For the throughput runs the load generator runs on CPU 0 and the site server on the others
// (taskset); the crawl is not pinned. JSON in
// bench/out/scale-site.json. At demo size (it replaces bench/deferred.ts, whose server shared
// the load generator's process): `npm run seed -- --reviews 500 --db F`, then --db F --static 100.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copySiteSources } from '../scripts/site-copy';
import { DEFERRED_DIR } from '../publish/render-protocol';
import { Rng } from '../server/seed/prng';
import { startChildServer } from './lib/data';
import { hammerBest, hasWrk, pinLoad, type Run } from './lib/load';
import { runMeasured } from './lib/proc';
import { log } from './lib/report';
import { renderProcessesFromEnv } from '../server/site/deferred/render-process';

const ROOT = path.resolve(__dirname, '..');
/** As browsers and crawlers ask (Baiduspider and Googlebot accept gzip): the compressed bodies. */
const ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: Math.round(pct(s, 50)),
    p99: Math.round(pct(s, 99)),
    max: Math.round(s[s.length - 1] ?? NaN),
  };
};

interface Ref {
  productId: string;
  commentId: string;
}

/** Every review the build published (the deferred data's related lists: built and deferred). */
function publishedReviews(pub: string): Ref[] {
  const dir = path.join(pub, DEFERRED_DIR, 'related');
  const out: Ref[] = [];
  for (const f of fs.readdirSync(dir).sort())
    for (const list of Object.values(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, Ref[]>))
      for (const r of list) out.push({ productId: r.productId, commentId: r.commentId });
  return out;
}

/** What a crawler without JavaScript needs on a review page; the missing parts, if any. */
function incomplete(html: string): string[] {
  const missing: string[] = [];
  if (!/<h1[\s>]/.test(html)) missing.push('h1');
  if (!html.includes('application/ld+json')) missing.push('JSON-LD');
  // A thin review is noindex and names no canonical (docs/seo.md); any other names one.
  if (!/<link[^>]*rel="canonical"/.test(html) && !/<meta[^>]*name="robots"[^>]*noindex/.test(html))
    missing.push('canonical');
  return missing;
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      static: { type: 'string', default: '100000' },
      crawl: { type: 'string', default: '10000' },
      connections: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
    },
  });
  if (!values.db || !fs.existsSync(values.db)) throw new Error('--db: a seeded database file (npm run seed -- --db)');
  const connections = Number(values.connections);
  const seconds = Number(values.seconds);
  // --reuse: the folder a --keep run left (its build), for the crawl and throughput only.
  const reuse = values.reuse ? path.resolve(values.reuse) : null;
  if (reuse && !fs.existsSync(path.join(reuse, 'site', 'public', '_deferred')))
    throw new Error(`--reuse: no kept build in ${reuse}`);
  const tmp = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-site-'));
  // The database is copied: the server writes to it (sessions, views), the seeded file stays.
  const dbFile = path.join(tmp, 'db.sqlite');
  if (!reuse) fs.copyFileSync(values.db, dbFile);
  const copy = reuse ? path.join(tmp, 'site') : copySiteSources(path.join(tmp, 'site'));
  const pub = path.join(copy, 'public');
  const env = { DB_FILE: dbFile, MEDIA_DIR: path.join(tmp, 'media') };
  const result: Record<string, unknown> = { db: values.db, static: Number(values.static), cpus: os.cpus().length };
  try {
    // 1. The bounded build, the API in its own process.
    if (!reuse) {
      const api = await startChildServer(path.join(ROOT, 'bench', 'scale-node.ts'), env);
      let build;
      try {
        log(`scale-site: gatsby build with SITE_STATIC_REVIEWS=${values.static} (log: ${tmp}/build.log)`);
        build = await runMeasured(
          process.execPath,
          [path.join('node_modules', 'gatsby', 'cli.js'), 'build', '--prefix-paths'],
          {
            cwd: copy,
            env: {
              ...process.env,
              GATSBY_TELEMETRY_DISABLED: '1',
              STOREFRONT_API_URL: api.url,
              SITE_STATIC_REVIEWS: values.static,
            },
            timeoutMs: 3 * 3600_000,
          },
        );
      } finally {
        await api.stop();
      }
      fs.writeFileSync(path.join(tmp, 'build.log'), build.stdout + build.stderr);
      if (build.code !== 0)
        throw new Error(`gatsby build failed (${build.code}): ${(build.stdout + build.stderr).slice(-3000)}`);
      const steps = [...(build.stdout + build.stderr).matchAll(/success (.+?) - ([\d.]+)s/g)]
        .map((m) => ({ step: m[1], s: Number(m[2]) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 8);
      result.build = {
        wallS: Math.round(build.ms / 100) / 10,
        peakTreeRssMB: build.memory.peakTreeRssMB,
        peakProcessHwmMB: build.memory.peakProcessHwmMB,
        slowestSteps: steps,
      };
      log(`scale-site: built in ${(build.ms / 1000).toFixed(1)} s, peak ${build.memory.peakTreeRssMB} MB (tree)`);
    }

    // 2. The crawl.
    const reviews = publishedReviews(pub);
    const isBuilt = (r: Ref) => fs.existsSync(path.join(pub, r.productId, r.commentId, 'index.html'));
    // A seeded sample (the seed's PRNG): the same URLs for the same database.
    const rng = new Rng(23);
    const sample = new Map<string, Ref>();
    const want = Math.min(Number(values.crawl), reviews.length);
    while (sample.size < want) {
      const r = rng.pick(reviews);
      sample.set(`${r.productId}/${r.commentId}`, r);
    }
    const urls = [...sample.values()].map((r) => ({
      url: `/review/${r.productId}/${r.commentId}/`,
      built: isBuilt(r),
    }));
    const builtCount = reviews.filter(isBuilt).length;
    result.reviews = { published: reviews.length, built: builtCount, deferred: reviews.length - builtCount };
    const site = await startChildServer(path.join(ROOT, 'bench', 'scale-node.ts'), {
      ...env,
      SITE_DIR: pub,
      RENDER_ROOT: copy,
      KEPT_ROOT: path.join(tmp, 'kept'),
    });
    result.renderProcesses = renderProcessesFromEnv();
    try {
      const crawl = async (pass: 'first' | 'second') => {
        const lat = { built: [] as number[], deferred: [] as number[] };
        const failures: string[] = [];
        let next = 0;
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: connections }, async () => {
            while (next < urls.length) {
              const u = urls[next++];
              const s = performance.now();
              const res = await fetch(site.url + u.url, { headers: ENCODINGS });
              const body = await res.text();
              (u.built ? lat.built : lat.deferred).push(performance.now() - s);
              const kind = res.headers.get('x-deferred');
              const missing = res.status === 200 ? incomplete(body) : [];
              if (res.status !== 200 || missing.length)
                failures.push(`${u.url}: ${res.status} ${kind ?? ''} ${missing.join(',')}`.trim());
              else if (!u.built && kind !== (pass === 'first' ? 'rendered' : 'kept'))
                failures.push(`${u.url}: X-Deferred ${kind} on the ${pass} pass`);
            }
          }),
        );
        return {
          wallS: Math.round((performance.now() - t0) / 100) / 10,
          built: summary(lat.built),
          deferred: summary(lat.deferred),
          failures: failures.length,
          firstFailures: failures.slice(0, 10),
        };
      };
      log(`scale-site: crawl of ${urls.length} review URLs at ${connections} concurrent requests, first pass`);
      const first = await crawl('first');
      log(`scale-site: the same URLs again (deferred ones now kept)`);
      const second = await crawl('second');
      // URLs that do not exist: an unknown review of a real product, an unknown product.
      const r0 = urls[0].url.split('/');
      const absent = [`/review/${r0[2]}/999999999/`, '/review/999999999/999999999/'];
      const absentStatus = await Promise.all(absent.map(async (u) => (await fetch(site.url + u)).status));
      result.crawl = {
        urls: urls.length,
        built: urls.filter((u) => u.built).length,
        deferred: urls.filter((u) => !u.built).length,
        first,
        second,
        absent: Object.fromEntries(absent.map((u, i) => [u, absentStatus[i]])),
      };

      // 3. Kept vs built throughput. wrk on CPU 0, the site server's tree on the others. (Not
      // during the crawl: its client is light, and pinned there the render processes shared
      // one core of two.)
      result.pinned = pinLoad([site.pid]);
      // As many URLs of each: the site server's cache of compressed bodies (64 MB, some 5,000
      // review pages) holds a small set whole and thrashes on a large one, whatever the kind.
      const same = Math.min(urls.filter((u) => u.built).length, urls.filter((u) => !u.built).length);
      const kept = urls
        .filter((u) => !u.built)
        .map((u) => u.url)
        .slice(0, same);
      const built = urls
        .filter((u) => u.built)
        .map((u) => u.url)
        .slice(0, same);
      // And the whole crawl's deferred set, kept: what a cache smaller than the hot set costs.
      const allKept = urls.filter((u) => !u.built).map((u) => u.url);
      const runs: { kept: Run[]; built: Run[] } = { kept: [], built: [] };
      for (let round = 0; round < Number(values.rounds); round++)
        for (const [name, list] of [
          ['kept', kept],
          ['built', built],
        ] as const) {
          log(`scale-site: ${name} pages, ${seconds} s at ${connections} connections (round ${round + 1})`);
          runs[name].push(await hammerBest(site.url, list, seconds, connections, ENCODINGS));
        }
      log(`scale-site: all ${allKept.length} kept pages of the crawl, ${seconds} s at ${connections} connections`);
      const allKeptRun = await hammerBest(site.url, allKept, seconds, connections, ENCODINGS);
      const median = (rs: Run[]) => [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)];
      result.throughput = {
        client: hasWrk() ? 'wrk' : 'autocannon',
        runs,
        keptMedianRps: median(runs.kept).rps,
        builtMedianRps: median(runs.built).rps,
        keptVsBuilt: Math.round((median(runs.kept).rps / median(runs.built).rps) * 100) / 100,
        // Each round's kept run against the built run right after it, then the median: the
        // machine's swings between rounds (2x and more on this VM) cancel within a pair.
        keptVsBuiltPaired: (() => {
          const r = runs.kept.map((k, i) => k.rps / runs.built[i].rps).sort((a, b) => a - b);
          return Math.round(r[Math.floor(r.length / 2)] * 100) / 100;
        })(),
        urlsEach: same,
        allKept: { urls: allKept.length, run: allKeptRun },
      };
    } finally {
      await site.stop();
    }
  } finally {
    if (values.keep || reuse) log(`scale-site: kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.mkdirSync(path.join(ROOT, 'bench', 'out'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'out', 'scale-site.json'), JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result, null, 2));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
