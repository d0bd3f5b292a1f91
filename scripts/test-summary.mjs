// A reporter for Node's test runner (scripts/test.ts passes it beside `spec`), issue 41: one
// JSON line per test file with its wall time, counts and how it ended, so scripts/test.ts can
// count a file the runner cancelled at its limit as failed and say so, and list where the
// run's time goes.
import fs from 'node:fs';
import path from 'node:path';

// Plain JavaScript: the runner loads reporters before tsx's loader is in place. Written to
// TEST_SUMMARY_FILE as the events come, synchronously: with --test-force-exit the runner may
// exit before a reporter's stream is flushed.
// Each line: { file, ms (the file's wall time when the runner reports one: a failed file), ok,
// timedOut (the runner ended it at its limit), pass, fail, cancelled, skipped }.

export default async function* summary(source) {
  const files = new Map();
  const of = (file) => {
    let r = files.get(file);
    if (!r) {
      r = { file, ms: 0, ok: true, timedOut: false, pass: 0, fail: 0, cancelled: 0, skipped: 0 };
      files.set(file, r);
    }
    return r;
  };
  const write = () => {
    const lines = [...files.values()].map((r) => JSON.stringify({ ...r, ok: r.ok && !r.fail && !r.cancelled }));
    if (process.env.TEST_SUMMARY_FILE) fs.writeFileSync(process.env.TEST_SUMMARY_FILE, lines.join('\n'));
  };
  for await (const e of source) {
    if (e.type !== 'test:pass' && e.type !== 'test:fail') continue;
    const { data } = e;
    if (!data.file) continue;
    const r = of(path.resolve(data.file));
    const failure = data.details?.error?.failureType;
    // The runner's own test for the file (its name is the file's path): wall time and end.
    if (data.nesting === 0 && data.name && path.resolve(data.name) === r.file) {
      r.ms = data.details?.duration_ms ?? 0;
      if (e.type === 'test:fail') {
        r.ok = false;
        if (failure === 'testTimeoutFailure') r.timedOut = true;
      }
      write();
      continue;
    }
    if (data.details?.type === 'suite') continue;
    if (e.type === 'test:pass') {
      if (data.skip || data.todo) r.skipped++;
      else r.pass++;
    } else if (failure === 'cancelledByParent') r.cancelled++;
    else r.fail++;
    write();
  }
  write();
  yield '';
}
