// Issue 12 item 2: the review API under load while two clients ask for media nobody has asked
// for before. `npx tsx bench/media.ts [--reviews 10000] [--seconds 10]`. The reference server
// runs as a child process (scripts/embedded-server.ts) on a fresh seeded database and an empty
// media cache; autocannon runs here. Each loaded run is paired with an API-only run just before
// it (the shared machine drifts; see docs/benchmarks.md).
import Database from 'better-sqlite3';
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededDb, startChildServer, ROOT, type BenchContext } from './lib/data';

interface Load { rps: number; p99: number; statuses: Record<string, number>; errors: number }

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

function load(url: string, next: () => string, seconds: number, connections: number): Promise<Load> {
  return autocannon({
    url, connections, duration: seconds, timeout: 30,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
  }).then((r) => ({
    rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.timeouts,
    statuses: Object.fromEntries(Object.entries((r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
  }));
}

const cycle = (paths: string[]) => { let i = 0; return () => paths[i++ % paths.length]; };

async function main() {
  const reviews = arg('reviews', 10_000);
  const seconds = arg('seconds', 10);
  const ctx: BenchContext = { tmp: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-')), quick: true, keep: false };
  try {
    const { file } = seededDb(ctx, reviews);
    const db = new Database(file, { readonly: true });
    const detail = (db.prepare('SELECT product_id AS p, id AS c FROM reviews ORDER BY (id * 2654435761) % 4294967296 LIMIT 2000').all() as { p: number; c: number }[])
      .map((s) => `/api/v1/product-comment/products/${s.p}/comments?commentId=${s.c}`);
    const existing = (db.prepare(`SELECT json_extract(value, '$.full.url') AS u FROM reviews, json_each(reviews.pictures)
      WHERE u LIKE '/media/%' ORDER BY reviews.id`).all() as { u: string }[]).map((r) => r.u);
    db.close();

    const server = await startChildServer(path.join(ROOT, 'scripts', 'embedded-server.ts'), { DB_FILE: file, MEDIA_DIR: path.join(ctx.tmp, 'media') });
    try {
      let n = 0;
      const scenarios: Array<{ name: string; next: () => string }> = [
        { name: 'new unknown ids, a size the data uses (1080x1440.jpg)', next: () => `/media/picture/r9${String(++n).padStart(8, '0')}/1080x1440.jpg` },
        { name: 'new unknown ids, 12 MP (4000x3000.jpg)', next: () => `/media/picture/x${++n}/4000x3000.jpg` },
        { name: `existing, uncached review pictures (${existing.length.toLocaleString('en-US')} full-size URLs, each once)`, next: cycle(existing) },
      ];
      await load(server.url, cycle(detail), 2, 50); // warm-up: JIT, SQLite page cache
      console.log(`${reviews.toLocaleString('en-US')} reviews, review detail at 50 connections, ${seconds} s per run; media at 2 connections`);
      for (const s of scenarios) {
        const alone = await load(server.url, cycle(detail), seconds, 50);
        const [api, media] = await Promise.all([load(server.url, cycle(detail), seconds, 50), load(server.url, s.next, seconds, 2)]);
        console.log(`\n${s.name}`);
        console.log(`  API alone:        ${alone.rps} req/s, p99 ${alone.p99} ms, statuses ${JSON.stringify(alone.statuses)}`);
        console.log(`  API + 2 media:    ${api.rps} req/s, p99 ${api.p99} ms, statuses ${JSON.stringify(api.statuses)}`);
        console.log(`  media clients:    ${media.rps} req/s, p99 ${media.p99} ms, statuses ${JSON.stringify(media.statuses)}, errors ${media.errors}`);
      }
      const files = fs.readdirSync(path.join(ctx.tmp, 'media'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
      const bytes = files.reduce((sum, d) => sum + fs.statSync(path.join(d.parentPath, d.name)).size, 0);
      console.log(`\nmedia cache after the runs: ${files.length} files, ${(bytes / 2 ** 20).toFixed(1)} MB`);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(ctx.tmp, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
