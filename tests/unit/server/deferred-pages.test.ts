// The bounds of deferred rendering (server/site/deferred/deferred-pages.ts) with a renderer the
// test controls (the real render process is tests/integration/site/deferred-reviews.test.ts):
// one render per page however many ask, the queue's bound, the kept cap, forget.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { DeferredPages, pageFiles } from '../../../server/site/deferred/deferred-pages';
import type { RenderJob, RenderAnswer } from '../../../server/site/deferred/render-process';

/** A store over a fake renderer in a temporary folder, removed when `t` ends (passed or not). */
function setup(
  t: TestContext,
  opts: { concurrency?: number; queue?: number; maxKept?: number; keptRoot?: string } = {},
) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deferred-unit-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const release = path.join(tmp, 'release');
  fs.mkdirSync(path.join(release, 'page-data'), { recursive: true });
  fs.writeFileSync(path.join(release, 'page-data', 'app-data.json'), '{"webpackCompilationHash":"x"}');
  const jobs: RenderJob[] = [];
  const gates: Array<() => void> = [];
  const renderer = {
    available: () => true,
    restart: () => {},
    close: () => {},
    render: async (job: RenderJob): Promise<RenderAnswer> => {
      jobs.push(job);
      await new Promise<void>((r) => gates.push(r));
      const f = pageFiles(job.productId, job.commentId);
      for (const rel of [f.html, f.pageData]) {
        fs.mkdirSync(path.dirname(path.join(job.out, rel)), { recursive: true });
        fs.writeFileSync(path.join(job.out, rel), `${job.commentId}`);
      }
      return { status: job.commentId === '404' ? 'missing' : 'ok' };
    },
  };
  const pages = new DeferredPages({ keptRoot: path.join(tmp, 'kept'), renderer, ...opts });
  const release2 = () => release;
  const openGates = async () => {
    while (gates.length) gates.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return {
    pages,
    jobs,
    release: release2(),
    openGates,
  };
}

/** Resolves the renders as they start until `p` settles. */
async function settle<T>(s: ReturnType<typeof setup>, p: Promise<T>): Promise<T> {
  let done = false;
  void p.finally(() => (done = true));
  while (!done) await s.openGates();
  return p;
}

test('one render for concurrent requests of one page; the next request is kept', async (t) => {
  const s = setup(t);
  const a = s.pages.page(s.release, '1', '2');
  const b = s.pages.page(s.release, '1', '2');
  const [ra, rb] = await settle(s, Promise.all([a, b]));
  assert.equal(s.jobs.length, 1);
  assert.equal(ra.kind, 'rendered');
  assert.equal(rb.kind, 'rendered');
  assert.equal((await s.pages.page(s.release, '1', '2')).kind, 'kept');
  assert.equal(s.jobs.length, 1);
});

test('beyond concurrency + queue: busy, and nothing is started for it', async (t) => {
  const s = setup(t, { concurrency: 1, queue: 1 });
  const first = s.pages.page(s.release, '1', '1');
  const second = s.pages.page(s.release, '1', '2');
  assert.deepEqual(await s.pages.page(s.release, '1', '3'), { kind: 'busy' });
  const all = await settle(s, Promise.all([first, second]));
  assert.deepEqual(
    all.map((r) => r.kind),
    ['rendered', 'rendered'],
  );
  assert.deepEqual(
    s.jobs.map((j) => j.commentId),
    ['1', '2'],
  );
});

test('at most maxKept pages: the least recently served is evicted with its files', async (t) => {
  const s = setup(t, { maxKept: 2 });
  const r1 = await settle(s, s.pages.page(s.release, '1', '1'));
  await settle(s, s.pages.page(s.release, '1', '2'));
  await s.pages.page(s.release, '1', '1'); // served again: 2 is now the oldest
  await settle(s, s.pages.page(s.release, '1', '3'));
  assert.equal(s.pages.isKept('1', '2'), false);
  assert.equal(s.pages.isKept('1', '1'), true);
  const dir = (r1 as { dir: string }).dir;
  assert.equal(fs.existsSync(path.join(dir, pageFiles('1', '2').html)), false);
  assert.equal(fs.existsSync(path.join(dir, pageFiles('1', '1').html)), true);
});

/** Every folder under `dir`, relative. */
function folders(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(dir, rel)).isDirectory())
    .sort();
}

test('the kept store bounds folders too: an evicted or forgotten page leaves no folder (issue 39, N9)', async (t) => {
  const s = setup(t, { maxKept: 2 });
  let dir = '';
  // 40 reviews of 20 products and 20 hubs: only the last two pages stay, with their folders alone.
  for (let p = 1; p <= 20; p++) {
    dir = ((await settle(s, s.pages.page(s.release, String(p), `${p}1`))) as { dir: string }).dir;
    await settle(s, s.pages.page(s.release, String(p), `${p}2`));
    await settle(s, s.pages.page(s.release, String(p), null));
  }
  assert.deepEqual(folders(dir), [
    '20',
    '20/202',
    'page-data',
    'page-data/20',
    'page-data/20/202',
    'page-data/pd',
    'page-data/pd/20',
    'pd',
    'pd/20',
  ]);
  s.pages.forget('20', '202');
  assert.deepEqual(folders(dir), ['page-data'], 'forget drops the page and the hub with their folders');
});

test('forget drops the kept files; a review the API does not know is missing, not kept', async (t) => {
  const s = setup(t);
  const r = await settle(s, s.pages.page(s.release, '1', '1'));
  s.pages.forget('1', '1');
  assert.equal(fs.existsSync(path.join((r as { dir: string }).dir, pageFiles('1', '1').html)), false);
  assert.equal((await settle(s, s.pages.page(s.release, '1', '1'))).kind, 'rendered');
  assert.deepEqual(await settle(s, s.pages.page(s.release, '1', '404')), { kind: 'missing' });
  assert.equal(s.pages.isKept('1', '404'), false);
});

test('another release (a publish, a rollback, a rebuild in place) is another store: nothing kept carries over', async (t) => {
  const s = setup(t);
  await settle(s, s.pages.page(s.release, '1', '1'));
  const appData = path.join(s.release, 'page-data', 'app-data.json');
  fs.writeFileSync(appData, '{"webpackCompilationHash":"y"}');
  fs.utimesSync(appData, new Date(), new Date(Date.now() + 10_000));
  assert.equal((await settle(s, s.pages.page(s.release, '1', '1'))).kind, 'rendered');
  assert.equal(s.jobs.length, 2);
});

test("two servers of one site folder keep their own pages; a gone process's store is removed", async (t) => {
  const keptRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'deferred-kept-'));
  t.after(() => fs.rmSync(keptRoot, { recursive: true, force: true }));
  // The store of a process that has exited, and a stray file: removed by the next to start.
  const gone = path.join(keptRoot, `${spawnSync('true').pid}-0badc0de`);
  fs.mkdirSync(path.join(gone, 'k'), { recursive: true });
  fs.writeFileSync(path.join(keptRoot, 'stray'), '');
  const a = setup(t, { keptRoot });
  assert.equal(fs.existsSync(gone), false);
  assert.equal(fs.existsSync(path.join(keptRoot, 'stray')), false);
  const ra = await settle(a, a.pages.page(a.release, '1', '1'));
  const keptFile = path.join((ra as { dir: string }).dir, pageFiles('1', '1').html);
  // A second server starting on the same folder (the defect: it emptied the first one's store,
  // whose kept page then answered 404).
  const b = setup(t, { keptRoot });
  assert.equal(fs.existsSync(keptFile), true);
  assert.equal((await a.pages.page(a.release, '1', '1')).kind, 'kept');
  const rb = await settle(b, b.pages.page(b.release, '1', '1'));
  assert.notEqual((rb as { dir: string }).dir, (ra as { dir: string }).dir);
  b.pages.forget('1', '1');
  assert.equal(fs.existsSync(keptFile), true, "b's forget leaves a's page");
  a.pages.close();
  assert.equal(fs.existsSync(a.pages.root), false, 'closed: its store is removed');
  assert.equal(fs.existsSync(b.pages.root), true);
  b.pages.close();
});
