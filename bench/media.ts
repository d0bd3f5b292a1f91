// Issue 12 item 2: the review API under load while two clients ask for media nobody has asked
// for before. `npm run bench -- --only media` (10,000 reviews, 3 rounds of 5 s; --quick: 1
// round of 2 s). The reference server runs as a child process (scripts/embedded-server.ts) on a fresh seeded
// database and an empty media cache; autocannon runs here. Each loaded run is paired with an
// API-only run just before it, several rounds, medians (the shared machine drifts; see
// docs/benchmarks.md).
import Database from 'better-sqlite3';
import autocannon from 'autocannon';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startServer } from '../server/start';
import { seededDb, startChildServer, ROOT, type BenchContext } from './lib/data';
import { fig, log, type Figure, type SectionResult } from './lib/report';

interface Load {
  rps: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
}

function load(url: string, next: () => string, seconds: number, connections: number): Promise<Load> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
  }).then((r) => ({
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    statuses: Object.fromEntries(
      Object.entries(
        (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {},
      ).map(([k, v]) => [k, v.count]),
    ),
  }));
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const cycle = (paths: string[]) => {
  let i = 0;
  return () => paths[i++ % paths.length];
};

/**
 * The server in this process, no API load: two clients each ask for `perClient` media URLs one
 * after another; the event loop's delay (max, p99) and utilisation over that time. Less
 * sensitive to the machine's load than throughput: it shows how long the loop is blocked.
 */
async function eventLoopPart(
  dbFile: string,
  mediaDir: string,
  scenarios: Array<{ name: string; next: () => string }>,
  perClient: number,
  note: (line: string) => void,
) {
  const server = await startServer({ dbFile, mediaDir, port: 0, host: '127.0.0.1', logger: false });
  try {
    // Warm-up (fetch, routes, statements), not measured.
    for (const u of ['/api/v2/productcategories', '/media/picture/r1/1x1.jpg'])
      await (await fetch(server.url + u)).arrayBuffer();
    note(
      `Event loop of an in-process server, no API load, 2 clients x ${perClient} media requests each, one at a time`,
    );
    for (const s of scenarios) {
      const h = monitorEventLoopDelay({ resolution: 10 });
      const statuses: Record<string, number> = {};
      const client = async () => {
        for (let i = 0; i < perClient; i++) {
          const res = await fetch(server.url + s.next());
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      };
      const t0 = performance.now();
      const elu0 = performance.eventLoopUtilization();
      h.enable();
      await Promise.all([client(), client()]);
      h.disable();
      const elu = performance.eventLoopUtilization(elu0);
      const ms = (ns: number) => Math.round(ns / 1e6);
      note(
        `  ${s.name}: ${Math.round(performance.now() - t0)} ms wall, event loop busy ${(elu.utilization * 100).toFixed(0)}%, ` +
          `delay max ${ms(h.max)} ms, p99 ${ms(h.percentile(99))} ms; statuses ${JSON.stringify(statuses)}`,
      );
    }
  } finally {
    await server.close();
  }
}

export async function runMedia(ctx: BenchContext): Promise<SectionResult> {
  const reviews = 10_000;
  const seconds = ctx.quick ? 2 : 5;
  const rounds = ctx.quick ? 1 : 3;
  const perClient = 5;
  const tmp = path.join(ctx.tmp, 'media-section');
  const figures: Figure[] = [];
  const notes: string[] = [];
  const note = (line: string) => {
    log(`media: ${line}`);
    notes.push(line);
  };
  try {
    const { file } = seededDb(ctx, reviews, 'media');
    const db = new Database(file, { readonly: true });
    const detail = (
      db
        .prepare('SELECT product_id AS p, id AS c FROM reviews ORDER BY (id * 2654435761) % 4294967296 LIMIT 2000')
        .all() as { p: number; c: number }[]
    ).map((s) => `/api/v1/product-comment/products/${s.p}/comments?commentId=${s.c}`);
    const existing = (
      db
        .prepare(
          `SELECT json_extract(value, '$.full.url') AS u FROM reviews, json_each(reviews.pictures)
      WHERE u LIKE '/media/%' ORDER BY reviews.id`,
        )
        .all() as { u: string }[]
    ).map((r) => r.u);
    db.close();

    const server = await startChildServer(path.join(ROOT, 'scripts', 'embedded-server.ts'), {
      DB_FILE: file,
      MEDIA_DIR: path.join(tmp, 'media'),
    });
    try {
      let n = 0;
      const scenarios: Array<{ name: string; next: () => string }> = [
        {
          name: 'new unknown ids, a size the data uses (1080x1440.jpg)',
          next: () => `/media/picture/r9${String(++n).padStart(8, '0')}/1080x1440.jpg`,
        },
        { name: 'new unknown ids, 12 MP (4000x3000.jpg)', next: () => `/media/picture/x${++n}/4000x3000.jpg` },
        {
          name: `existing, uncached review pictures (${existing.length.toLocaleString('en-US')} full-size URLs, each once)`,
          next: cycle(existing),
        },
      ];
      await load(server.url, cycle(detail), 2, 50); // warm-up: JIT, SQLite page cache
      note(
        `${reviews.toLocaleString('en-US')} reviews, review detail at 50 connections; media at 2 connections; ` +
          `${rounds} rounds of (API alone, API + media) per scenario, ${seconds} s each; medians`,
      );
      for (const s of scenarios) {
        const alone: Load[] = [];
        const loaded: Load[] = [];
        const media: Load[] = [];
        for (let r = 0; r < rounds; r++) {
          alone.push(await load(server.url, cycle(detail), seconds, 50));
          const [api, m] = await Promise.all([
            load(server.url, cycle(detail), seconds, 50),
            load(server.url, s.next, seconds, 2),
          ]);
          loaded.push(api);
          media.push(m);
        }
        const statuses = media.reduce<Record<string, number>>((acc, m) => {
          for (const [k, v] of Object.entries(m.statuses)) acc[k] = (acc[k] ?? 0) + v;
          return acc;
        }, {});
        const a = { rps: median(alone.map((x) => x.rps)), p99: median(alone.map((x) => x.p99)) };
        const b = { rps: median(loaded.map((x) => x.rps)), p99: median(loaded.map((x) => x.p99)) };
        figures.push(
          fig(`${s.name}: API req/s`, b.rps, 'req/s', { name: 'API alone', value: a.rps }),
          fig(`${s.name}: API p99`, b.p99, 'ms', { name: 'API alone', value: a.p99 }),
        );
        note(s.name);
        note(
          `  API alone:     ${a.rps} req/s, p99 ${a.p99} ms   (rounds: ${alone.map((x) => `${x.rps}/${x.p99}`).join(', ')})`,
        );
        note(
          `  API + media:   ${b.rps} req/s, p99 ${b.p99} ms   (rounds: ${loaded.map((x) => `${x.rps}/${x.p99}`).join(', ')})`,
        );
        note(`  ratio:         ${(b.rps / a.rps).toFixed(2)}x req/s, ${(b.p99 / a.p99).toFixed(2)}x p99`);
        note(
          `  media clients: median ${median(media.map((x) => x.rps))} req/s, p99 ${median(media.map((x) => x.p99))} ms, statuses ${JSON.stringify(statuses)}`,
        );
      }
      await eventLoopPart(
        file,
        path.join(tmp, 'media-in-process'),
        scenarios.map((x) => ({ ...x, next: x.name.startsWith('existing') ? cycle(existing.slice(5_000)) : x.next })),
        perClient,
        note,
      );
      const files = fs
        .readdirSync(path.join(tmp, 'media'), { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile() && !d.name.endsWith('.tmp'));
      const bytes = files.reduce((sum, d) => sum + fs.statSync(path.join(d.parentPath, d.name)).size, 0);
      note(`media cache after the runs: ${files.length} files, ${(bytes / 2 ** 20).toFixed(1)} MB`);
    } finally {
      await server.stop();
    }
  } finally {
    if (!ctx.keep) fs.rmSync(tmp, { recursive: true, force: true });
  }
  return {
    section: 'media',
    title: `The review API while two clients ask for media nobody asked for (${reviews.toLocaleString('en-US')} reviews)`,
    figures,
    notes,
  };
}
