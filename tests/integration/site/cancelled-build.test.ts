// Nothing left running after a cancelled build test (issue 41). A clean-clone CI run once left
// two `gatsby build`s and their workers running with parent pid 1: the runner cancelled the file
// at its limit (it sends the file's process SIGTERM, then reports it "cancelled"), and the
// builds, children of that process, outlived it. Here a test file of the same kind (a plain
// `spawn` of a real `gatsby build` against a real reference server, no cleanup of its own) runs
// under Node's test runner with npm test's imports (tests/helpers/own-session.mjs, which starts
// the file again in a session of its own, and tests/helpers/preload.ts); once Gatsby has started
// its workers, the file is cancelled the way the runner does it (SIGTERM to the process it
// started). Then no process of that run may remain: not the file, not `gatsby build`, not a worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { copySiteSources } from '../../../scripts/site-copy';
import { startTestServer, type TestServer } from '../server/helper';
import { hookTimeout, remainingMs, until } from '../../helpers/deadline';
import { MARK, descendants, marked, runInGroup, type GroupRun } from '../../helpers/processes';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cancelled-build-'));
const run = randomUUID();
let server: TestServer;

// The file that gets cancelled: it starts a build and waits, as deferred-reviews' `before` did.
const FIXTURE = `
import { test } from 'node:test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
test('a build that runs into the limit', async () => {
  const dir = process.env.BUILD_DIR!;
  const child = spawn(process.execPath, [path.join(dir, 'node_modules', 'gatsby', 'cli.js'), 'build', '--prefix-paths'], {
    cwd: dir,
    stdio: 'ignore',
  });
  // Field 6 of /proc/self/stat: the session id.
  const stat = fs.readFileSync('/proc/self/stat', 'latin1');
  const sid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
  fs.writeFileSync(
    process.env.PIDS_FILE!,
    JSON.stringify({ file: process.pid, started: process.ppid, sid, gatsby: child.pid }),
  );
  await new Promise(() => {});
});
`;

before(async () => {
  server = await startTestServer({ reviews: 10 });
  copySiteSources(path.join(tmp, 'site'));
  fs.writeFileSync(path.join(tmp, 'fixture.test.ts'), FIXTURE);
}, hookTimeout());

after(async () => {
  // Whatever the check found left is ended here, so this test leaves nothing either.
  for (const p of marked(run))
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone
    }
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('after the runner cancels a file whose build is running, no gatsby process (or any other of it) remains', async () => {
  const pidsFile = path.join(tmp, 'pids.json');
  // NODE_TEST_CONTEXT would make the inner runner act as one of this runner's files; the inner
  // run's figures are not this run's; TEST_OWN_SESSION (this file's own session) is not the
  // inner file's.
  const {
    NODE_TEST_CONTEXT: _ctx,
    TEST_CPU_DIR: _cpu,
    TEST_SUMMARY_FILE: _summary,
    TEST_OWN_SESSION: _own,
    ...env
  } = process.env;
  const inner: Promise<GroupRun> = runInGroup(
    process.execPath,
    [
      '--import',
      pathToFileURL(path.join(ROOT, 'tests', 'helpers', 'own-session.mjs')).href,
      '--import',
      'tsx',
      '--import',
      pathToFileURL(path.join(ROOT, 'tests', 'helpers', 'preload.ts')).href,
      '--test',
      '--test-reporter=tap',
      path.join(tmp, 'fixture.test.ts'),
    ],
    {
      cwd: ROOT,
      what: 'the inner test run',
      timeoutMs: remainingMs(),
      env: {
        ...env,
        [MARK]: run,
        BUILD_DIR: path.join(tmp, 'site'),
        PIDS_FILE: pidsFile,
        STOREFRONT_API_URL: server.url,
        GATSBY_TELEMETRY_DISABLED: '1',
        CI: 'true',
      },
    },
  );
  const pids = await until('the inner file to start its build', () =>
    fs.existsSync(pidsFile)
      ? (JSON.parse(fs.readFileSync(pidsFile, 'utf8')) as {
          file: number;
          started: number;
          sid: number;
          gatsby: number;
        })
      : false,
  );
  // The file runs in a session of its own, started by the process the runner started.
  assert.equal(pids.sid, pids.file, 'the test file leads a session of its own');
  assert.notEqual(pids.started, pids.file);
  // Gatsby's workers: what a killed build left behind before (children of the build). Those
  // alive before and after the list of marked processes was read, so alive while it was: a
  // short-lived helper (detect-libc's `getconf GNU_LIBC_VERSION`) may exit in between, and a
  // process that is gone carries no environment to read (seen once beside two CPU hogs).
  const { workers, during } = await until('gatsby build to start a child process that lasts', () => {
    const before = descendants(pids.gatsby);
    if (!before.length) return false;
    const during = marked(run).map((p) => p.pid);
    const after = new Set(descendants(pids.gatsby).map((p) => p.pid));
    const workers = before.filter((p) => after.has(p.pid));
    return workers.length ? { workers, during } : false;
  });
  assert.ok(during.includes(pids.gatsby), 'the build carries the run mark');
  for (const w of workers) assert.ok(during.includes(w.pid), `the worker ${w.cmd} carries the run mark`);

  // What the runner does at a file's limit: SIGTERM to the process it started, which passes it on.
  process.kill(pids.started, 'SIGTERM');
  const result = await inner;
  assert.notEqual(result.code, 0, `the cancelled run fails:\n${result.out.slice(-2000)}`);
  // The preload ends them before the file exits; give the kernel time to take them away.
  const left = await until(
    'the cancelled file and its processes to be gone',
    () => {
      const l = marked(run);
      return l.length === 0 ? l : false;
    },
    { timeoutMs: Math.min(60_000, remainingMs()) },
  ).catch(() => marked(run));
  assert.deepEqual(
    left.map((p) => `${p.pid} ${p.cmd}`),
    [],
    'no process of the cancelled run remains',
  );
  assert.equal(left.filter((p) => /gatsby/.test(p.cmd)).length, 0, 'no gatsby process remains');
});
