// tests/helpers/site-ready.ts: a file that reads the shared site waits, at import, for the run's
// site build to end (npm test builds it beside the runner). Each case runs in a child process,
// as a test file would, with the mark the run writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const helper = path.resolve(__dirname, '..', 'helpers', 'site-ready.ts');
/**
 * Loads the helper, prints "waiting", calls it, then "ready" and whether the mark exists by then (or the
 * error's message, exit 1).
 */
const script = `const fs = require('node:fs'); const { waitForSharedSite } = require(${JSON.stringify(helper)}); console.log('waiting'); try { waitForSharedSite(); console.log('ready, mark ' + (fs.existsSync(process.env.TEST_SITE_READY || '/') ? 'written' : 'missing')); } catch (e) { console.log(e.message); process.exit(1); }`;

function child(env: Record<string, string>) {
  // From the checkout (tsx resolves from the working directory; a file of the unit bundle may
  // have changed it).
  const c = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, TEST_SITE_READY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  c.stdout.on('data', (d: Buffer) => (out += d.toString()));
  c.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; out: string }>((done) =>
    c.on('exit', (code) => done({ code, out })),
  );
  const said = (word: string) =>
    new Promise<void>((done, fail) => {
      const check = () => (out.includes(word) ? done() : undefined);
      c.stdout.on('data', check);
      c.on('exit', () => (out.includes(word) ? done() : fail(new Error(`exited without "${word}": ${out}`))));
      check();
    });
  return { exited, said };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-ready-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

test('without a mark to wait for (the site built before the run, or not by npm test) it returns at once', async () => {
  const r = await child({}).exited;
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /ready/);
});

test('it blocks until the run writes the mark, then returns', async () => {
  const mark = path.join(tmp, 'site-ready-later');
  const c = child({ TEST_SITE_READY: mark });
  // The mark is written once the child has started to look for it: a helper that did not wait
  // would return before, with the mark missing.
  await c.said('waiting');
  fs.writeFileSync(mark, '');
  const r = await c.exited;
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /waiting\s+ready, mark written/);
});

test('with the mark never written it fails, naming the site build, within what is left of the file', async () => {
  // A limit just above the cleanup margin (tests/helpers/deadline.ts) leaves about 2 s to wait.
  const r = await child({ TEST_SITE_READY: path.join(tmp, 'never'), TEST_FILE_LIMIT_MS: '62000' }).exited;
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /the shared site's build \(scripts\/build-site\.ts\) had not ended after [0-2] s/);
  assert.doesNotMatch(r.out, /ready/);
});

test('when a step of the run failed, the mark says which and the file fails with it', async () => {
  const mark = path.join(tmp, 'site-ready-failed');
  fs.writeFileSync(mark, 'npm run typecheck failed');
  const r = await child({ TEST_SITE_READY: mark }).exited;
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /no built site to test: npm run typecheck failed/);
});
