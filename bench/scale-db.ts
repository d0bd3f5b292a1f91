// Section "scale-db" (issue 23): the reference server on a 1,000,000-review database. Seeds it
// with `npm run seed` as a child (wall time and peak RSS from /usr/bin/time), or reuses the
// file in BENCH_SCALE_DB; then, side by side in one run: the review detail at 50 connections
// (cached and mostly first hits), feed pages at the start and 500,000 reviews deep (by time,
// by likes, in a group), product listings (discover: first and deep windows, a group, a leaf),
// and one client walking the whole feed at size 500 (the sitemap's
// walk, docs/api-client.md) with its cost per page at the start, the middle and the end.
//
//   npm run bench -- --only scale-db                       # seeds 1,000,000 reviews in the temp dir
//   BENCH_SCALE_DB=/tmp/x.sqlite npm run bench -- --only scale-db   # reuses a seeded file (kept)
//   BENCH_SCALE_REVIEWS=100000 npm run bench -- --only scale-db     # another size
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { fig, log, round, type SectionResult } from './lib/report';
import { hammerBest as hammer, hasWrk, pinLoad, type Run } from './lib/load';
import { ROOT, SEED, startChildServer, startReferenceServer, type BenchContext } from './lib/data';

const cursor = (text: string) => Buffer.from(text).toString('base64url');

/** Seeds `reviews` into `file` with the real command; wall seconds and peak RSS (MB) when /usr/bin/time exists. */
export function seedChild(file: string, reviews: number): { seconds: number; rssMB: number | null } {
  const args = [
    '--import',
    'tsx',
    'scripts/seed.ts',
    '--reviews',
    String(reviews),
    '--seed',
    String(SEED),
    '--db',
    file,
  ];
  const timed = fs.existsSync('/usr/bin/time');
  const t0 = performance.now();
  const r = timed
    ? spawnSync('/usr/bin/time', ['-f', 'PEAK_RSS_KB=%M', process.execPath, ...args], { cwd: ROOT, encoding: 'utf8' })
    : spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`seed failed: ${r.stderr}`);
  const m = /PEAK_RSS_KB=(\d+)/.exec(r.stderr ?? '');
  return { seconds, rssMB: m ? Number(m[1]) / 1024 : null };
}

/** One client pages the whole feed at `size`; ms per page over the first, middle and last 50 pages. */
async function walkFeed(
  url: string,
  size: number,
): Promise<{ pages: number; reviews: number; seconds: number; msPerPage: number[] }> {
  const times: number[] = [];
  let delimiter: string | null = '0';
  let reviews = 0;
  const t0 = performance.now();
  while (delimiter !== null) {
    const s = performance.now();
    const res = await fetch(`${url}/api/v2/product_comment/haul?delimiter=${delimiter}&size=${size}&category=0`);
    if (!res.ok) throw new Error(`feed walk: ${res.status} at page ${times.length}`);
    const body = (await res.json()) as { waterFall: { waterDrops: unknown[]; delimiter: string | null } };
    times.push(performance.now() - s);
    reviews += body.waterFall.waterDrops.length;
    delimiter = body.waterFall.delimiter;
  }
  const avg = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
  const mid = Math.floor(times.length / 2);
  return {
    pages: times.length,
    reviews,
    seconds: round((performance.now() - t0) / 1000, 1),
    msPerPage: [avg(times.slice(0, 50)), avg(times.slice(mid - 25, mid + 25)), avg(times.slice(-50))],
  };
}

export async function runScaleDb(ctx: BenchContext): Promise<SectionResult> {
  const reviews = Number(process.env.BENCH_SCALE_REVIEWS ?? 1_000_000);
  const seconds = ctx.quick ? 5 : 10;
  const connections = 50;
  const warmSeconds = ctx.quick ? 2 : 5;
  const reused = process.env.BENCH_SCALE_DB;
  let file: string;
  let seeding: { seconds: number; rssMB: number | null } | null = null;
  if (reused) {
    file = path.resolve(reused);
    if (!fs.existsSync(file)) throw new Error(`BENCH_SCALE_DB=${reused}: no such file`);
    log(`scale-db: reusing ${file}`);
  } else {
    file = path.join(ctx.tmp, 'db', `scale-${reviews}.sqlite`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    log(`scale-db: seeding ${reviews.toLocaleString('en-US')} reviews into ${file}`);
    seeding = seedChild(file, reviews);
    log(`scale-db: seeded in ${seeding.seconds.toFixed(0)} s, peak RSS ${seeding.rssMB?.toFixed(0) ?? '?'} MB`);
  }

  // The sample and the deep cursors, read from the file before the server starts.
  const db = new Database(file, { readonly: true });
  const total = (db.prepare('SELECT count(*) AS n FROM reviews').get() as { n: number }).n;
  const depth = Math.floor(total / 2);
  const ids = (n: number, salt: number) =>
    db
      .prepare(`SELECT product_id AS p, id AS c FROM reviews ORDER BY (id * ?) % 4294967296 LIMIT ?`)
      .all(2654435761 + salt, n) as Array<{ p: number; c: number }>;
  const hot = ids(2_000, 0);
  const cold = ids(60_000, 7);
  const coldIds = new Set(cold.map((x) => x.c));
  const warmCold = ids(30_000, 13)
    .filter((x) => !coldIds.has(x.c))
    .slice(0, 20_000);
  const at = db
    .prepare('SELECT posted_at AS t, id FROM reviews ORDER BY posted_at DESC, id DESC LIMIT 1 OFFSET ?')
    .get(depth) as { t: number; id: number };
  const atLikes = db
    .prepare(
      'SELECT likes AS l, posted_at AS t, id FROM reviews ORDER BY likes DESC, posted_at DESC, id DESC LIMIT 1 OFFSET ?',
    )
    .get(depth) as { l: number; t: number; id: number };
  const group = db
    .prepare('SELECT group_id AS g, count(*) AS n FROM reviews GROUP BY group_id ORDER BY n DESC LIMIT 1')
    .get() as {
    g: string;
    n: number;
  };
  const atGroup = db
    .prepare(
      'SELECT posted_at AS t, id FROM reviews WHERE group_id = ? ORDER BY posted_at DESC, id DESC LIMIT 1 OFFSET ?',
    )
    .get(group.g, Math.floor(group.n / 2)) as { t: number; id: number };
  // Product listings (discover): the largest group and a second-level category of it.
  const pgroup = db
    .prepare('SELECT group_id AS g, count(*) AS n FROM products GROUP BY group_id ORDER BY n DESC LIMIT 1')
    .get() as { g: string; n: number };
  const pleaf = db
    .prepare('SELECT category_id AS c FROM products WHERE group_id = ? GROUP BY category_id ORDER BY count(*) DESC')
    .get(pgroup.g) as { c: string };
  db.close();
  const productDepth = Math.min(10_000, Math.floor(pgroup.n / 2)) - 15;
  const discover = (q: string) => `/api/v2/discover?${q}`;

  const deep = cursor(`${at.t}:${at.id}`);
  const deepLikes = cursor(`L${atLikes.l}:${atLikes.t}:${atLikes.id}`);
  const deepGroup = cursor(`${atGroup.t}:${atGroup.id}`);
  const haul = (d: string, size: number, extra = '') =>
    `/api/v2/product_comment/haul?delimiter=${d}&size=${size}${extra}`;
  const detail = (s: Array<{ p: number; c: number }>) =>
    s.map((x) => `/api/v1/product-comment/products/${x.p}/comments?commentId=${x.c}`);
  const n = (x: number) => x.toLocaleString('en-US');
  const endpoints: Array<{ name: string; paths: string[]; pair?: string }> = [
    { name: `review detail, ${n(hot.length)} reviews (kept answers after warm-up)`, paths: detail(hot) },
    { name: `review detail, ${n(cold.length)} reviews (mostly first hits)`, paths: detail(cold) },
    { name: 'feed, first page, size 10', paths: [haul('0', 10, '&category=0')] },
    {
      name: `feed, after ${n(depth)} reviews, size 10`,
      paths: [haul(deep, 10, '&category=0')],
      pair: 'feed, first page, size 10',
    },
    { name: 'feed, first page, size 500', paths: [haul('0', 500, '&category=0')] },
    {
      name: `feed, after ${n(depth)} reviews, size 500`,
      paths: [haul(deep, 500, '&category=0')],
      pair: 'feed, first page, size 500',
    },
    { name: 'feed by likes, first page, size 10', paths: [haul('0', 10, '&category=0&sort=likes')] },
    {
      name: `feed by likes, after ${n(depth)} reviews, size 10`,
      paths: [haul(deepLikes, 10, '&category=0&sort=likes')],
      pair: 'feed by likes, first page, size 10',
    },
    { name: `feed of group ${group.g}, first page, size 10`, paths: [haul('0', 10, `&category=${group.g}`)] },
    {
      name: `feed of group ${group.g}, after ${n(Math.floor(group.n / 2))} of its reviews, size 10`,
      paths: [haul(deepGroup, 10, `&category=${group.g}`)],
      pair: `feed of group ${group.g}, first page, size 10`,
    },
    // Product listings (the site's discover defaults: pr=0-100, t=10; a category's: t=15).
    { name: 'discover, first page, pr=0-100', paths: [discover('f=0&t=10&pr=0-100')] },
    {
      name: 'discover, f=9990, pr=0-100',
      paths: [discover('f=9990&t=10000&pr=0-100')],
      pair: 'discover, first page, pr=0-100',
    },
    { name: `discover of group ${pgroup.g}, first page`, paths: [discover(`f=0&t=15&cids=${pgroup.g}`)] },
    {
      name: `discover of group ${pgroup.g}, f=${n(productDepth)}`,
      paths: [discover(`f=${productDepth}&t=${productDepth + 15}&cids=${pgroup.g}`)],
      pair: `discover of group ${pgroup.g}, first page`,
    },
    {
      name: `discover of group ${pgroup.g} by price, f=${n(productDepth)}`,
      paths: [discover(`f=${productDepth}&t=${productDepth + 15}&cids=${pgroup.g}&sort=price_asc`)],
      pair: `discover of group ${pgroup.g}, first page`,
    },
    {
      name: `discover of leaf ${pleaf.c}, first page, newest`,
      paths: [discover(`f=0&t=15&cids=${pleaf.c}&sort=newest`)],
    },
  ];

  const api = await startReferenceServer(ctx, file);
  const bare = await startChildServer(path.join(ROOT, 'bench', 'bare-server.ts'), {});
  const results = new Map<string, Run>();
  let bareRun: Run;
  let walk: Awaited<ReturnType<typeof walkFeed>>;
  // The load generator (wrk when installed) on CPU 0, the two servers on the others.
  const pinned = pinLoad([api.pid, bare.pid]);
  log(`scale-db: load from ${hasWrk() ? 'wrk' : 'autocannon'}${pinned ? ', client and servers pinned apart' : ''}`);
  try {
    await hammer(bare.url, ['/constant'], warmSeconds, connections);
    bareRun = await hammer(bare.url, ['/constant'], seconds, connections);
    // The hot sample's answers are kept once asked: ask each once, in turn.
    for (const p of endpoints[0].paths) {
      const res = await fetch(api.url + p);
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      await res.arrayBuffer();
    }
    for (const e of endpoints) {
      // Each endpoint is warmed (JIT, SQLite's page cache) right before it is measured, so a
      // run does not pay for the garbage of the one before (a size-500 feed page warmed just
      // before the kept details doubled their p99 in the first version of this bench). The
      // first hits are warmed on a sample of their own, so the measured ones stay first hits.
      await hammer(api.url, e === endpoints[1] ? detail(warmCold) : e.paths, warmSeconds, connections);
      log(`scale-db: ${e.name}, ${seconds} s at ${connections} connections`);
      results.set(e.name, await hammer(api.url, e.paths, seconds, connections));
    }
    log('scale-db: one client walks the whole feed at size 500');
    walk = await walkFeed(api.url, 500);
  } finally {
    await api.stop();
    await bare.stop();
  }

  const figures = [];
  if (seeding) {
    figures.push(fig(`seed ${n(reviews)} reviews: wall time`, seeding.seconds, 's'));
    if (seeding.rssMB !== null) figures.push(fig(`seed ${n(reviews)} reviews: peak RSS`, seeding.rssMB, 'MB'));
  }
  for (const e of endpoints) {
    const r = results.get(e.name)!;
    const peer = e.pair
      ? { name: e.pair, value: results.get(e.pair)!.p99 }
      : { name: 'bare Fastify route', value: bareRun.p99 };
    const isDetail = e.name.startsWith('review detail');
    figures.push(
      fig(
        `${e.name}: requests/s`,
        r.rps,
        'req/s',
        e.pair ? { name: e.pair, value: results.get(e.pair)!.rps } : { name: 'bare Fastify route', value: bareRun.rps },
      ),
    );
    figures.push(
      fig(`${e.name}: p99 latency`, r.p99, 'ms', peer, isDetail ? { text: '< 20 ms', met: r.p99 < 20 } : undefined),
    );
  }
  figures.push(
    fig(`walk the whole feed at size 500 (${n(walk.pages)} pages, one client): total`, walk.seconds, 's'),
    fig('walk: ms per page, first 50 pages', walk.msPerPage[0], 'ms'),
    fig('walk: ms per page, 50 pages in the middle', walk.msPerPage[1], 'ms', {
      name: 'first 50 pages',
      value: walk.msPerPage[0],
    }),
    fig('walk: ms per page, last 50 pages', walk.msPerPage[2], 'ms', {
      name: 'first 50 pages',
      value: walk.msPerPage[0],
    }),
  );
  const bad = [...results].filter(([, r]) => r.errors || r.timeouts || r.non2xx);
  return {
    section: 'scale-db',
    title: `Reference server at ${n(total)} reviews (${connections} connections, ${seconds} s per endpoint, loopback)`,
    figures,
    notes: [
      `Bare Fastify route: ${bareRun.rps} req/s, p99 ${bareRun.p99} ms. Deep pages are compared with the first page of the same listing, measured in the same run.`,
      `The walk returned ${n(walk.reviews)} reviews in ${n(walk.pages)} pages.`,
      pinned
        ? `${hasWrk() ? 'wrk' : 'autocannon'} on CPU 0, the servers on the other CPUs (taskset).`
        : 'autocannon runs in the bench process, the server in its own: on 2 cores the load generator competes with the server.',
      ...(bad.length
        ? bad.map(([k, r]) => `${k}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`)
        : ['No errors, no non-2xx answers.']),
    ],
    details: { results: Object.fromEntries(results), bare: bareRun, walk, seeding },
  };
}
