// Section 5: the reference server under load (autocannon, loopback, 50 connections, bounded
// time). Each endpoint's requests/s and p99 latency against a bare Fastify route answering a
// constant (bench/bare-server.ts), measured in the same run just before each endpoint.
import Database from 'better-sqlite3';
import path from 'node:path';
import { fig, log, type SectionResult } from './lib/report';
import { hammer } from './lib/load';
import { seededDb, startChildServer, startReferenceServer, ROOT, type BenchContext } from './lib/data';

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/** Errors and timeouts counted together, as this section reports them. */
async function load(url: string, paths: string[], seconds: number, connections: number): Promise<Load> {
  const r = await hammer(url, paths, seconds, connections);
  return { rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, requests: r.requests };
}

export async function runApi(ctx: BenchContext): Promise<SectionResult> {
  const reviews = ctx.quick ? 10_000 : 100_000;
  const seconds = ctx.quick ? 5 : 15;
  const connections = 50;
  const { file } = seededDb(ctx, reviews);

  const db = new Database(file, { readonly: true });
  const sample = db
    .prepare('SELECT product_id AS p, id AS c FROM reviews ORDER BY (id * 2654435761) % 4294967296 LIMIT 2000')
    .all() as { p: number; c: number }[];
  const mid = db
    .prepare('SELECT posted_at AS t, id FROM reviews ORDER BY posted_at DESC, id DESC LIMIT 1 OFFSET ?')
    .get(Math.floor(reviews / 2)) as { t: number; id: number };
  db.close();
  const deepCursor = Buffer.from(`${mid.t}:${mid.id}`).toString('base64url');

  const api = await startReferenceServer(ctx, file);
  const bare = await startChildServer(path.join(ROOT, 'bench', 'bare-server.ts'), {});
  try {
    const endpoints: { name: string; paths: string[] }[] = [
      {
        name: 'review detail (2,000 different reviews)',
        paths: sample.map((s) => `/api/v1/product-comment/products/${s.p}/comments?commentId=${s.c}`),
      },
      { name: 'feed, first page (size 10)', paths: ['/api/v2/product_comment/haul?delimiter=0&size=10&category=0'] },
      {
        name: `feed, page at review ${Math.floor(reviews / 2).toLocaleString('en-US')} (size 10)`,
        paths: [`/api/v2/product_comment/haul?delimiter=${deepCursor}&size=10&category=0`],
      },
      { name: 'catalogue (productcategories)', paths: ['/api/v2/productcategories'] },
    ];
    // Warm-up: JIT, SQLite page cache.
    await load(bare.url, ['/constant'], 1, connections);
    for (const e of endpoints) await load(api.url, e.paths, 1, connections);

    // Each endpoint is paired with a bare-route run just before it: the shared machine's load
    // drifts by several times within a minute, the pair sees the same conditions.
    const results: { name: string; r: Load; bare: Load }[] = [];
    for (const e of endpoints) {
      log(`api: bare route, then ${e.name}, ${seconds} s each`);
      const bareRun = await load(bare.url, ['/constant'], seconds, connections);
      results.push({ name: e.name, bare: bareRun, r: await load(api.url, e.paths, seconds, connections) });
    }

    const figures = [];
    for (const { name, r, bare: b } of results) {
      const detail = name.startsWith('review detail');
      figures.push(
        fig(
          `${name}: requests/s`,
          r.rps,
          'req/s',
          { name: 'bare Fastify route (paired run)', value: b.rps },
          detail ? { text: '>= 0.5x bare', met: r.rps >= 0.5 * b.rps } : undefined,
        ),
      );
      figures.push(
        fig(
          `${name}: p99 latency`,
          r.p99,
          'ms',
          { name: 'bare Fastify route (paired run)', value: b.p99 },
          detail ? { text: '< 20 ms', met: r.p99 < 20 } : undefined,
        ),
      );
    }
    const bad = results.filter((x) => x.r.errors || x.r.non2xx);
    return {
      section: 'api',
      title: `5. Reference server under load (${reviews.toLocaleString('en-US')} reviews, ${connections} connections, ${seconds} s per endpoint, loopback)`,
      figures,
      notes: [
        `Bare Fastify route runs (paired, in order): ${results.map((x) => `${x.bare.rps} req/s p99 ${x.bare.p99} ms`).join('; ')}.`,
        'autocannon runs in the bench process, the servers in their own processes: on 2 cores the load generator competes with the server, for the peer just the same.',
        ...(bad.length
          ? bad.map((x) => `${x.name}: ${x.r.errors} errors, ${x.r.non2xx} non-2xx answers`)
          : ['No errors, no non-2xx answers.']),
      ],
      details: { results },
    };
  } finally {
    await api.stop();
    await bare.stop();
  }
}
