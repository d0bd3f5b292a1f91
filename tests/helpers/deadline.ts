// Deadlines derived from the runner's limit for a test file (issue 41). scripts/test.ts runs
// each file with `--test-timeout` = TEST_FILE_LIMIT_MS and passes the number on; the runner
// applies it to the file as a whole (and to each test), and cancels the file when it passes.
// A wait that runs into that limit is cut without a message and without its `after` hooks,
// so every wait in a test has its own deadline, shorter than what is left of the file.
import { performance } from 'node:perf_hooks';

/** The runner's limit for one test file, ms (npm test: 10 min). */
export const FILE_LIMIT_MS = Number(process.env.TEST_FILE_LIMIT_MS) || 600_000;

/**
 * Time kept back for the `after` hooks (ending a build's process group, closing servers,
 * removing a build's .cache/): on a machine at a load average of 40 they took over 20 s.
 */
export const CLEANUP_MS = 60_000;

/** Ms left before the runner cancels this file, less the cleanup margin (the clock starts with the process). */
export function remainingMs(): number {
  return Math.max(0, FILE_LIMIT_MS - performance.now() - CLEANUP_MS);
}

/**
 * A hook's or a test's `timeout` option: what is left of the file's limit, so a slow `before`
 * fails with its own message and the `after` hooks still run.
 */
export function hookTimeout(): { timeout: number } {
  return { timeout: remainingMs() };
}

/**
 * Polls `check` until it returns something other than undefined/false, or fails naming `what`
 * once `timeoutMs` (default: what is left of the file) has passed. For a state that has no event
 * to wait on (another process's output on disk, a server's reload).
 */
export async function until<T>(
  what: string,
  check: () => T | false | undefined | Promise<T | false | undefined>,
  { timeoutMs = remainingMs(), everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== false && v !== undefined) return v;
    if (performance.now() > end) throw new Error(`${what}: not after ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
