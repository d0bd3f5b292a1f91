// Issue 24's numbers, in one run (docs/benchmarks.md "nginx in front"):
//
//   node --import tsx bench/deploy.ts [--site public] [--seconds 10] [--connections 50]
//                                     [--sections publish,serve,failover] [--rounds 1]
//                                     [--client wrk|autocannon] [--unpinned]
//
// --sections: what to run (serve and failover always publish a first release to serve; the
// publish section adds its patches). --rounds: the serve comparison repeated, its targets
// interleaved in each round. The serve comparison's load comes from Debian's wrk (one thread,
// C) when it is installed: autocannon in this process tops out near 2,400 req/s here, below
// both servers, so its figures measured the client (docs/benchmarks.md "nginx in front"). The
// load generator (this process and its wrk) runs on CPU 0 and every server process on the
// others (taskset) unless --unpinned, so client and servers do not compete for a core.
//
// 1. Publish: a built site (default public/, the demo's) published as a first release (every
//    text file precompressed, every page's policy written), then two patch releases: one review
//    edited (its page and page data rewritten) and every review page rewritten (an edit of the
//    review at the feed's head, docs/benchmarks.md "Editors' builds").
// 2. A review page with brotli at N connections for S seconds: nginx (deploy/nginx/) with one
//    worker and with a worker per CPU vs the site server alone (bench/site-server.ts, as
//    `npm start` serves it), each warmed by one request, one after the other.
// 3. Failover: two nodes (deploy/node.ts) behind nginx, dynamic URLs only (a review without a
//    static page and the API), one node SIGKILLed a third of the way through: requests lost.
// JSON in bench/out/deploy.json, a Markdown table on stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { publishPrepared, type PublishStats } from '../publish/releases';
import { publish, preparePatchRelease } from '../publish/release-files';
import { ensureSeeded } from '../server/start';
import { defaultCategoriesFile } from '../server/catalogue';
import { openDatabase } from '../server/db/open';
import { writeNginxConfig } from '../deploy/nginx/render';
import { freePort, startNginx } from '../deploy/nginx/process';
import { hammer, hammerWrk, hasWrk, pin, type Run } from './lib/load';
import { log } from './lib/report';
import { processTree } from './lib/proc';

const ROOT = path.resolve(__dirname, '..');

/** CPU time (user + system, ms) used so far by a process and its children (nginx: master and workers). */
function cpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime
    } catch {
      // exited
    }
  }
  return ticks * 10; // USER_HZ = 100
}

/** A load run with the server's CPU time per 1,000 answers (what a saturated shared machine cannot skew much). */
async function measured(pid: number, client: 'autocannon' | 'wrk', ...args: Parameters<typeof hammer>) {
  const before = cpuMs(pid);
  const [url, paths, ...rest] = args;
  const run: Run = client === 'wrk' ? await hammerWrk(url, paths[0], ...rest) : await hammer(...args);
  const cpu = cpuMs(pid) - before;
  return { ...run, serverCpuMs: cpu, cpuMsPer1000: Math.round((cpu / Math.max(run.requests, 1)) * 1000) };
}

function reviewPages(site: string): string[] {
  const out: string[] = [];
  for (const p of fs.readdirSync(site)) {
    if (!/^\d+$/.test(p)) continue;
    for (const c of fs.readdirSync(path.join(site, p)))
      if (fs.existsSync(path.join(site, p, c, 'index.html'))) out.push(`${p}/${c}`);
  }
  return out.sort();
}

function countFiles(dir: string): { files: number; siblings: number } {
  let files = 0;
  let siblings = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (/\.(br|gz)$/.test(e.name)) siblings++;
      else files++;
    }
  };
  walk(dir);
  return { files, siblings };
}

/** A patch release of `base` rewriting these reviews' page and page data (a comment appended). */
async function patch(root: string, base: string, tmp: string, reviews: string[]): Promise<PublishStats> {
  const out = fs.mkdtempSync(path.join(tmp, 'patch-'));
  const written: string[] = [];
  for (const r of reviews)
    for (const rel of [`${r}/index.html`, `page-data/${r}/page-data.json`]) {
      const src = path.join(root, 'releases', base, rel);
      if (!fs.existsSync(src)) continue;
      const body = fs.readFileSync(src, 'utf8');
      fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
      fs.writeFileSync(
        path.join(out, rel),
        rel.endsWith('.json') ? body.replace(/}\s*$/, ',"edited":1}') : `${body}<!-- edited -->`,
      );
      written.push(rel);
    }
  const prepared = path.join(root, 'releases', `.patch-bench-${written.length}`);
  const stats = preparePatchRelease(prepared, {
    base: path.join(root, 'releases', base),
    outDir: out,
    written,
    deleted: [],
  });
  return publishPrepared(root, prepared, stats);
}

function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  pattern: RegExp,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = pattern.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${out}`)));
  });
}

const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
  });

async function main() {
  const { values } = parseArgs({
    options: {
      site: { type: 'string', default: path.join(ROOT, 'public') },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      sections: { type: 'string', default: 'publish,serve,failover' },
      unpinned: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '1' },
      client: { type: 'string', default: hasWrk() ? 'wrk' : 'autocannon' },
    },
  });
  const client = values.client as 'autocannon' | 'wrk';
  if (client !== 'autocannon' && client !== 'wrk') throw new Error(`--client: autocannon or wrk, not ${client}`);
  const sections = new Set(values.sections!.split(','));
  const rounds = Number(values.rounds);
  const cpus = os.cpus().length;
  const pinned = !values.unpinned && cpus >= 2;
  if (client === 'autocannon')
    log('no wrk here (apt-get install wrk): autocannon in this process caps the serve figures near its own rate');
  const serverCpus = cpus > 2 ? `1-${cpus - 1}` : '1';
  if (pinned) pin(process.pid, '0');
  const site = path.resolve(values.site!);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  if (!fs.existsSync(path.join(site, 'index.html'))) throw new Error(`no built site in ${site} (npm run build)`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-deploy-'));
  fs.chmodSync(tmp, 0o755);
  const root = path.join(tmp, 'site');
  const result: Record<string, unknown> = {
    site,
    seconds,
    connections,
    client,
    cpus,
    pinned: pinned ? { client: '0', servers: serverCpus } : false,
    load: os.loadavg(),
  };
  const children: ChildProcess[] = [];
  try {
    // 1. Publish.
    log('publish: first release');
    const first = await publish(site, root);
    const reviews = reviewPages(path.join(root, 'current'));
    if (sections.has('publish')) {
      const counts = countFiles(path.join(root, 'current'));
      log('publish: patch of one review');
      const one = await patch(root, first.id, tmp, reviews.slice(0, 1));
      log(`publish: patch of every review page (${reviews.length})`);
      const all = await patch(root, one.id, tmp, reviews);
      result.publish = { reviews: reviews.length, ...counts, first, one, all };
    }

    // 2. A review page with brotli: nginx (one worker, a worker per CPU) vs the site server.
    if (sections.has('serve')) {
      const siteServer = await startChild(
        ['bench/site-server.ts'],
        { SITE_DIR: path.join(root, 'current') },
        /URL=(http:\S+)/,
      );
      children.push(siteServer.child);
      const nginxes: { name: string; nginx: Awaited<ReturnType<typeof startNginx>> }[] = [];
      try {
        for (const workers of [1, cpus]) {
          const port = await freePort();
          const nginxDir = path.join(tmp, `nginx-${workers}`);
          const conf = await writeNginxConfig({
            outDir: nginxDir,
            listen: `127.0.0.1:${port}`,
            siteRoot: root,
            upstreams: [new URL(siteServer.url).host],
            workers,
          });
          nginxes.push({
            name: `nginx, ${workers} worker${workers > 1 ? 's' : ''}`,
            nginx: await startNginx(conf, nginxDir, port),
          });
        }
        const targets = [
          ...nginxes.map((n) => ({ name: n.name, url: n.nginx.url, pid: n.nginx.child.pid! })),
          { name: 'site server', url: siteServer.url, pid: siteServer.child.pid! },
        ];
        if (pinned) for (const t of targets) pin(t.pid, serverCpus);
        const page = `/review/${reviews[Math.floor(reviews.length / 2)]}/`;
        const headers = { 'accept-encoding': 'gzip, deflate, br' };
        for (const t of targets) {
          const r = await fetch(t.url + page, { headers });
          if (r.status !== 200 || r.headers.get('content-encoding') !== 'br')
            throw new Error(`${t.url}${page}: ${r.status}`);
          await r.arrayBuffer();
        }
        const runs: Record<string, Awaited<ReturnType<typeof measured>>[]> = {};
        for (let round = 0; round < rounds; round++)
          for (const t of targets) {
            log(`load: ${page}, ${t.name}, ${seconds} s at ${connections} connections (round ${round + 1}/${rounds})`);
            (runs[t.name] ??= []).push(await measured(t.pid, client, t.url, [page], seconds, connections, headers));
          }
        const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        const rps = (name: string) => median(runs[name].map((r) => r.rps));
        const cpu = (name: string) => median(runs[name].map((r) => r.cpuMsPer1000));
        result.reviewPage = {
          page,
          runs,
          ratios: Object.fromEntries(
            nginxes.map((n) => [
              n.name,
              { rps: rps(n.name) / rps('site server'), lessCpu: cpu('site server') / Math.max(cpu(n.name), 1) },
            ]),
          ),
        };
      } finally {
        for (const n of nginxes) await n.nginx.stop();
        await stop(siteServer.child);
      }
    }

    // 3. Failover.
    if (sections.has('failover')) {
      const dbFile = path.join(tmp, 'db.sqlite');
      ensureSeeded(dbFile, defaultCategoriesFile(), 20);
      const db = openDatabase(dbFile);
      let row = db.prepare('SELECT id, product_id FROM reviews ORDER BY id DESC LIMIT 1').get() as {
        id: number;
        product_id: number;
      };
      // A larger site (--site of a 10,000-review build) has a static page for every demo review:
      // the dynamic URL is then a copy of the newest one under an id no build has.
      if (reviews.includes(`${row.product_id}/${row.id}`)) {
        const src = db.prepare('SELECT * FROM reviews WHERE id = ?').get(row.id) as Record<string, unknown>;
        const id = 9_000_000 + row.id;
        const cols = Object.keys(src);
        db.prepare(`INSERT INTO reviews (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`).run(
          ...cols.map((c) => (c === 'id' ? id : src[c])),
        );
        row = { id, product_id: row.product_id };
      }
      db.close();
      const nodeEnv = {
        SITE_RELEASES_DIR: root,
        DB_FILE: dbFile,
        MEDIA_DIR: path.join(tmp, 'media'),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'error',
      };
      const nodes = [
        await startChild(['deploy/node.ts'], nodeEnv, /listening on (http:\S+)/),
        await startChild(['deploy/node.ts'], nodeEnv, /listening on (http:\S+)/),
      ];
      children.push(...nodes.map((n) => n.child));
      const port2 = await freePort();
      const nginx2Dir = path.join(tmp, 'nginx2');
      const nginx2 = await startNginx(
        await writeNginxConfig({
          outDir: nginx2Dir,
          listen: `127.0.0.1:${port2}`,
          siteRoot: root,
          upstreams: nodes.map((n) => new URL(n.url).host),
        }),
        nginx2Dir,
        port2,
      );
      try {
        const review = `/review/${row.product_id}/${row.id}/`;
        if (reviews.includes(`${row.product_id}/${row.id}`)) throw new Error(`${review} has a static page here`);
        let seen = 0;
        let killedAt = 0;
        log(`failover: ${seconds} s at ${connections} connections, one node killed`);
        const r = await new Promise<{ errors: number; timeouts: number; non2xx: number; '2xx': number }>(
          (resolve, reject) => {
            const started = Date.now();
            const instance = autocannon(
              {
                url: nginx2.url,
                connections,
                duration: seconds,
                timeout: 10,
                requests: [
                  { method: 'GET', path: review },
                  { method: 'GET', path: '/api/v2/product_comment/haul' },
                ],
              },
              (err, res) => (err ? reject(err) : resolve(res)),
            );
            instance.on('response', () => {
              seen++;
              if (!killedAt && Date.now() - started > (seconds * 1000) / 3) {
                killedAt = seen;
                nodes[1].child.kill('SIGKILL');
              }
            });
          },
        );
        result.failover = {
          requests: r['2xx'] + r.non2xx,
          killedAfter: killedAt,
          lost: r.errors + r.timeouts + r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          non2xx: r.non2xx,
        };
      } finally {
        await nginx2.stop();
      }
    }
  } finally {
    for (const c of children) await stop(c);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.mkdirSync(path.join(ROOT, 'bench', 'out'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'out', 'deploy.json'), JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
