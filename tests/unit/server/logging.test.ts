// server/logging.ts (issue 12, item 10). The dev SMS code log: tests/integration/server/quiet-logs.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { logSettings, SizeCappedFile } from '../../../server/logging';

test('quiet by default: warn; LOG_LEVEL picks a pino level; nonsense falls back to warn', () => {
  assert.equal(logSettings({}).logger.level, 'warn');
  assert.equal(logSettings({ LOG_LEVEL: 'info' }).logger.level, 'info');
  assert.equal(logSettings({ LOG_LEVEL: ' DEBUG ' }).logger.level, 'debug');
  assert.equal(logSettings({ LOG_LEVEL: 'verbose' }).logger.level, 'warn');
  assert.equal(logSettings({}).disableRequestLogging, false);
  assert.equal(logSettings({ LOG_LEVEL: 'info', LOG_REQUESTS: '0' }).disableRequestLogging, true);
  assert.equal(logSettings({}).logger.stream, undefined);
});

test('SizeCappedFile: rotates before the cap, keeps N old files, cuts a line longer than the cap', () => {
  const dir = mkdtempSync(join(tmpdir(), 'capped-'));
  try {
    const file = join(dir, 'sub', 'a.log');
    const f = new SizeCappedFile(file, 100, 2);
    for (let i = 0; i < 50; i++) f.write(`line ${String(i).padStart(3, '0')} ${'x'.repeat(20)}\n`);
    f.write(`${'y'.repeat(500)}\n`);
    f.write('last\n');
    assert.deepEqual(readdirSync(join(dir, 'sub')).sort(), ['a.log', 'a.log.1', 'a.log.2']);
    for (const name of readdirSync(join(dir, 'sub'))) assert.ok(statSync(join(dir, 'sub', name)).size <= 100, name);
    assert.equal(readFileSync(file, 'utf8'), 'last\n');
    assert.equal(readFileSync(`${file}.1`, 'utf8'), `${'y'.repeat(99)}\n`);
    assert.match(readFileSync(`${file}.2`, 'utf8'), /line 049/);
    // Reopening appends to what is there and counts its size.
    const again = new SizeCappedFile(file, 100, 0);
    again.write(`${'z'.repeat(98)}\n`);
    assert.deepEqual(readdirSync(join(dir, 'sub')).sort(), ['a.log', 'a.log.1', 'a.log.2']);
    assert.equal(readFileSync(file, 'utf8'), `${'z'.repeat(98)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
