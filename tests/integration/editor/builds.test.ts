// The editors' builds with real parts (issue 13 part 2): the `npm start` server (API, site,
// editors' API) on a random loopback port over a real SQLite file, and the build queue running
// real `gatsby build --prefix-paths` children in a copy of the sources (scripts/site-copy.ts)
// that stays the staging workspace between builds. A small site (20 reviews, ~575 pages) and
// few builds: one cold, one hinted after an edit (three triggers coalesced into it), one that
// fails on the API, one killed with SIGKILL, one after a takedown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copySiteSources } from '../../../scripts/site-copy';
import { registerSite } from '../../../server/site';
import { startServer, type RunningServer } from '../../../server/start';
import { BuildHistory, INTERRUPTED } from '../../../server/builds/history';
import { BuildQueue } from '../../../server/builds/queue';
import { gatsbyRunner } from '../../../server/builds/gatsby-runner';
import { currentRelease } from '../../../publish/releases';
import type { BuildDetail } from '../../../server/builds/types';
import { FILE_LIMIT_MS, hookTimeout, remainingMs } from '../../helpers/deadline';

const TOKEN = 'editor-token-for-build-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'builds-'));
const releasesRoot = path.join(tmp, 'site');
let workspace: string;
let server: RunningServer;
let queue: BuildQueue;
let childPid = 0;
let categoriesDown = false;

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = auth) {
  const r = await fetch(server.url + url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return {
    status: r.status,
    text,
    json: (r.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined,
  };
}

const detail = async (id: string) => (await call('GET', `/editor/api/builds/${id}`)).json as BuildDetail;
/**
 * How long one build may take here: BUILD_TEST_DEADLINE_MS (a slow or shared machine sets more),
 * never more than what is left of the file's limit (tests/helpers/deadline.ts): on expiry the
 * test fails naming the build's state, before the runner would cancel the file, and `after`
 * closes the queue, which ends the build's whole process group (server/builds/gatsby-runner.ts),
 * so no worker is left running. A clean-clone run beside four other Gatsby builds (load average
 * 25-30 on 2 cores) took 281 s for one cold build of 20 reviews. Safety nets, not timings.
 */
const DEADLINE_MS = Number(process.env.BUILD_TEST_DEADLINE_MS) || FILE_LIMIT_MS;
const deadline = () => Math.min(DEADLINE_MS, remainingMs());
/** A test that waits for builds: what is left of the file's limit when it starts. */
const BUILDS = hookTimeout();
async function waitFor(id: string, until: (b: BuildDetail) => boolean, timeoutMs = deadline()): Promise<BuildDetail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const b = await detail(id);
    if (until(b)) return b;
    if (Date.now() > end)
      assert.fail(`build ${id} still ${b.status} ${JSON.stringify(b.progress)}:\n${b.log.join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const finished = (id: string) => waitFor(id, (b) => b.status === 'published' || b.status === 'failed');

function htmlFiles(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? htmlFiles(dir, r) : r.endsWith('.html') ? [r] : [];
  });
}
/** HTML files of release `b` that are new or differ from release `a`. */
function changedHtml(a: string, b: string): string[] {
  const dir = (id: string) => path.join(releasesRoot, 'releases', id);
  return htmlFiles(dir(b)).filter((f) => {
    const old = path.join(dir(a), f);
    return !fs.existsSync(old) || !fs.readFileSync(old).equals(fs.readFileSync(path.join(dir(b), f)));
  });
}
const page = async (p: string) => {
  const r = await fetch(server.url + p);
  return { status: r.status, text: await r.text() };
};

before(async () => {
  workspace = copySiteSources(path.join(tmp, 'workspace'));
  queue = new BuildQueue(
    new BuildHistory(releasesRoot),
    gatsbyRunner({
      root: workspace,
      releasesRoot,
      apiUrl: () => server.url,
      excluded: () => server.app.repos.takedowns.list(),
      onSpawn: (pid) => {
        childPid = pid;
      },
    }),
  );
  server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 20,
    editorToken: TOKEN,
    builds: queue,
    configure: (app) => {
      // The failure case: a required endpoint of the contract answers 503.
      app.addHook('onRequest', async (req, reply) => {
        if (categoriesDown && req.url.startsWith('/api/v2/productcategories'))
          return reply
            .code(503)
            .send({ messages: ['维护中'], message: '维护中', statusCode: 503, code: 'UNAVAILABLE' });
      });
      return registerSite(app, path.join(releasesRoot, 'current'));
    },
  });
});
after(async () => {
  await queue?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('401 without the token on every build route; bounded, checked hint bodies', async () => {
  for (const [m, u] of [
    ['POST', '/editor/api/builds'],
    ['GET', '/editor/api/builds'],
    ['GET', '/editor/api/builds/b1'],
    ['POST', '/editor/api/builds/b1/publish'],
    ['PATCH', '/editor/api/reviews/1/2'],
    ['POST', '/editor/api/reviews'],
  ]) {
    const r = await call(m, u, undefined, { authorization: 'Bearer nope' });
    assert.equal(r.status, 401, `${m} ${u}`);
    assert.ok(!r.text.includes(TOKEN));
  }
  const ref = { productId: '1', commentId: '2' };
  assert.equal((await call('POST', '/editor/api/builds', { changed: Array(1001).fill(ref) })).status, 400);
  assert.equal(
    (await call('POST', '/editor/api/builds', { changed: [{ productId: '../x', commentId: '2' }] })).status,
    400,
  );
  assert.equal(
    (await call('POST', '/editor/api/builds', { changed: [{ productId: 'x'.repeat(65), commentId: '2' }] })).status,
    400,
  );
  assert.equal((await call('POST', '/editor/api/builds', { changed: [{ productId: '1' }] })).status, 400);
  assert.equal((await call('GET', '/editor/api/builds/nope')).status, 404);
  assert.equal(queue.busy, false, 'no build queued by refused calls');
});

let cold: BuildDetail;
let hinted: BuildDetail;
let edited: { productId: string; commentId: string };
let editedAt = 0;
/** The lastmod (epoch ms) of a URL in the served sitemaps, or null when it is not listed. */
function sitemapLastmod(sitePath: string): number | null {
  const current = path.join(releasesRoot, 'current');
  for (const f of fs.readdirSync(current).filter((n) => /^sitemap-\d+\.xml$/.test(n))) {
    const xml = fs.readFileSync(path.join(current, f), 'utf8');
    const m = new RegExp(`<loc>[^<]*${sitePath}</loc><lastmod>([^<]+)</lastmod>`).exec(xml);
    if (m) return Date.parse(m[1]);
  }
  return null;
}
const NEW_TEXT = '编辑改过的晒单正文 edited-by-the-back-office-4711';

test(
  'cold build: 202 and an id; three triggers while it runs coalesce into ONE hinted build that serves the edit and rewrites few HTML files',
  BUILDS,
  async () => {
    const first = await call('POST', '/editor/api/builds');
    assert.equal(first.status, 202);
    assert.match(first.json.id, /^b\d{8}T\d{9}Z/);
    // Past sourcing: the edit below is not in this build's data.
    const running = await waitFor(first.json.id, (b) => b.progress.percent >= 28 || b.status !== 'running');
    assert.equal(running.status, 'running');
    assert.equal(running.trigger, 'editor');
    assert.equal(running.hint, null);
    assert.ok(running.log.some((l) => l.includes('Sourcing from the storefront API')));
    assert.ok(!running.log.some((l) => l.includes(TOKEN)));

    const feed = (await call('GET', '/api/v2/product_comment/haul?category=0&delimiter=0&size=20')).json.waterFall
      .waterDrops;
    edited = { productId: String(feed[3].productId), commentId: String(feed[3].commentId) };
    editedAt = Date.now();
    const patch = await call('PATCH', `/editor/api/reviews/${edited.productId}/${edited.commentId}`, {
      content: NEW_TEXT,
    });
    assert.equal(patch.status, 200);
    const other = { productId: String(feed[5].productId), commentId: String(feed[5].commentId) };
    const t2 = await call('POST', '/editor/api/builds', { changed: [other] });
    const t3 = await call('POST', '/editor/api/builds', { changed: [edited] });
    assert.equal(t2.status, 202);
    assert.equal(t2.json.id, patch.json.build);
    assert.equal(t3.json.id, patch.json.build);

    cold = await finished(first.json.id);
    assert.equal(cold.status, 'published', cold.log.join('\n'));
    assert.equal(cold.pages, 20);
    assert.ok(cold.releaseId);
    hinted = await finished(patch.json.build);
    assert.equal(hinted.status, 'published', hinted.log.join('\n'));
    assert.equal(hinted.trigger, 'backoffice');
    assert.deepEqual(hinted.hint, { changed: 2, removed: 0 });
    assert.equal(hinted.progress.percent, 100);
    assert.ok(
      fs.existsSync(path.join(workspace, 'var', 'build-data', 'last', 'pages.ndjson')),
      'its data is the next base',
    );

    const list = (await call('GET', '/editor/api/builds')).json.builds;
    assert.deepEqual(
      list.map((b: BuildDetail) => [b.id, b.status, b.current, b.canPublish]),
      [
        [hinted.id, 'published', true, true],
        [cold.id, 'published', false, true],
      ],
      'exactly one more build',
    );
    assert.deepEqual(Object.keys(list[0]).sort(), [
      'canPublish',
      'current',
      'error',
      'finishedAt',
      'held',
      'hint',
      'id',
      'pages',
      'queuedAt',
      'releaseId',
      'skipped',
      'startedAt',
      'status',
      'touched',
      'trigger',
    ]);

    const url = `/review/${edited.productId}/${edited.commentId}/`;
    const served = await page(url);
    assert.equal(served.status, 200);
    assert.ok(served.text.includes(NEW_TEXT), 'the edit is served');
    // Its sitemap lastmod is when its page changed (this build), no longer its posting date.
    const lastmod = sitemapLastmod(url);
    assert.ok(lastmod != null, 'listed');
    assert.ok(
      lastmod >= Math.floor(editedAt / 1000) * 1000,
      `lastmod ${new Date(lastmod).toISOString()} before the edit`,
    );
    assert.ok(lastmod <= hinted.finishedAt!, 'not after the build');
    const changed = changedHtml(cold.releaseId!, hinted.releaseId!);
    console.log(
      `hinted build rewrote ${changed.length} of ${htmlFiles(path.join(releasesRoot, 'current')).length} HTML files`,
    );
    assert.ok(changed.includes(`${edited.productId}/${edited.commentId}/index.html`), changed.join(' '));
    assert.ok(changed.length < 50, `${changed.length} HTML files rewritten: ${changed.join(' ')}`);
    // The patch build made it (gatsby/patch/build.ts), not `gatsby build`.
    assert.ok(
      hinted.log.some((l) => l.includes(`(patch of ${cold.releaseId})`)),
      hinted.log.join('\n'),
    );
  },
);

test(
  'a failed build (a required endpoint down) is recorded with its reason; the served site is untouched',
  BUILDS,
  async () => {
    const servedRelease = currentRelease(releasesRoot);
    const home = await page('/review/');
    categoriesDown = true;
    let b: BuildDetail;
    try {
      b = await finished((await call('POST', '/editor/api/builds', { changed: [edited] })).json.id);
    } finally {
      categoriesDown = false;
    }
    assert.equal(b.status, 'failed');
    assert.match(b.error!, /patch build exited with code 1: .*productcategories/);
    assert.equal(b.releaseId, null);
    assert.equal(b.canPublish, false);
    assert.equal(currentRelease(releasesRoot), servedRelease);
    assert.deepEqual(await page('/review/'), home);
  },
);

test(
  'kill -9 of the build (the patch child): failed with the signal; a restart marks a running build failed',
  BUILDS,
  async () => {
    const servedRelease = currentRelease(releasesRoot);
    childPid = 0;
    const id = (await call('POST', '/editor/api/builds', { changed: [edited] })).json.id;
    await waitFor(id, (b) => b.status === 'running' && childPid !== 0);
    // A server that restarts now reads the build as interrupted.
    const restarted = new BuildHistory(releasesRoot);
    const seen = restarted.list().find((x) => x.id === id)!;
    assert.equal(seen.status, 'failed');
    assert.equal(seen.error, INTERRUPTED);
    process.kill(childPid, 'SIGKILL');
    const b = await finished(id);
    assert.equal(b.status, 'failed');
    assert.match(b.error!, /patch build killed by SIGKILL/);
    assert.equal(currentRelease(releasesRoot), servedRelease);
  },
);

test(
  'rollback: POST /builds/:id/publish serves the old build in under a second and locks publishing, and forward again; 409 / 404',
  BUILDS,
  async () => {
    const url = `/review/${edited.productId}/${edited.commentId}/`;
    const back = await call('POST', `/editor/api/builds/${cold.id}/publish`);
    assert.equal(back.status, 200);
    assert.deepEqual(Object.keys(back.json).sort(), ['id', 'locked', 'ms', 'releaseId']);
    assert.equal(back.json.locked, true);
    assert.equal(back.json.releaseId, cold.releaseId);
    assert.ok(back.json.ms < 1000);
    assert.ok(!(await page(url)).text.includes(NEW_TEXT), 'the old text is served');
    assert.equal((await detail(cold.id)).current, true);
    const failed = (await call('GET', '/editor/api/builds')).json.builds.find(
      (b: BuildDetail) => b.status === 'failed',
    );
    const conflict = await call('POST', `/editor/api/builds/${failed.id}/publish`);
    assert.equal(conflict.status, 409);
    assert.equal(conflict.json.message, '该版本已不在保留范围内');
    assert.equal((await call('POST', '/editor/api/builds/b00000000T000000000Z/publish')).status, 404);
    const forward = await call('POST', `/editor/api/builds/${hinted.id}/publish`);
    assert.equal(forward.status, 200);
    assert.equal(forward.json.locked, false, 'the newest build served again: unlocked');
    assert.ok((await page(url)).text.includes(NEW_TEXT));
    // Back again for the next test: the rollback must hold through the next takedown.
    assert.equal((await call('POST', `/editor/api/builds/${cold.id}/publish`)).json.locked, true);
    const state = (await call('GET', '/editor/api/publishing')).json;
    assert.deepEqual([state.live, state.locked, state.buildId, state.base], [cold.id, true, cold.id, hinted.id]);
    assert.deepEqual((await call('GET', '/editor/api/builds')).json.publishing, state);
  },
);

test(
  'takedown: 410 at once, and after the queued build the review is in no list, carousel, product page or sitemap',
  BUILDS,
  async () => {
    const feed = (await call('GET', '/api/v2/product_comment/haul?category=0&delimiter=0&size=20')).json.waterFall
      .waterDrops;
    const down = { productId: String(feed[0].productId), commentId: String(feed[0].commentId) };
    const link = `/review/${down.productId}/${down.commentId}/`;
    const linking = () =>
      htmlFiles(path.join(releasesRoot, 'current')).filter((f) =>
        fs.readFileSync(path.join(releasesRoot, 'current', f), 'utf8').includes(`${down.productId}/${down.commentId}/`),
      );
    assert.ok(linking().length > 1, 'listed before');
    const r = await call('POST', '/editor/api/takedowns', { ...down, reason: '违规内容' });
    assert.equal(r.status, 201);
    assert.equal((await page(link)).status, 410, '410 at once');
    // The API's lists leave it out from now on.
    const after = (await call('GET', '/api/v2/product_comment/haul?category=0&delimiter=0&size=50')).json.waterFall
      .waterDrops;
    assert.ok(!after.some((d: { commentId: number }) => String(d.commentId) === down.commentId));
    const byProduct = (await call('GET', `/api/v1/product-comment/products/${down.productId}/comments?f=0&t=50`)).json;
    assert.ok(!byProduct.comments.some((c: { id: number }) => String(c.id) === down.commentId));

    const held = await finished(r.json.build.id);
    assert.equal(held.status, 'published', held.log.join('\n'));
    assert.equal(held.trigger, 'takedown');
    // The failed builds' hints (changed: [edited]) are carried into it.
    assert.deepEqual(held.hint, { changed: 1, removed: 1 });
    // The rollback holds (issue 20, defect 1): the takedown's build is kept, not served, so the
    // rolled-back edit does not come back with it; the takedown itself still answers 410.
    assert.deepEqual([held.held, held.current, held.canPublish], [true, false, true]);
    assert.equal(currentRelease(releasesRoot), cold.releaseId);
    const rolledBack = await page(`/review/${edited.productId}/${edited.commentId}/`);
    assert.equal(rolledBack.status, 200);
    assert.ok(!rolledBack.text.includes(NEW_TEXT), 'the rolled-back edit is not served');
    assert.equal((await page(link)).status, 410, 'still 410');
    // The editor chooses: publishing the newest build serves it (edit and takedown) and unlocks.
    const chosen = await call('POST', `/editor/api/builds/${held.id}/publish`);
    assert.equal(chosen.json.locked, false);
    const b = await detail(held.id);
    assert.equal(b.current, true);
    assert.equal(b.pages, 19);
    assert.deepEqual(linking(), [], 'no page links to it');
    assert.ok(!fs.existsSync(path.join(releasesRoot, 'current', down.productId, down.commentId, 'index.html')));
    const sitemaps = fs.readdirSync(path.join(releasesRoot, 'current')).filter((f) => f.startsWith('sitemap'));
    assert.ok(sitemaps.length >= 2);
    for (const f of sitemaps)
      assert.ok(!fs.readFileSync(path.join(releasesRoot, 'current', f), 'utf8').includes(link), f);
    assert.equal((await page(link)).status, 410);
    assert.ok(
      b.log.some((l) => l.includes('(patch of ')),
      b.log.join('\n'),
    );
    takenDown = b;
  },
);

/** Every published file of a release: relative path -> bytes. */
function releaseFiles(id: string, rel = ''): Map<string, Buffer> {
  const dir = path.join(releasesRoot, 'releases', id);
  const out = new Map<string, Buffer>();
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of releaseFiles(id, r)) out.set(k, v);
    else out.set(r, fs.readFileSync(path.join(dir, r)));
  }
  return out;
}

let takenDown: BuildDetail;
test(
  'a patch build publishes what `gatsby build` publishes from the same data, byte for byte; after a source edit the queue runs gatsby build',
  BUILDS,
  async () => {
    // A source file touched (same bytes, a new mtime): the last Gatsby build's bundles may no
    // longer be the code's, so the patch must not apply.
    const touched = path.join(workspace, 'src', 'templates', 'review.tsx');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(touched, later, later);
    // The served release shares its files with the workspace's public/ (a linked publish, issue
    // 23): the `gatsby build` below writes there and must not change a byte of it.
    const pub = path.join(workspace, 'public');
    const servedBefore = releaseFiles(takenDown.releaseId!);
    const inoOf = (dir: string, f: string) => fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.ino;
    const servedDir = path.join(releasesRoot, 'releases', takenDown.releaseId!);
    const shared = [...servedBefore.keys()].filter((f) => inoOf(pub, f) === inoOf(servedDir, f));
    assert.ok(shared.length > 500, `${shared.length} files shared with public/`);
    // A hint that names a review whose data did not change: the same data as the takedown's build.
    const b = await finished((await call('POST', '/editor/api/builds', { changed: [edited] })).json.id);
    assert.equal(b.status, 'published', b.log.join('\n'));
    const rewritten = shared.filter((f) => inoOf(pub, f) !== inoOf(servedDir, f));
    assert.ok(rewritten.length > 0, 'the build rewrote shared files of public/');
    const servedAfter = releaseFiles(takenDown.releaseId!);
    const changedUnder = [...servedBefore].filter(([f, bytes]) => !servedAfter.get(f)?.equals(bytes)).map(([f]) => f);
    assert.deepEqual(changedUnder, [], `the kept release changed under a later build (${rewritten.length} rewritten)`);
    console.log(
      `later gatsby build: ${rewritten.length} of ${shared.length} shared files rewritten, the kept release unchanged`,
    );
    // (The log keeps its last 100 lines: the patch's refusal is before Gatsby's output.)
    assert.ok(b.log.includes('publishing public/ as a new release'), b.log.join('\n'));
    const patched = releaseFiles(takenDown.releaseId!);
    const built = releaseFiles(b.releaseId!);
    assert.ok(patched.size > 500, `${patched.size} files`);
    assert.deepEqual([...patched.keys()].sort(), [...built.keys()].sort(), 'the same files');
    // The nginx CSP map (publish/page-policies.ts) keys each line by its own release's id: the
    // same lines once the ids are set aside.
    const sameBytes = (f: string, fromPatch: Buffer, fromBuild: Buffer) =>
      f === '.deploy/csp.map'
        ? fromPatch.toString().replaceAll(`"${takenDown.releaseId}:/`, '"id:/') ===
          fromBuild.toString().replaceAll(`"${b.releaseId}:/`, '"id:/')
        : fromPatch.equals(fromBuild);
    const differ = [...built].filter(([f, bytes]) => !sameBytes(f, patched.get(f)!, bytes)).map(([f]) => f);
    assert.deepEqual(differ, [], 'the same bytes');
  },
);
