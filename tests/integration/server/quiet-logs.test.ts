// Issue 12, item 10: `npm run server` (server/main.ts, the same logSettings() as `npm start`)
// is quiet by default: after its start-up notice, requests log nothing (3,542 lines for one
// `npm start` before); LOG_LEVEL=info brings the request lines back; LOG_FILE is capped by
// size. Real child processes, stdout and stderr captured whole. The dev SMS code in and out of
// NODE_ENV=production: buildApp in this process with a capturing logger.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildApp } from '../../../server/app';
import { startMainProcess } from './main-process';

const sms = (url: string, phone: string) =>
  fetch(`${url}/api/v2/signin/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone }),
  });

/** A mix of answers: 200s, a 400, a 404 (API and outside), a bad URL. */
async function traffic(url: string, rounds: number) {
  for (let i = 0; i < rounds; i++) {
    for (const p of [
      '/api/v2/productcategories',
      '/api/v2/product_comment/haul?size=3',
      '/api/v1/products/x',
      '/api/nope',
      '/nope',
      '/api/%E0%A4%A',
    ]) {
      await (await fetch(url + p)).arrayBuffer();
    }
  }
}

describe('logging of server/main.ts', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'quiet-logs-'));
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('default settings: the start-up notice, then nothing per request; the dev SMS code once', async () => {
    const s = await startMainProcess(tmp(), {});
    await traffic(s.url, 5);
    const quiet = s.out();
    assert.equal((await sms(s.url, '13812345678')).status, 200);
    await s.stop();
    assert.ok(!/incoming request|request completed|reqId/.test(quiet), `per-request lines:\n${quiet.slice(0, 2000)}`);
    const lines = quiet.split('\n').filter((l) => l.trim());
    assert.ok(lines.length <= 5, `only the notice after 30 requests, got ${lines.length} lines:\n${quiet}`);
    assert.match(quiet, /REFERENCE SERVER/);
    assert.match(quiet, /never a production SMS gateway/);
    const after = s.out().slice(quiet.length);
    assert.equal(after.split('\n').filter((l) => l.includes('dev SMS code for 13812345678: ')).length, 1, after);
    assert.equal(s.err(), '');
  });

  test('LOG_LEVEL=info logs requests; LOG_FILE keeps the log under its size cap', async () => {
    const dir = tmp();
    const file = join(dir, 'logs', 'server.log');
    const s = await startMainProcess(dir, {
      LOG_LEVEL: 'info',
      LOG_FILE: file,
      LOG_FILE_MAX_BYTES: '4096',
      LOG_FILE_KEEP: '2',
    });
    await traffic(s.url, 20);
    await s.stop();
    assert.ok(!/request completed/.test(s.out()), 'the log went to the file, not to stdout');
    const files = readdirSync(join(dir, 'logs')).sort();
    assert.deepEqual(files, ['server.log', 'server.log.1', 'server.log.2'], 'rotated, two old files kept');
    for (const f of files)
      assert.ok(statSync(join(dir, 'logs', f)).size <= 4096, `${f}: ${statSync(join(dir, 'logs', f)).size} bytes`);
    // Which file holds which line depends on where the cap fell: read them all.
    assert.match(files.map((f) => readFileSync(join(dir, 'logs', f), 'utf8')).join(''), /request completed/);
  });
});

/** Sends one SMS through buildApp with a capturing logger; the log lines. */
async function smsLog(env: string | undefined): Promise<{ lines: string[]; code: string | undefined }> {
  const dir = mkdtempSync(join(tmpdir(), 'smslog-'));
  const saved = process.env.NODE_ENV;
  if (env === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = env;
  const lines: string[] = [];
  let code: string | undefined;
  const app = buildApp({
    dbFile: join(dir, 'db.sqlite'),
    mediaDir: join(dir, 'media'),
    logger: { level: 'trace', stream: { write: (l: string) => lines.push(l) } },
    devCodeLog: (_p, c) => {
      code = c;
    },
  });
  try {
    const res = await app.inject({ method: 'POST', url: '/api/v2/signin/sms', payload: { phone: '13812345678' } });
    assert.equal(res.statusCode, 200, res.body);
    return { lines, code };
  } finally {
    await app.close();
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the dev SMS code is logged (at warn, so the default level shows it) only outside production', async () => {
  const dev = await smsLog(undefined);
  assert.ok(dev.code);
  const line = dev.lines.find((l) => l.includes(dev.code!));
  assert.ok(line, 'logged in development');
  assert.equal(JSON.parse(line).level, 40);
  const prod = await smsLog('production');
  assert.ok(prod.code, "devCodeLog (the tests' hook) still gets it");
  assert.equal(
    prod.lines.filter((l) => l.includes(prod.code!) || l.includes('dev SMS code')).length,
    0,
    prod.lines.join(''),
  );
});
