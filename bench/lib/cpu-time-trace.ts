// A diagnostic for the vitals section (issue 26): Lighthouse's trace of a load, with every task
// of the page's main thread shrunk to the CPU time that thread spent on it.
//
// Lighthouse's mobile score simulates a slower phone from the trace: it takes each main-thread
// task's wall time and multiplies it by 4. On this 2-core machine the renderer's main thread
// shares the cores with the browser process, the compositor, image decoding, the site server and
// Lighthouse itself, so a task's wall time holds time the thread waited for a core (a 97.6 ms
// task of 35.5 ms CPU on the review page), and that wait is multiplied too. A trace whose tasks
// last their CPU time, audited again by the same Lighthouse (audit mode, same artifacts), says
// what the page's own work scores, apart from the machine's contention. It is a reading beside
// the plain score, never in place of it: the plain score keeps its gate, and this one has its own.
//
// Trace events are Chrome's trace-event format: `ts`/`dur` wall time in microseconds, `tdur`
// the thread's CPU time (thread ticks) for complete events ('X') that have it.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
  [k: string]: unknown;
}

export interface CpuTimeResult {
  events: TraceEvent[];
  /** Main-thread tasks shrunk. */
  tasks: number;
  /** Wall time taken out of them, ms. */
  removedMs: number;
}

const isMainThreadName = (e: TraceEvent) =>
  e.ph === 'M' && e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain';

/**
 * A copy of `events` in which each top-level task ('RunTask', 'X') of every renderer main
 * thread lasts its CPU time (`tdur`) instead of its wall time: the events inside it (same
 * thread, starting within it) move and shrink in proportion, so their order and nesting hold.
 * Time between tasks is left as it was, and no other thread changes. The input is not modified.
 */
export function toCpuTime(events: readonly TraceEvent[]): CpuTimeResult {
  const out = events.map((e) => ({ ...e }));
  const mains = new Set(out.filter(isMainThreadName).map((e) => `${e.pid}:${e.tid}`));
  let tasks = 0;
  let removed = 0;
  for (const key of mains) {
    const on = out
      .filter((e) => e.ph !== 'M' && `${e.pid}:${e.tid}` === key)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let end = -Infinity;
    let from = 0;
    for (const task of on) {
      if (task.name !== 'RunTask' || task.ph !== 'X' || !task.dur || task.tdur === undefined || task.ts < end) continue;
      const start = task.ts;
      const wall = task.dur;
      end = start + wall;
      const f = Math.min(1, Math.max(task.tdur, 1) / wall);
      if (f >= 1) continue;
      while (from < on.length && on[from].ts < start) from++;
      for (let j = from; j < on.length && on[j].ts <= end; j++) {
        const x = on[j];
        if (x === task) continue;
        x.ts = start + (x.ts - start) * f;
        if (x.dur !== undefined) x.dur *= f;
      }
      task.dur = wall * f;
      removed += wall - task.dur;
      tasks++;
    }
  }
  return { events: out, tasks, removedMs: removed / 1000 };
}
