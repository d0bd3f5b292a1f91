// Each test file in a session of its own (issue 41), loaded first into every test file's process
// by scripts/test.ts (`--import`). Node's runner starts the files as its own children, so all of
// them shared the runner's session; Linux's scheduler, with autogroups on (the default of most
// distributions' kernels, and of this project's CI machines: /proc/sys/kernel/sched_autogroup_enabled),
// shares the CPU between sessions first. Beside two CPU hogs the whole runner, three files at
// once, got the share of one session: one core of two, whatever the concurrency (a clean-clone
// run used 1,471 CPU s of test files in 1,412 s). A file's browser (Playwright starts Chromium
// detached) and its builds (tests/helpers/processes.ts, runInGroup) already had sessions of
// their own; now the file does too, and three files at once get three shares. On a quiet
// machine nothing changes. docs/reliability.md, "What changed next (2026-11-29, fourth session)".
//
// How: the process the runner started starts the same command again, detached (a new session,
// with stdout and stderr shared, so the runner reads the file's report as before), passes on
// the runner's signals (SIGTERM at the file's limit), and exits as the file did. Its top-level
// await holds back the other `--import`s and the file itself, so they run only in the new process.
import { spawn } from 'node:child_process';

if (process.env.NODE_TEST_CONTEXT && process.platform === 'linux' && process.env.TEST_OWN_SESSION !== '1') {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    detached: true,
    stdio: 'inherit',
    env: { ...process.env, TEST_OWN_SESSION: '1' },
  });
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'])
    process.on(sig, () => {
      try {
        process.kill(child.pid, sig);
      } catch {
        // it has exited already
      }
    });
  const [code, signal] = await new Promise((done) => {
    child.on('error', (err) => {
      console.error(`could not start the test file in a session of its own: ${err.message}`);
      done([1, null]);
    });
    child.on('exit', (c, s) => done([c, s]));
  });
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 1);
}
