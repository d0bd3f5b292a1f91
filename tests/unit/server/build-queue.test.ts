// The build queue's logic without Gatsby (issue 13 part 2): one build at a time, triggers
// during a build coalesced into ONE next build with merged hints, failures recorded, the
// history persisted and a build interrupted by a restart marked failed, publish-again of a
// kept release. The runner is a fake that publishes a tiny tree through the real releases.ts.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuildHistory, INTERRUPTED, MAX_BUILDS } from '../../../server/builds/history';
import { BuildQueue, NOT_KEPT, type BuildRunner } from '../../../server/builds/queue';
import { mergeHints, hintOf, MAX_MERGED } from '../../../server/builds/hint';
import { BuildOutput, LOG_LINES, LOG_LINE_CHARS } from '../../../server/builds/progress';
import { currentRelease } from '../../../publish/releases';
import { publish } from '../../../publish/release-files';
import { patchServedRelease } from '../../../publish/takedown-patch';
import type { BuildHint, BuildRecord } from '../../../server/builds/types';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'build-queue-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const fresh = () => path.join(tmp, `r${n++}`);

const ref = (c: string) => ({ productId: '1', commentId: c });

/** A runner whose builds wait until the test lets them finish; each publishes `public/`. */
function gatedRunner(root: string) {
  const calls: Array<{ build: BuildRecord; hint: BuildHint | null; finish: (fail?: string) => void }> = [];
  const pub = path.join(root, 'public-src');
  const runner: BuildRunner = (build, { output, serve }) =>
    new Promise((resolve, reject) => {
      calls.push({
        build,
        hint: build.hint,
        finish: (fail) => {
          output.write('success Building static HTML for pages - 1.0s - 3/3\n');
          if (fail) return reject(new Error(fail));
          fs.mkdirSync(pub, { recursive: true });
          fs.writeFileSync(path.join(pub, 'index.html'), `build ${build.id}`);
          const served = serve();
          publish(pub, root, { serve: served }).then(
            (r) => resolve({ releaseId: r.id, served, pages: 3, skipped: [] }),
            reject,
          );
        },
      });
    });
  return { runner, calls };
}

const tick = () => new Promise((r) => setImmediate(r));

test('hints: union deduplicated, the later one wins, no hint = a full build, too many = full', () => {
  assert.equal(hintOf(undefined), null);
  assert.equal(hintOf({ changed: [] }), null);
  assert.deepEqual(hintOf({ changed: [ref('1'), ref('1')] }), { changed: [ref('1')], removed: [] });
  assert.deepEqual(
    mergeHints({ changed: [ref('1')], removed: [ref('2')] }, { changed: [ref('2')], removed: [ref('1')] }),
    {
      changed: [ref('2')],
      removed: [ref('1')],
    },
  );
  assert.equal(mergeHints({ changed: [ref('1')], removed: [] }, null), null);
  assert.equal(mergeHints(null, { changed: [ref('1')], removed: [] }), null);
  const many = Array.from({ length: MAX_MERGED + 1 }, (_, i) => ref(String(i)));
  assert.equal(mergeHints({ changed: many, removed: [] }, { changed: [], removed: [] }), null);
});

test('three triggers during a running build make exactly one more build, hints merged', async () => {
  const root = fresh();
  const { runner, calls } = gatedRunner(root);
  const q = new BuildQueue(new BuildHistory(root), runner);
  const first = q.trigger('editor', { changed: [ref('1')], removed: [] });
  await tick();
  assert.equal(calls.length, 1);
  assert.equal(q.history.get(first.id)!.status, 'running');
  const a = q.trigger('backoffice', { changed: [ref('2')], removed: [] });
  const b = q.trigger('takedown', { changed: [], removed: [ref('3')] });
  const c = q.trigger('editor', { changed: [ref('4')], removed: [] });
  assert.equal(a.id, b.id);
  assert.equal(b.id, c.id);
  assert.notEqual(a.id, first.id);
  assert.equal(q.history.get(a.id)!.status, 'queued');
  assert.deepEqual(q.history.view(a).hint, { changed: 2, removed: 1 });
  calls[0].finish();
  assert.equal((await q.finished(first.id)).status, 'published');
  await tick();
  assert.equal(calls.length, 2, 'one more build');
  assert.deepEqual(calls[1].hint, { changed: [ref('2'), ref('4')], removed: [ref('3')] });
  calls[1].finish();
  const second = await q.finished(a.id);
  assert.equal(second.status, 'published');
  await tick();
  assert.equal(calls.length, 2, 'nothing else ran');
  assert.equal(q.busy, false);
  // Newest first; only the last published one is current, both are kept.
  const list = q.history.list();
  assert.deepEqual(
    list.map((x) => [x.id, x.status, x.current, x.canPublish]),
    [
      [a.id, 'published', true, true],
      [first.id, 'published', false, true],
    ],
  );
  assert.equal(list[0].trigger, 'backoffice', 'the merged build keeps its first trigger');
});

test('a trigger without a hint makes the queued build a full one', async () => {
  const root = fresh();
  const { runner, calls } = gatedRunner(root);
  const q = new BuildQueue(new BuildHistory(root), runner);
  const first = q.trigger('startup', null);
  await tick();
  const next = q.trigger('editor', { changed: [ref('1')], removed: [] });
  q.trigger('editor', null);
  q.trigger('takedown', { changed: [], removed: [ref('2')] });
  assert.equal(q.history.view(next).hint, null);
  calls[0].finish();
  await q.finished(first.id);
  await tick();
  assert.equal(calls[1].hint, null);
  calls[1].finish();
  await q.finished(next.id);
});

test('a failed build is recorded with its reason and leaves the served release; the next one runs', async () => {
  const root = fresh();
  const { runner, calls } = gatedRunner(root);
  const q = new BuildQueue(new BuildHistory(root), runner);
  const ok = q.trigger('editor', null);
  await tick();
  calls[0].finish();
  await q.finished(ok.id);
  const served = currentRelease(root);
  const bad = q.trigger('editor', null);
  const after = (await tick(), q.trigger('editor', null));
  calls[1].finish('gatsby build exited with code 1: ERROR the API is down');
  const failed = await q.finished(bad.id);
  assert.equal(failed.status, 'failed');
  assert.match(failed.error!, /exited with code 1: ERROR the API is down/);
  assert.equal(failed.releaseId, null);
  assert.equal(currentRelease(root), served);
  const d = q.history.detail(failed);
  assert.equal(d.canPublish, false);
  assert.ok(d.log.some((l) => l.includes('Building static HTML')));
  await tick();
  calls[2].finish();
  assert.equal((await q.finished(after.id)).status, 'published');
});

test("a failed build's hint is carried into the next build until one is published", async () => {
  const root = fresh();
  const { runner, calls } = gatedRunner(root);
  const q = new BuildQueue(new BuildHistory(root), runner);
  const ok = q.trigger('startup', null);
  await tick();
  calls[0].finish();
  await q.finished(ok.id);
  const failed = q.trigger('backoffice', { changed: [ref('1')], removed: [] });
  await tick();
  calls[1].finish('API down');
  await q.finished(failed.id);
  const next = q.trigger('takedown', { changed: [], removed: [ref('2')] });
  await tick();
  assert.deepEqual(calls[2].hint, { changed: [ref('1')], removed: [ref('2')] });
  calls[2].finish();
  await q.finished(next.id);
  const after = q.trigger('editor', { changed: [ref('3')], removed: [] });
  await tick();
  assert.deepEqual(calls[3].hint, { changed: [ref('3')], removed: [] }, 'nothing carried past a published build');
  calls[3].finish();
  await q.finished(after.id);
  // A failed full build makes the next one full.
  const full = q.trigger('editor', null);
  await tick();
  calls[4].finish('boom');
  await q.finished(full.id);
  const last = q.trigger('editor', { changed: [ref('4')], removed: [] });
  await tick();
  assert.equal(calls[5].hint, null);
  calls[5].finish();
  await q.finished(last.id);
});

test('publish again: a kept release in one swap, 404 unknown, 409 never published or pruned', async () => {
  const root = fresh();
  const { runner, calls } = gatedRunner(root);
  const q = new BuildQueue(new BuildHistory(root), runner);
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    const b = q.trigger('editor', null);
    await tick();
    calls[i].finish(i === 6 ? 'boom' : undefined);
    await q.finished(b.id);
    ids.push(b.id);
  }
  const rolled = await q.republish(ids[4]);
  assert.equal(rolled.id, ids[4]);
  assert.equal(currentRelease(root), q.history.get(ids[4])!.releaseId);
  assert.ok(rolled.ms < 1000);
  assert.equal(q.history.list().find((b) => b.id === ids[4])!.current, true);
  await assert.rejects(q.republish('nope'), (e: { statusCode: number }) => e.statusCode === 404);
  // 5 kept after the sixth publish: the first is pruned; the seventh failed.
  for (const id of [ids[0], ids[6]])
    await assert.rejects(
      q.republish(id),
      (e: { statusCode: number; message: string }) => e.statusCode === 409 && e.message === NOT_KEPT,
    );
  assert.equal(q.history.list().find((b) => b.id === ids[0])!.canPublish, false);
});

test('a rollback locks publishing: the next builds are kept, not served, until the newest is published or it is unlocked', async () => {
  const root = fresh();
  const { runner, calls } = gatedRunner(root);
  const q = new BuildQueue(new BuildHistory(root), runner);
  const build = async (i: number, hint: BuildHint | null) => {
    const b = q.trigger('editor', hint);
    await tick();
    calls[i].finish();
    return q.finished(b.id);
  };
  // A listing of review 1/2 in every build (the takedown patch below removes it).
  fs.mkdirSync(path.join(root, 'public-src', 'haul'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'public-src', 'haul', 'index.html'),
    '<ul><li><a href="/review/1/2/">x</a></li></ul>',
  );
  const a = await build(0, null);
  const b = await build(1, { changed: [ref('1')], removed: [] });
  assert.deepEqual(q.publishing(), {
    live: b.id,
    liveRelease: b.releaseId,
    locked: false,
    buildId: null,
    since: null,
    base: b.id,
  });
  const back = await q.republish(a.id);
  assert.equal(back.locked, true);
  // A takedown's build runs and makes its release; the rolled-back-to one stays served.
  const c = await build(2, { changed: [], removed: [ref('2')] });
  assert.equal(c.status, 'published');
  assert.equal(currentRelease(root), a.releaseId, 'the rollback holds');
  const view = q.history.list().find((x) => x.id === c.id)!;
  assert.deepEqual([view.held, view.current, view.canPublish], [true, false, true]);
  const state = q.publishing();
  assert.deepEqual([state.live, state.locked, state.buildId, state.base], [a.id, true, a.id, c.id]);
  // A takedown while locked patches the served release (publish/takedown-patch.ts): the build
  // served is still the rolled-back-to one, and no build's release is pruned.
  const patched = await patchServedRelease(root, [ref('2')]);
  assert.ok(patched.release);
  const afterPatch = q.publishing();
  assert.deepEqual(
    [afterPatch.live, afterPatch.liveRelease, afterPatch.locked, afterPatch.base],
    [a.id, patched.release.id, true, c.id],
  );
  assert.deepEqual(
    q.history.list().map((x) => [x.id, x.current, x.canPublish]),
    [c, b, a].map((x) => [x.id, x.id === a.id, true]),
  );
  // The lock survives a restart.
  assert.equal(new BuildQueue(new BuildHistory(root), runner).publishing().locked, true);
  // Serving an older build again keeps it locked; serving the newest unlocks.
  assert.equal((await q.republish(b.id)).locked, true);
  assert.equal((await q.republish(c.id)).locked, false);
  const d = await build(3, null);
  assert.equal(currentRelease(root), d.releaseId, 'served again once unlocked');
  assert.equal(q.history.list().find((x) => x.id === d.id)!.held, false);
  // An explicit unlock: the next build is served, the rolled-back one stays until then.
  await q.republish(a.id);
  assert.equal(q.unlock().locked, false);
  assert.equal(currentRelease(root), a.releaseId);
  const e = await build(4, null);
  assert.equal(currentRelease(root), e.releaseId);
});

test('the history survives a restart; a build running or queued then is marked failed', async () => {
  const root = fresh();
  const { runner, calls } = gatedRunner(root);
  const q = new BuildQueue(new BuildHistory(root), runner);
  const done = q.trigger('editor', null);
  await tick();
  calls[0].finish();
  await q.finished(done.id);
  const running = q.trigger('editor', { changed: [ref('9')], removed: [] });
  const queued = q.trigger('takedown', null);
  await tick();
  // The process dies here (no close()): a new history reads the file.
  const h = new BuildHistory(root);
  assert.deepEqual(
    h.list().map((b) => [b.id, b.status, b.error]),
    [
      [queued.id, 'failed', INTERRUPTED],
      [running.id, 'failed', INTERRUPTED],
      [done.id, 'published', null],
    ],
  );
  assert.equal(h.list()[2].current, true);
  calls[1].finish('stopped');
});

test('a release published outside the queue is adopted as a published build that can be served again', async () => {
  const root = fresh();
  const pub = path.join(root, 'public-src');
  fs.mkdirSync(pub, { recursive: true });
  fs.writeFileSync(path.join(pub, 'index.html'), 'the build npm start found in public/');
  const r = await publish(pub, root);
  const { runner, calls } = gatedRunner(root);
  const q = new BuildQueue(new BuildHistory(root), runner);
  const adopted = q.adopt('startup', r.id, ['published the existing build']);
  assert.equal(calls.length, 0, 'nothing is built');
  const { id, trigger, status, current, canPublish, releaseId } = q.history.list()[0];
  assert.deepEqual(
    { id, trigger, status, current, canPublish, releaseId },
    {
      id: adopted.id,
      trigger: 'startup',
      status: 'published',
      current: true,
      canPublish: true,
      releaseId: r.id,
    },
  );
  assert.deepEqual(q.history.detail(adopted).log, ['published the existing build']);
  // A later build serves another release; the adopted one can be served again.
  const next = q.trigger('editor', null);
  await tick();
  calls[0].finish();
  await q.finished(next.id);
  assert.notEqual(currentRelease(root), r.id);
  await q.republish(adopted.id);
  assert.equal(currentRelease(root), r.id);
  // It survives a restart like any build.
  assert.equal(new BuildHistory(root).get(adopted.id)?.status, 'published');
});

test('the history keeps the newest MAX_BUILDS', async () => {
  const root = fresh();
  const q = new BuildQueue(new BuildHistory(root), async () => Promise.reject(new Error('x')));
  let last = '';
  for (let i = 0; i < MAX_BUILDS + 5; i++) {
    last = q.trigger('editor', null).id;
    await q.finished(last);
  }
  const list = new BuildHistory(root).list();
  assert.equal(list.length, MAX_BUILDS);
  assert.equal(list[0].id, last);
});

test('progress and log tail from gatsby output: steps, ANSI stripped, lines capped, tail bounded', () => {
  const o = new BuildOutput();
  assert.equal(o.progress.percent, 0);
  o.write(
    'info Sourcing from the storefront API at http://x\nsuccess Reading the review feed - 0.1s - 30 reviews listed\n',
  );
  assert.deepEqual(o.progress, { step: 'Fetching review details', percent: 5 });
  o.write(
    '\u001b[32msuccess\u001b[39m Building production JavaScript and CSS bundles - 23.195s\nsuccess Building HTML ren',
  );
  assert.equal(o.progress.percent, 60);
  o.write('derer - 17.8s\n');
  assert.deepEqual(o.progress, { step: 'Writing page-data.json', percent: 70 });
  assert.ok(o.log.every((l) => !l.includes('\u001b')));
  o.write('Building static HTML for pages - 50/100\n');
  assert.equal(o.progress.percent, 83);
  o.write(`ERROR #85928 ${'x'.repeat(2000)}\n`);
  assert.equal(o.log.at(-1)!.length, LOG_LINE_CHARS);
  assert.match(o.lastError!, /^ERROR #85928/);
  for (let i = 0; i < 300; i++) o.write(`line ${i}\n`);
  assert.equal(o.log.length, LOG_LINES);
  assert.equal(o.log.at(-1), 'line 299');
  // A step seen again (a retry) never moves the percent back.
  o.write('success Reading the review feed - 0.1s\n');
  assert.equal(o.progress.percent, 83);
});

test('progress moves before sourcing and while a patch build renders (no long stretch at one percent)', () => {
  const o = new BuildOutput();
  o.write('success compile gatsby files - 4.1s\n');
  assert.deepEqual(o.progress, { step: 'load plugins', percent: 1 });
  const p = new BuildOutput();
  p.progress = { step: 'patch: sourcing', percent: 2 };
  p.write('patch: sourced 20 review pages in 900 ms\npatch: 575 pages, 40 changed, 0 deleted (12 ms)\n');
  assert.deepEqual(p.progress, { step: 'patch: rendering the changed pages', percent: 45 });
  p.write('patch: rendering 21/40\n');
  assert.deepEqual(p.progress, { step: 'patch: rendering the changed pages', percent: 66 });
  p.write('patch: rendered 40 pages (2000 ms)\n');
  assert.equal(p.progress.percent, 85);
});
