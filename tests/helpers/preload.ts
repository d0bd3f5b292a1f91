// Loaded into every test file's process by scripts/test.ts (`--import`), issue 41:
// - marks the file's process (TEST_PROCESS_MARK=<run id>:<pid>), so each process it starts,
//   and theirs, carries the mark (tests/helpers/processes.ts);
// - ends every process left with the mark when the file exits, and when the runner cancels it
//   (the runner sends SIGTERM at the file's limit: the `after` hooks do not run then);
// - writes the file's CPU time (its own and its waited-for children's: Gatsby, Chromium) and
//   what it had to end to TEST_CPU_DIR, for scripts/test.ts's summary.
// Only in a test file's process (NODE_TEST_CONTEXT, set by the runner), not in the runner's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MARK, reap, type ProcInfo } from './processes';

if (process.env.NODE_TEST_CONTEXT && process.platform === 'linux') {
  const run = (process.env[MARK] ?? '').split(':')[0] || randomUUID();
  const mark = `${run}:${process.pid}`;
  process.env[MARK] = mark;
  let ended: ProcInfo[] = [];
  let cause = 'exit';

  process.once('exit', (code) => {
    ended = ended.concat(reap(mark));
    const dir = process.env.TEST_CPU_DIR;
    if (!dir) return;
    try {
      // utime stime cutime cstime, in clock ticks (100 a second on Linux).
      const stat = fs.readFileSync('/proc/self/stat', 'latin1');
      const f = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      const tick = 10;
      fs.writeFileSync(
        path.join(dir, `${process.pid}.json`),
        JSON.stringify({
          file: path.resolve(process.argv[1] ?? ''),
          code,
          cause,
          selfCpuMs: (f[11] + f[12]) * tick,
          childrenCpuMs: (f[13] + f[14]) * tick,
          wallMs: Math.round(performance.now()),
          endedAt: Date.now(),
          ended: ended.map((p) => p.cmd),
        }),
      );
    } catch {
      // the summary goes without this file's figures
    }
  });

  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    process.once(sig, () => {
      cause = sig;
      ended = reap(mark);
      process.exit(128 + (os.constants.signals[sig] ?? 15));
    });
}
