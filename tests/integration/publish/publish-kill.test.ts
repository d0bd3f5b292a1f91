// Issue 39, N13: `kill -9` during a publish, after the switch of `current` and before the build's
// record, recorded the build as failed while its release was already served. A real child
// process runs the build queue with a runner that publishes a real release and then stops short
// of returning (the window the probe hit); the test kills it with SIGKILL once the release is
// served, and reads the history as the next start does.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BuildHistory, INTERRUPTED } from '../../../server/builds/history';
import { currentRelease } from '../../../publish/releases';
import { publish } from '../../../publish/release-files';
import { built, tmpFolder } from './built-site';

const REPO = path.resolve(__dirname, '..', '..', '..');
const tmp = tmpFolder('publish-kill');

/** The queue in a child: one build whose runner publishes `pub`, says so, then never returns (the process waits to be killed). */
const CHILD = `
import { BuildHistory } from ${JSON.stringify(path.join(REPO, 'server/builds/history'))};
import { BuildQueue } from ${JSON.stringify(path.join(REPO, 'server/builds/queue'))};
import { publish } from ${JSON.stringify(path.join(REPO, 'publish/release-files'))};
const [root, pub] = process.argv.slice(2);
const queue = new BuildQueue(new BuildHistory(root), async () => {
  const r = await publish(pub, root);
  process.stdout.write('served ' + r.id + '\\n');
  // Never returns, and the process stays until killed: a pending promise alone does not keep
  // Node running, and a child that exited on its own before the kill (a busy machine reads its
  // output late) failed the test.
  return new Promise(() => setInterval(() => undefined, 60_000));
});
const b = queue.trigger('editor', null);
process.stdout.write('build ' + b.id + '\\n');
`;

function runUntilServed(root: string, pub: string): Promise<{ buildId: string; releaseId: string }> {
  const script = path.join(tmp, 'child.ts');
  fs.writeFileSync(script, CHILD);
  const child = spawn(process.execPath, ['--import', 'tsx', script, root, pub], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const b = /build (\S+)/.exec(out);
      const r = /served (\S+)/.exec(out);
      if (b && r) {
        // The release is served; the build's record still says running: kill -9 now.
        child.kill('SIGKILL');
        child.once('exit', () => resolve({ buildId: b[1], releaseId: r[1] }));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('exit', (code, signal) => signal !== 'SIGKILL' && reject(new Error(`child exited ${code}: ${out}`)));
  });
}

test('kill -9 after the switch: the next start records the build as published with the served release', async () => {
  const root = path.join(tmp, 'site');
  await publish(built(path.join(tmp, 'public-old'), 'OLD'), root);
  const { buildId, releaseId } = await runUntilServed(root, built(path.join(tmp, 'public-new'), 'NEW'));
  assert.equal(currentRelease(root), releaseId, 'the new release is served');
  const before = JSON.parse(fs.readFileSync(path.join(root, 'builds.json'), 'utf8')) as {
    builds: Array<{ id: string; status: string }>;
  };
  assert.equal(before.builds.find((b) => b.id === buildId)?.status, 'running', 'killed before its record');

  const history = new BuildHistory(root, Date.now, () => {});
  const b = history.get(buildId)!;
  assert.equal(b.status, 'published', b.error ?? '');
  assert.equal(b.releaseId, releaseId);
  assert.equal(b.error, null);
  // Saved: a second start reads the same.
  assert.equal(new BuildHistory(root, Date.now, () => {}).get(buildId)?.status, 'published');
});

test('kill -9 before the switch: still failed (interrupted), and the served release is not claimed', async () => {
  const root = path.join(tmp, 'site-2');
  await publish(built(path.join(tmp, 'public-2'), 'TWO'), root);
  const served = currentRelease(root)!;
  // A build that started after the served release and never published.
  fs.writeFileSync(
    path.join(root, 'builds.json'),
    JSON.stringify({
      builds: [
        {
          id: 'b-never',
          trigger: 'editor',
          status: 'running',
          queuedAt: Date.now(),
          startedAt: Date.now() + 1000,
          finishedAt: null,
          hint: null,
          pages: null,
          skipped: [],
          error: null,
          releaseId: null,
          progress: { step: 'build', percent: 10 },
          log: [],
        },
      ],
    }),
  );
  const b = new BuildHistory(root, Date.now, () => {}).get('b-never')!;
  assert.equal(b.status, 'failed');
  assert.equal(b.error, INTERRUPTED);
  assert.equal(b.releaseId, null);
  assert.equal(currentRelease(root), served);
});
