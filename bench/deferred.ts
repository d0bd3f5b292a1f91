// Deferred reviews (issue 23): first hits vs kept hits vs built pages, at the demo size.
//
//   node --import tsx bench/deferred.ts [--reviews 500] [--static 100] [--connections 20]
//                                       [--seconds 10] [--keep]
//
// One bounded `gatsby build` (SITE_STATIC_REVIEWS = --static) of the demo data in a copy of the
// sources (never public/ of the work tree), the reference server with the site on a random
// loopback port (registerSite, its render process in the copy), then, side by side:
//   1. deferred first hits: every deferred review requested once, `--connections` at a time
//      (each a render: queue, API calls, SSR); p50 / p99 of the answers' latency;
//   2. kept hits: the same URLs again with autocannon for --seconds (files of the kept store);
//   3. built pages: the built review URLs with autocannon for --seconds.
// Each URL must answer 200 with its review's heading; the run fails otherwise.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { copySiteSources } from '../scripts/site-copy';
import { registerSite } from '../server/site';
import { startServer } from '../server/start';

const { values } = parseArgs({
  options: {
    reviews: { type: 'string', default: '500' },
    static: { type: 'string', default: '100' },
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-deferred-'));
  const copy = copySiteSources(path.join(tmp, 'site'));
  const server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: Number(values.reviews),
    logger: false,
    configure: (app) =>
      registerSite(app, path.join(copy, 'public'), { render: { renderRoot: copy, keptRoot: path.join(tmp, 'kept') } }),
  });
  try {
    const t0 = Date.now();
    // Not spawnSync: the API the build sources from answers on this process's event loop.
    const child = spawn(process.execPath, [path.join('node_modules', 'gatsby', 'cli.js'), 'build', '--prefix-paths'], {
      cwd: copy,
      env: {
        ...process.env,
        GATSBY_TELEMETRY_DISABLED: '1',
        STOREFRONT_API_URL: server.url,
        SITE_STATIC_REVIEWS: values.static,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
    child.stderr.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    if (code !== 0) throw new Error(`gatsby build failed:\n${log}`);
    const buildMs = Date.now() - t0;
    // Every review the build published (built or deferred): the related data's buckets
    // (gatsby/deferred/data.ts); the malformed ones the build skipped are not there.
    const pub = path.join(copy, 'public');
    const related = path.join(pub, '_deferred', 'related');
    const rows = fs
      .readdirSync(related)
      .flatMap((f) =>
        Object.values(
          JSON.parse(fs.readFileSync(path.join(related, f), 'utf8')) as Record<
            string,
            Array<{ productId: string; commentId: string }>
          >,
        ).flat(),
      );
    const isBuilt = (r: (typeof rows)[number]) => fs.existsSync(path.join(pub, r.productId, r.commentId, 'index.html'));
    const urlOf = (r: (typeof rows)[number]) => `/review/${r.productId}/${r.commentId}/`;
    const built = rows.filter(isBuilt).map(urlOf);
    const deferred = rows.filter((r) => !isBuilt(r)).map(urlOf);

    // 1. First hits, `connections` at a time.
    const latencies: number[] = [];
    const malformed = new Set<string>();
    let next = 0;
    const t1 = Date.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < deferred.length) {
          const u = deferred[next++];
          const s = performance.now();
          const res = await fetch(server.url + u);
          const body = await res.text();
          latencies.push(performance.now() - s);
          // A deferred review whose detail the build never read may be malformed: 404, as the
          // build would have skipped it (docs/site-server.md); counted, not kept for the rest.
          if (res.status === 404) {
            malformed.add(u);
            continue;
          }
          if (res.status !== 200 || res.headers.get('x-deferred') !== 'rendered' || !body.includes('<h1'))
            throw new Error(`${u}: ${res.status} ${res.headers.get('x-deferred')}`);
        }
      }),
    );
    const firstWall = Date.now() - t1;
    latencies.sort((a, z) => a - z);

    const cannon = (urls: string[]) =>
      autocannon({
        url: server.url,
        connections,
        duration: Number(values.seconds),
        requests: urls.map((u) => ({ method: 'GET', path: u })),
      });
    // 2 and 3, side by side (kept first, then built).
    const kept = await cannon(deferred.filter((u) => !malformed.has(u)));
    const builtRun = await cannon(built);
    const out = {
      reviews: rows.length,
      built: built.length,
      deferred: deferred.length,
      malformed: malformed.size,
      buildMs,
      first: {
        p50: Math.round(pct(latencies, 50)),
        p99: Math.round(pct(latencies, 99)),
        max: Math.round(latencies[latencies.length - 1]),
        pagesPerSecond: Math.round((deferred.length / firstWall) * 1000 * 10) / 10,
      },
      kept: { rps: kept.requests.average, p50: kept.latency.p50, p99: kept.latency.p99, non2xx: kept.non2xx },
      builtPages: {
        rps: builtRun.requests.average,
        p50: builtRun.latency.p50,
        p99: builtRun.latency.p99,
        non2xx: builtRun.non2xx,
      },
      keptVsBuilt: Math.round((kept.requests.average / builtRun.requests.average) * 100) / 100,
    };
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await server.close();
    if (!values.keep) fs.rmSync(tmp, { recursive: true, force: true });
    else console.log(`kept ${tmp}`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
