// The one bounded map (publish/limit.ts), used by publishing and by the build's sourcing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapLimit } from '../../../publish/limit';

/** A task that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

test('mapLimit keeps the input order and never runs more than n at once', async () => {
  let running = 0;
  let most = 0;
  const items = Array.from({ length: 20 }, (_, i) => i);
  const out = await mapLimit(items, 3, async (i) => {
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => setImmediate(resolve));
    running--;
    return i * 2;
  });
  assert.deepEqual(
    out,
    items.map((i) => i * 2),
  );
  assert.equal(most, 3);
});

test('mapLimit: after a failure nothing new starts, and the running calls end before it rejects', async () => {
  const slow = gate();
  const started: number[] = [];
  let slowEnded = false;
  const run = mapLimit([0, 1, 2, 3, 4], 2, async (i) => {
    started.push(i);
    if (i === 0) {
      await slow.opened;
      slowEnded = true;
      return i;
    }
    throw new Error(`item ${i}`);
  });
  let settled = false;
  void run.catch(() => (settled = true));
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.equal(settled, false, 'still waiting for the running call');
  slow.open();
  await assert.rejects(run, /item 1/);
  assert.ok(slowEnded);
  assert.deepEqual(started, [0, 1]);
});

test('mapLimit of nothing is nothing', async () => {
  assert.deepEqual(await mapLimit([], 4, async () => 1), []);
});
