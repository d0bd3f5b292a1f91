// HTML validity of the built site (issue 21 item 6): the W3C Nu HTML checker (npm `vnu-jar`, run
// on Debian's Java; .ci/run installs default-jre-headless) over one page of every kind, in one
// Java process for all files (the JVM's start-up is most of its time). Errors only: each failure
// names the page kind, its URL, the line and the element.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PUBLIC_DIR, ROOT, siteMissing } from './helpers/site';
import { pageKinds } from './helpers/page-kinds';

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

const VNU_JAR = path.join(ROOT, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
const javaMissing =
  spawnSync('java', ['-version'], { encoding: 'utf8' }).status === 0
    ? false
    : 'no java (apt-get install default-jre-headless; .ci/run installs it)';

describe('HTML validity (W3C Nu HTML checker)', { skip: siteMissing || javaMissing }, () => {
  test('every page kind of the build has no HTML errors', () => {
    const kinds = pageKinds(PUBLIC_DIR);
    const files = kinds.map((k) => path.join(PUBLIC_DIR, k.file));
    // --exit-zero-always: the verdict is read from the JSON report, not the exit code.
    const r = spawnSync(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    assert.equal(r.status, 0, `vnu did not run: ${r.error?.message ?? r.stderr}`);
    // The JSON report goes to stderr.
    const { messages } = JSON.parse(r.stderr) as { messages: VnuMessage[] };
    const kindOf = new Map(kinds.map((k) => [path.join(PUBLIC_DIR, k.file), k]));
    // One line per page kind and message (a card repeated 30 times is one defect), with how
    // often it occurs and the first element it was found on. Reported through assert.ok with a
    // message: a deepEqual of long arrays makes the runner compute a diff for minutes.
    const grouped = new Map<string, { count: number; line?: number; extract: string }>();
    for (const m of messages.filter((m) => m.type === 'error' || m.subType === 'fatal')) {
      const k = kindOf.get(decodeURIComponent(new URL(m.url).pathname));
      const key = `${k ? `${k.kind} (${k.urlPath})` : m.url}: ${m.message}`;
      const g = grouped.get(key);
      if (g) g.count++;
      else grouped.set(key, { count: 1, line: m.lastLine, extract: (m.extract ?? '').replace(/\s+/g, ' ').trim() });
    }
    const report = [...grouped].map(
      ([key, g]) => `- ${key} (${g.count}x; first at line ${g.line ?? '?'}: ${g.extract})`,
    );
    assert.ok(report.length === 0, `HTML errors (W3C Nu checker):\n${report.join('\n')}`);
  });
});
