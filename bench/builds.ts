// npm run bench -- --only builds (10,000 reviews; --quick: 1,000; --builds-reviews N: N)
//
// The editors' loop end to end (issue 13 part 2): the `npm start` server in this process (API,
// site, editors' API, build queue) over a fresh demo database of N reviews, the queue building
// with real `gatsby build` children in a copy of the sources (the staging workspace, kept
// between builds). Each figure is trigger -> served: from the HTTP call to the moment the site
// answers the change (the build published). Measured, in order:
//
//   cold            POST /builds on an empty workspace (the floor the others are set against)
//   edit + hint     PATCH /reviews/:p/:c (the back office; hint changed: [it]): the patch build
//   the same, patch off: the hinted `gatsby build` (side by side with the patch build)
//   edit, no hint   the text changed in SQLite by hand, then POST /builds without a body
//   add             POST /reviews (hint changed: [the new one])
//   takedown        POST /takedowns: 410 at once; then its build (hint removed: [it])
//   rollback        POST /builds/:id/publish of the cold build
//
// and, per build, the HTML files of its release that differ from the previous release's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copySiteSources } from '../scripts/site-copy';
import { registerSite } from '../server/site';
import { startServer, type RunningServer } from '../server/start';
import { BuildHistory } from '../server/builds/history';
import { BuildQueue } from '../server/builds/queue';
import { gatsbyRunner } from '../server/builds/gatsby-runner';
import type { BuildDetail } from '../server/builds/types';
import { fig, log, type SectionResult } from './lib/report';
import type { BenchContext } from './lib/data';

const TOKEN = 'bench-editor-token-0123456789abcdef';
let patchOn = true;
let releasesRoot = '';
let server: RunningServer;
async function call(method: string, url: string, body?: unknown) {
  const r = await fetch(server.url + url, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : undefined };
}
async function finished(id: string): Promise<BuildDetail> {
  for (;;) {
    const b = (await call('GET', `/editor/api/builds/${id}`)).json as BuildDetail;
    if (b.status === 'published' || b.status === 'failed') return b;
    await new Promise((r) => setTimeout(r, 100));
  }
}
function htmlFiles(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? htmlFiles(dir, r) : r.endsWith('.html') ? [r] : [];
  });
}
function changedHtml(a: string, b: string): { changed: number; total: number } {
  const dir = (id: string) => path.join(releasesRoot, 'releases', id);
  const files = htmlFiles(dir(b));
  const changed = files.filter((f) => {
    const old = path.join(dir(a), f);
    return !fs.existsSync(old) || !fs.readFileSync(old).equals(fs.readFileSync(path.join(dir(b), f)));
  }).length;
  return { changed, total: files.length };
}
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Row {
  change: string;
  ms: number;
  html: string;
  note: string;
}

/** The section: trigger -> served per kind of change, in a site of `reviews` reviews. */
export async function runBuilds(ctx: BenchContext, reviews: number): Promise<SectionResult> {
  const REVIEWS = reviews;
  const tmp = path.join(ctx.tmp, `builds-${reviews}`);
  fs.mkdirSync(tmp, { recursive: true });
  releasesRoot = path.join(tmp, 'site');
  const workspace = copySiteSources(path.join(tmp, 'workspace'));
  const queue = new BuildQueue(
    new BuildHistory(releasesRoot),
    gatsbyRunner({
      root: workspace,
      releasesRoot,
      apiUrl: () => server.url,
      excluded: () => server.app.repos.takedowns.list(),
      patch: () => patchOn,
    }),
  );
  const t0 = Date.now();
  server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: REVIEWS,
    editorToken: TOKEN,
    builds: queue,
    configure: (app) => registerSite(app, path.join(releasesRoot, 'current')),
  });
  log(`seeded ${REVIEWS} reviews in ${Date.now() - t0} ms; load ${loadavg()}`);
  const rows: Row[] = [];
  let previous: string | null = null;
  const measure = async (change: string, trigger: () => Promise<string>, note = '') => {
    const start = performance.now();
    const id = await trigger();
    const b = await finished(id);
    const ms = Math.round(performance.now() - start);
    if (b.status !== 'published') throw new Error(`${change}: build ${b.status}: ${b.error}\n${b.log.join('\n')}`);
    const html = previous
      ? changedHtml(previous, b.releaseId!)
      : { changed: NaN, total: htmlFiles(path.join(releasesRoot, 'current')).length };
    previous = b.releaseId;
    // How it was built: the patch build's summary line, or gatsby build's; and the publish.
    const patch = b.log.find((l) => /^patch: \d+ files written/.test(l));
    const how = patch
      ? `patch build: ${patch.replace(/^patch: /, '')}`
      : `gatsby build${b.log.find((l) => /^info Done building in/.test(l))?.replace(/^info Done building in ([\d.]+).*/, (_, s) => ` ${Number(s).toFixed(1)} s`) ?? ''}`;
    const pub = b.log.find((l) => l.startsWith('published release'))?.replace(/^published release \S+ /, '') ?? '';
    rows.push({
      change,
      ms,
      html: previous && !Number.isNaN(html.changed) ? `${html.changed} of ${html.total}` : `${html.total} (all)`,
      note: [note, how, `published ${pub}`].filter(Boolean).join('; '),
    });
    log(`${change}: ${ms} ms, HTML ${rows.at(-1)!.html}; load ${loadavg()}`);
    return b;
  };

  await measure('cold build', async () => (await call('POST', '/editor/api/builds')).json.id);
  // The first build on a warm cache rewrites every HTML file with the same content (Gatsby's
  // first incremental build; docs/benchmarks.md "Rebuild"): measured on its own, so that the
  // figures below are those of a warm workspace, as `npm start` has after its first rebuild.
  await measure('warm-up (nothing changed, no hint)', async () => (await call('POST', '/editor/api/builds')).json.id);
  const feed = (await call('GET', '/api/v2/product_comment/haul?category=0&delimiter=0&size=200')).json.waterFall
    .waterDrops as Array<{ productId: number; commentId: number }>;
  // Reviews of products with few reviews: an edit shows in the review's page, its product's
  // page, listings and its siblings' related carousels, so a product with hundreds of reviews
  // rewrites hundreds of sibling pages whatever the hint (noted in the table).
  const reviewsOf = (p: number) =>
    (server.app.db.prepare('SELECT count(*) AS n FROM reviews WHERE product_id = ?').get(p) as { n: number }).n;
  const few = feed.filter((f) => reviewsOf(f.productId) <= 3);
  const pool = few.length >= 7 ? few : feed;
  const ref = (i: number) => ({ productId: String(pool[i].productId), commentId: String(pool[i].commentId) });
  /** A back-office edit of review `r` (PATCH: the build gets the hint). */
  const editWithHint = (change: string, r: ReturnType<typeof ref>, content: string) =>
    measure(
      change,
      async () => (await call('PATCH', `/editor/api/reviews/${r.productId}/${r.commentId}`, { content })).json.build,
      `review ${r.commentId}, its product has ${reviewsOf(Number(r.productId))} review(s)`,
    );
  const a = ref(2);
  await editWithHint('edit, with hint', a, '编辑改过的正文 bench 1');
  patchOn = false;
  await editWithHint('edit, with hint, patch off (gatsby build)', ref(3), '编辑改过的正文 bench 1b');
  patchOn = true;
  const b = ref(4);
  const noHint = await measure(
    'edit, no hint (full sourcing)',
    async () => {
      server.app.db
        .prepare('UPDATE reviews SET content = ? WHERE id = ?')
        .run('编辑改过的正文 bench 2', Number(b.commentId));
      server.app.repos.reviews.forgetDetail(Number(b.productId), Number(b.commentId));
      return (await call('POST', '/editor/api/builds')).json.id;
    },
    `review ${b.commentId}, its product has ${reviewsOf(Number(b.productId))} review(s)`,
  );
  await measure('add a review', async () => {
    const r = await call('POST', '/editor/api/reviews', {
      productId: a.productId,
      content: '新加的晒单 bench',
      stars: 5,
    });
    return r.json.build;
  });
  const d = ref(6);
  let goneMs = 0;
  await measure('takedown (build)', async () => {
    const t = performance.now();
    const r = await call('POST', '/editor/api/takedowns', { ...d, reason: 'bench' });
    const page = await fetch(`${server.url}/review/${d.productId}/${d.commentId}/`);
    goneMs = Math.round(performance.now() - t);
    if (page.status !== 410) throw new Error(`takedown: ${page.status}`);
    return r.json.build.id;
  });
  rows.at(-1)!.note = `410 served ${goneMs} ms after the POST`;
  const t = performance.now();
  // The cold and warm-up builds' releases are pruned by now (5 kept): back to an earlier one still kept.
  const rb = await call('POST', `/editor/api/builds/${noHint.id}/publish`);
  if (rb.status !== 200) throw new Error(`rollback: ${rb.status}`);
  rows.push({
    change: 'rollback (to the edit without hint)',
    ms: Math.round(performance.now() - t),
    html: '-',
    note: `switch ${rb.json.ms} ms`,
  });

  await queue.close();
  await server.close();

  const n = REVIEWS.toLocaleString('en-US');
  const coldMs = rows[0].ms;
  const table = [
    `${n} reviews, ${os.cpus().length} CPUs, load average at the end ${loadavg()}`,
    '',
    '| change | trigger -> served | vs cold | HTML files that differ from the previous release | note |',
    '|---|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.change} | ${(r.ms / 1000).toFixed(r.ms < 10_000 ? 2 : 1)} s | ${Math.round((100 * r.ms) / coldMs)}% | ${r.html} | ${r.note} |`,
    ),
  ];
  const row = (change: string) => rows.find((r) => r.change === change)!;
  const floor = { name: `cold build ${n}`, value: coldMs / 1000 };
  const edited = row('edit, with hint');
  const editedHtml = Number(edited.html.split(' ')[0]);
  return {
    section: 'builds',
    title: `Editors' builds: trigger -> served at ${n} reviews`,
    figures: [
      fig(`cold build ${n}: trigger -> served`, coldMs / 1000, 's'),
      fig('edit with hint', edited.ms / 1000, 's', floor, {
        text: '< 15% of the cold build',
        met: edited.ms < 0.15 * coldMs,
      }),
      fig('edit with hint: HTML files rewritten', editedHtml, 'files', undefined, {
        text: '< 50',
        met: editedHtml < 50,
      }),
      fig(
        'edit with hint, patch off (gatsby build)',
        row('edit, with hint, patch off (gatsby build)').ms / 1000,
        's',
        floor,
      ),
      fig('warm-up build (nothing changed)', row('warm-up (nothing changed, no hint)').ms / 1000, 's', floor),
      fig('edit without hint', row('edit, no hint (full sourcing)').ms / 1000, 's', floor),
      fig('add a review (hint)', row('add a review').ms / 1000, 's', floor),
      fig('takedown: POST -> 410 served', goneMs / 1000, 's', undefined, { text: '< 1 s', met: goneMs < 1000 }),
      fig('takedown: its build, trigger -> served', row('takedown (build)').ms / 1000, 's', floor),
      fig('rollback: POST /builds/:id/publish', row('rollback (to the edit without hint)').ms / 1000, 's'),
    ],
    notes: table,
    details: rows,
  };
}
