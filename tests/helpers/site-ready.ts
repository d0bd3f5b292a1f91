// npm test starts the runner once the packages' install scripts are done, while the shared site
// (tests/helpers/built-site.ts) is still being built beside it (scripts/test.ts): a file that
// reads the site waits for the build's end when it is imported. TEST_SITE_READY names the file
// the run writes then; without it (the site was built before, or not by npm test) no wait.
import fs from 'node:fs';
import { remainingMs } from './deadline';

/**
 * Blocks until the run's site build has ended, polling its mark, at most what is left of this
 * file's limit (then throws, naming the build, before the runner would cancel the file). Blocking
 * on purpose: it runs at import, before a test can start or read `public/`. When a step of the
 * run fails, the mark says which, and this throws it (the run is ending, this file with it).
 */
export function waitForSharedSite(): void {
  const ready = process.env.TEST_SITE_READY;
  if (!ready) return;
  const timeoutMs = remainingMs();
  const end = Date.now() + timeoutMs;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (!fs.existsSync(ready)) {
    if (Date.now() > end)
      throw new Error(
        `the shared site's build (scripts/build-site.ts) had not ended after ${Math.round(timeoutMs / 1000)} s`,
      );
    Atomics.wait(cell, 0, 0, 200);
  }
  // npm test writes why the run is ending when a step failed (the site's build or a check).
  const failed = fs.readFileSync(ready, 'utf8');
  if (failed) throw new Error(`no built site to test: ${failed}`);
}
