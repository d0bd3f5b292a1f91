// The reliability suite's fuzz at CI size (issue 12): 0 5xx, 0 answers over 1 s of server CPU
// time, 0 answers leaking internals. Larger: `npx tsx tests/integration/reliability/run-fuzz.ts
// --size 20000` (docs/reliability.md). FUZZ_SIZE overrides the size here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFuzz, summary } from './fuzz';

const SIZE = Number(process.env.FUZZ_SIZE ?? 800);

test(`fuzz every route with ${SIZE} hostile and malformed requests`, { timeout: 10 * 60_000 }, async () => {
  const r = await runFuzz({ size: SIZE });
  console.log(summary(r).replace(/^/gm, '# '));
  assert.ok(r.routes >= 20, `${r.routes} routes`);
  assert.ok(r.tried >= SIZE * 0.95, `${r.tried} of ${SIZE} tried`);
  assert.deepEqual(r.serverErrors.slice(0, 20), [], '5xx or no answer');
  assert.deepEqual(r.slow.slice(0, 20), [], 'slower than 1 s of server CPU time');
  assert.deepEqual(r.leaks.slice(0, 20), [], 'leaking internals');
});
