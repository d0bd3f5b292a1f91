// The vitals section's diagnostic trace (bench/lib/cpu-time-trace.ts): each renderer main-thread
// task shrunk to its CPU time, what it holds moved and shrunk with it, nothing else touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toCpuTime, type TraceEvent } from '../../../bench/lib/cpu-time-trace';

const MAIN = { pid: 1, tid: 10 };
const OTHER = { pid: 1, tid: 11 };
const ms = (n: number) => n * 1000;

function trace(): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ...OTHER, ts: 0, args: { name: 'Compositor' } },
    // 100 ms of wall time, 40 ms of CPU: a layout from +50 to +90 and an instant at +95.
    { name: 'RunTask', ph: 'X', ...MAIN, ts: ms(1000), dur: ms(100), tdur: ms(40) },
    { name: 'Layout', ph: 'X', ...MAIN, ts: ms(1050), dur: ms(40), tdur: ms(16) },
    { name: 'InvalidateLayout', ph: 'I', ...MAIN, ts: ms(1095) },
    // A task that ran on CPU all along: unchanged.
    { name: 'RunTask', ph: 'X', ...MAIN, ts: ms(1200), dur: ms(30), tdur: ms(30) },
    // A task without thread time (older traces): unchanged.
    { name: 'RunTask', ph: 'X', ...MAIN, ts: ms(1300), dur: ms(20) },
    // Another thread's task: never touched.
    { name: 'RunTask', ph: 'X', ...OTHER, ts: ms(1000), dur: ms(100), tdur: ms(10) },
  ];
}

test('a main-thread task lasts its CPU time, and what it holds moves and shrinks in proportion', () => {
  const input = trace();
  const before = JSON.stringify(input);
  const { events, tasks, removedMs } = toCpuTime(input);
  assert.equal(JSON.stringify(input), before, 'the input is not modified');
  const [, , task, layout, instant, onCpu, noTdur, other] = events;
  assert.equal(task.ts, ms(1000));
  assert.equal(task.dur, ms(40));
  assert.equal(layout.ts, ms(1020));
  assert.equal(layout.dur, ms(16));
  assert.equal(instant.ts, ms(1038));
  assert.deepEqual([onCpu.ts, onCpu.dur], [ms(1200), ms(30)]);
  assert.deepEqual([noTdur.ts, noTdur.dur], [ms(1300), ms(20)]);
  assert.deepEqual([other.ts, other.dur], [ms(1000), ms(100)]);
  assert.equal(tasks, 1);
  assert.equal(removedMs, 60);
});

test('a task nested in another (a nested message loop) is shrunk with its parent, not again', () => {
  const events: TraceEvent[] = [
    { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'RunTask', ph: 'X', ...MAIN, ts: ms(0), dur: ms(200), tdur: ms(100) },
    { name: 'RunTask', ph: 'X', ...MAIN, ts: ms(100), dur: ms(50), tdur: ms(50) },
  ];
  const r = toCpuTime(events);
  assert.equal(r.tasks, 1);
  assert.deepEqual(
    r.events.slice(1).map((e) => [e.ts, e.dur]),
    [
      [0, ms(100)],
      [ms(50), ms(25)],
    ],
  );
});

test('a trace without a renderer main thread comes back as it was', () => {
  const events = trace().filter((e) => e.ph !== 'M');
  const r = toCpuTime(events);
  assert.equal(r.tasks, 0);
  assert.deepEqual(r.events, events);
});
