// RenderLimiter (server/media/limit.ts): one run per key, at most `concurrency` running and
// `queue` waiting, a 503 HttpError beyond; slots pass to waiters in arrival order. Jobs here are
// promises the test resolves by hand, so every step is an ordering, not a timing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HttpError } from '../../../server/errors';
import { RenderLimiter } from '../../../server/media/limit';

function gate() {
  let open!: (b: Buffer) => void;
  const p = new Promise<Buffer>((resolve) => {
    open = resolve;
  });
  return { p, open };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('RenderLimiter', () => {
  test('requests for a key in flight join its run', async () => {
    const l = new RenderLimiter(1, 0);
    const g = gate();
    let runs = 0;
    const job = () => {
      runs++;
      return g.p;
    };
    const all = [l.run('a', job), l.run('a', job), l.run('a', job)];
    await tick();
    g.open(Buffer.from('x'));
    const out = await Promise.all(all);
    assert.equal(runs, 1);
    assert.ok(out.every((b) => b.toString() === 'x'));
    assert.deepEqual(l.stats, { renders: 1, coalesced: 2, rejected: 0 });
    assert.equal(l.inFlight, 0);
  });

  test('concurrency + queue distinct keys are accepted, the next gets a 503 with Retry-After, waiters run in order', async () => {
    const l = new RenderLimiter(2, 1);
    const gates = new Map<string, ReturnType<typeof gate>>();
    const started: string[] = [];
    const job = (k: string) => () => {
      started.push(k);
      const g = gate();
      gates.set(k, g);
      return g.p;
    };
    const a = l.run('a', job('a'));
    const b = l.run('b', job('b'));
    const c = l.run('c', job('c'));
    await assert.rejects(
      l.run('d', job('d')),
      (e: unknown) =>
        e instanceof HttpError &&
        e.statusCode === 503 &&
        e.headers['Retry-After'] === '1' &&
        e.code === 'SERVICE_UNAVAILABLE',
    );
    await tick();
    assert.deepEqual(started, ['a', 'b'], 'two run, c waits');
    gates.get('a')!.open(Buffer.from('a'));
    await a;
    await tick();
    assert.deepEqual(started, ['a', 'b', 'c'], 'c takes the freed slot');
    const e = l.run('e', job('e')); // the queue has room again
    gates.get('b')!.open(Buffer.from('b'));
    gates.get('c')!.open(Buffer.from('c'));
    await Promise.all([b, c]);
    await tick();
    gates.get('e')!.open(Buffer.from('e'));
    assert.equal((await e).toString(), 'e');
    assert.deepEqual(l.stats, { renders: 4, coalesced: 0, rejected: 1 });
  });

  test('a failed run fails its joiners and frees the slot', async () => {
    const l = new RenderLimiter(1, 0);
    const boom = l.run('a', () => Promise.reject(new Error('render failed')));
    const joined = l.run('a', () => Promise.resolve(Buffer.from('never')));
    await assert.rejects(boom, /render failed/);
    await assert.rejects(joined, /render failed/);
    assert.equal((await l.run('b', () => Promise.resolve(Buffer.from('b')))).toString(), 'b');
  });
});
