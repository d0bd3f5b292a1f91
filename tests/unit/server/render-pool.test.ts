// The render processes of deferred pages (server/site/deferred/render-process.ts RenderPool):
// real child processes forked from a workspace with a stand-in render child that answers with
// its pid after a delay, so a test sees which process rendered what. The real render child is
// tests/integration/site/deferred-reviews.test.ts.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MAX_RENDER_PROCESSES,
  RENDER_CHILD,
  RenderPool,
  renderProcessesFromEnv,
  type RenderJob,
} from '../../../server/site/deferred/render-process';

const ROOT = path.resolve(__dirname, '../../..');
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'render-pool-'));
after(() => fs.rmSync(workspace, { recursive: true, force: true }));
// `--import tsx` resolves from the workspace.
fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(workspace, 'node_modules'), 'dir');
fs.mkdirSync(path.join(workspace, '.cache', 'page-ssr', 'routes'), { recursive: true });
fs.writeFileSync(path.join(workspace, '.cache', 'page-ssr', 'routes', 'render-page.js'), '');
fs.mkdirSync(path.dirname(path.join(workspace, RENDER_CHILD)), { recursive: true });
// The protocol of gatsby/renderer/render-child.ts: a ready message, then one answer per request.
// The "render" holds its process for `commentId` ms of CPU, as React's rendering does.
fs.writeFileSync(
  path.join(workspace, RENDER_CHILD),
  `import fs from 'node:fs';
process.on('message', (req: { id: number; commentId: string }) => {
  // "die" while the workspace's die-once file is there: the process that claims it (an atomic
  // rename; both processes may ask at once) dies with its renders in hand.
  let claimed = false;
  if (req.commentId === 'die') {
    try {
      fs.renameSync('die-once', 'died-' + process.pid);
      claimed = true;
    } catch {
      // The other process claimed it.
    }
  }
  if (claimed) process.kill(process.pid, 'SIGKILL');
  const until = Date.now() + Number(req.commentId);
  while (Date.now() < until);
  process.send!({ id: req.id, status: 'ok', message: String(process.pid) });
});
process.send!({ id: 0, status: 'ok', message: 'ready' });
`,
);

const job = (ms: number): RenderJob => ({ release: workspace, out: workspace, productId: '1', commentId: String(ms) });

test('renders go to the process with the fewest in hand: two at once run in two processes', async () => {
  const pool = new RenderPool(workspace, () => 'http://127.0.0.1:9', 2);
  try {
    assert.equal(pool.size, 2);
    assert.ok(pool.available());
    const first = await Promise.all([pool.render(job(300)), pool.render(job(300))]);
    for (const a of first) assert.equal(a.status, 'ok', a.message ?? '');
    const pids = new Set(first.map((a) => a.message!));
    assert.equal(pids.size, 2, `two processes rendered: ${[...pids].join(', ')}`);
    // Four at once: two each (the same two processes, started once).
    const four = await Promise.all([1, 2, 3, 4].map(() => pool.render(job(50))));
    const count = new Map<string, number>();
    for (const a of four) count.set(a.message!, (count.get(a.message!) ?? 0) + 1);
    assert.deepEqual([...count.keys()].sort(), [...pids].sort());
    assert.deepEqual([...count.values()], [2, 2]);
    // One at a time: always the first process (no idle process is started for nothing).
    const one = await pool.render(job(0));
    const two = await pool.render(job(0));
    assert.equal(one.message, two.message);
  } finally {
    pool.close();
  }
});

test('restart ends every process; the next renders start new ones', async () => {
  const pool = new RenderPool(workspace, () => 'http://127.0.0.1:9', 2);
  try {
    const before = await Promise.all([pool.render(job(200)), pool.render(job(200))]);
    pool.restart();
    const afterRestart = await Promise.all([pool.render(job(200)), pool.render(job(200))]);
    const old = new Set(before.map((a) => a.message));
    for (const a of afterRestart) {
      assert.equal(a.status, 'ok');
      assert.ok(!old.has(a.message), `a new process: ${a.message}`);
    }
  } finally {
    pool.close();
  }
});

test('a process that dies with renders in hand: each is rendered once more on another process (issue 39, N8)', async () => {
  const pool = new RenderPool(workspace, () => 'http://127.0.0.1:9', 2);
  const die: RenderJob = { ...job(0), commentId: 'die' };
  try {
    // Both processes started, and their pids known.
    const pids = new Set((await Promise.all([pool.render(job(200)), pool.render(job(200))])).map((a) => a.message!));
    assert.equal(pids.size, 2);
    fs.writeFileSync(path.join(workspace, 'die-once'), '');
    // Two renders at once: one per process; the one holding die-once dies, and its render is
    // answered by the other process.
    const answers = await Promise.all([pool.render(die), pool.render(die)]);
    assert.deepEqual(
      answers.map((a) => a.status),
      ['ok', 'ok'],
      answers.map((a) => a.message).join(', '),
    );
    assert.equal(fs.existsSync(path.join(workspace, 'die-once')), false, 'a process did die');
    const survivor = answers.map((a) => a.message!);
    assert.equal(new Set(survivor).size, 1, `both answered by the surviving process: ${survivor.join(', ')}`);
    assert.ok(pids.has(survivor[0]));
  } finally {
    pool.close();
  }
});

test('alone, a process that dies with a render in hand: rendered once more by a fresh one', async () => {
  const pool = new RenderPool(workspace, () => 'http://127.0.0.1:9', 1);
  const die: RenderJob = { ...job(0), commentId: 'die' };
  try {
    const first = (await pool.render(job(0))).message;
    fs.writeFileSync(path.join(workspace, 'die-once'), '');
    const again = await pool.render(die);
    assert.equal(again.status, 'ok', again.message ?? '');
    assert.notEqual(again.message, first, 'a fresh process');
  } finally {
    pool.close();
  }
});

test('SITE_RENDER_PROCESSES: one per core (at most 4) by default; a bad value is an error that names it', () => {
  assert.equal(renderProcessesFromEnv({}), Math.min(4, os.availableParallelism()));
  assert.equal(renderProcessesFromEnv({ SITE_RENDER_PROCESSES: ' 3 ' }), 3);
  assert.equal(renderProcessesFromEnv({ SITE_RENDER_PROCESSES: String(MAX_RENDER_PROCESSES) }), MAX_RENDER_PROCESSES);
  for (const bad of ['0', '-1', '2.5', 'two', '17', '1e1', '9'.repeat(100)]) {
    assert.throws(() => renderProcessesFromEnv({ SITE_RENDER_PROCESSES: bad }), /SITE_RENDER_PROCESSES=.*whole number/);
  }
});
