// A build the queue stops, or one that dies, ends its whole process group (issue 20): Gatsby's
// workers are children of the build's process, and a killed build once left one running. The
// real runner (server/builds/gatsby-runner.ts) over a stand-in `gatsby` in a temporary work tree
// that starts a "worker" child of its own and then waits forever.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatsbyRunner } from '../../../server/builds/gatsby-runner';
import { BuildOutput } from '../../../server/builds/progress';
import type { BuildRecord } from '../../../server/builds/types';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'build-group-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits (bounded) until `pid` is gone; a process killed by SIGKILL goes within moments. */
async function gone(pid: number, limitMs = 30_000): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (alive(pid)) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

function workTree(name: string): { root: string; workerPidFile: string } {
  const root = path.join(tmp, name);
  const cli = path.join(root, 'node_modules', 'gatsby', 'cli.js');
  fs.mkdirSync(path.dirname(cli), { recursive: true });
  const workerPidFile = path.join(root, 'worker.pid');
  // The worker ignores SIGTERM, as a busy worker may: only the group's SIGKILL ends it.
  fs.writeFileSync(
    cli,
    `const { spawn } = require('node:child_process');
const w = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
require('node:fs').writeFileSync(${JSON.stringify(workerPidFile)}, String(w.pid));
console.log('success load plugins - 0.1s');
setInterval(() => {}, 1000);
`,
  );
  return { root, workerPidFile };
}

const record: BuildRecord = {
  id: 'b1',
  trigger: 'editor',
  status: 'running',
  queuedAt: 0,
  startedAt: 0,
  finishedAt: null,
  hint: null,
  pages: null,
  skipped: [],
  error: null,
  releaseId: null,
  progress: { step: 'queued', percent: 0 },
  log: [],
};

async function runUntil(root: string, workerPidFile: string, stop: (leader: number, abort: AbortController) => void) {
  let leader = 0;
  const run = gatsbyRunner({
    root,
    releasesRoot: path.join(root, 'site'),
    apiUrl: () => 'http://127.0.0.1:9',
    excluded: () => [],
    onSpawn: (pid) => {
      leader = pid;
    },
  });
  const abort = new AbortController();
  const output = new BuildOutput();
  const done = run(record, { output, signal: abort.signal, serve: () => true }).then(
    () => null,
    (e: Error) => e,
  );
  // Wait for the stand-in to report its worker (its first output line comes after).
  while (!output.log.includes('success load plugins - 0.1s')) await new Promise((r) => setTimeout(r, 20));
  const worker = Number(fs.readFileSync(workerPidFile, 'utf8'));
  assert.ok(alive(worker), 'the worker runs');
  stop(leader, abort);
  return { error: await done, worker };
}

test('a build stopped by the queue (server closing) ends its workers too', async () => {
  const { root, workerPidFile } = workTree('aborted');
  const { error, worker } = await runUntil(root, workerPidFile, (_leader, abort) => abort.abort());
  assert.match(String(error?.message), /gatsby build killed by SIGTERM/);
  assert.ok(await gone(worker), `worker ${worker} still runs`);
});

test('a build killed from outside (kill -9 of its process) leaves no worker behind', async () => {
  const { root, workerPidFile } = workTree('killed');
  const { error, worker } = await runUntil(root, workerPidFile, (leader) => process.kill(leader, 'SIGKILL'));
  assert.match(String(error?.message), /gatsby build killed by SIGKILL/);
  assert.ok(await gone(worker), `worker ${worker} still runs`);
});
