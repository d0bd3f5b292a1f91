// Issue 25, F4: a log file on a full disk. With LOG_FILE on a full filesystem the process
// crashed at LOG_LEVEL=info, and at warn an SMS sign-in answered 500 (the dev code's warn line
// threw). Now a log that cannot be written drops its lines and says so once on stderr. The
// full filesystem is /dev/full (every write fails with ENOSPC; no root needed). Real child
// processes of `npm run server` (server/main.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { SizeCappedFile } from '../../../server/logging';
import { startMainProcess } from './main-process';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function startMain(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'log-full-'));
  dirs.push(dir);
  return startMainProcess(dir, env);
}

for (const level of ['info', 'warn']) {
  test(`LOG_FILE on a full disk at ${level}: requests and SMS sign-in answer, the process lives, stderr says it once`, async () => {
    const s = await startMain({ LOG_FILE: '/dev/full', LOG_LEVEL: level });
    try {
      for (let i = 0; i < 5; i++) {
        const feed = await fetch(`${s.url}/api/v2/product_comment/haul?delimiter=0&size=5&category=0`);
        assert.equal(feed.status, 200);
        await feed.arrayBuffer();
        const sms = await fetch(`${s.url}/api/v2/signin/sms`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: `1380000000${i}` }),
        });
        assert.equal(sms.status, 200, await sms.text());
      }
      assert.ok(s.alive(), 'the process is alive');
      const said = s
        .err()
        .split('\n')
        .filter((l) => l.includes('/dev/full'));
      assert.equal(said.length, 1, s.err());
      assert.match(said[0], /cannot be written \(ENOSPC\)/);
    } finally {
      await s.stop();
    }
  });
}

test('SizeCappedFile on a full disk: writes never throw; the failure is said once', () => {
  const said: string[] = [];
  const full = new SizeCappedFile('/dev/full', 1024, 1, (m) => said.push(m));
  for (let i = 0; i < 3; i++) full.write('a line\n');
  assert.deepEqual(said, ['log file /dev/full cannot be written (ENOSPC): log lines are dropped until it can\n']);
});
