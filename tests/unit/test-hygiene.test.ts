// The tests' own rules (issue 41), checked by reading every test file:
// - no fixed sleep decides an outcome: a literal delay of 100 ms or more (`setTimeout(r, 300)`,
//   `sleep(4_500)`, `waitForTimeout`) is a finding. Wait for the event instead; for a negative
//   assertion, wait for the event that would have come first (tests/e2e/runtime.test.ts's
//   pageWentPast), then check;
// - no wait without a deadline: a loop that sleeps must name its bound (Date.now, a deadline,
//   `until` of tests/helpers/deadline.ts, a count of tries);
// - no vacuous conditional assert: `if (c) assert...` passes without checking anything when `c`
//   is false. Assert `c` first, or make the assert unconditional.
// A finding that is right stays in ALLOWED below with the reason; an entry that no longer
// matches a line fails the test too, so the list stays true. docs/reliability.md, "The tests'
// own rules".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const TESTS = path.join(ROOT, 'tests');

type Rule = 'fixed sleep' | 'wait without a deadline' | 'conditional assert';

/** Findings that are right: file (from tests/), the line's text (trimmed), the rule and why. */
const ALLOWED: Array<{ file: string; line: string; rule: Rule; why: string }> = [
  {
    file: 'e2e/listings.test.ts',
    line: "if (lonelyLeafShared) assert.ok(leaf[0], 'the first one is of its leaf category');",
    rule: 'conditional assert',
    why: "whether another review shares the lonely review's leaf depends on the data; the order check after it asserts either way",
  },
  {
    file: 'integration/server/feed.test.ts',
    line: 'if (d.commentId === SPECIAL.javascriptPicture) assert.equal(d.image, JAVASCRIPT_URL);',
    rule: 'conditional assert',
    why: "every branch asserts: the hostile record's image is its javascript: URL, any other has its size or none",
  },
  {
    file: 'integration/server/feed.test.ts',
    line: '} else assert.deepEqual([d.imageWidth, d.imageHeight], [null, null]);',
    rule: 'conditional assert',
    why: 'both branches assert: an item with a picture has its size, one without has none',
  },
  {
    file: 'e2e/boot.test.ts',
    line: 'await page.waitForTimeout(11_000);',
    rule: 'fixed sleep',
    why: 'the time itself is the condition under test: hydration held past the 10 s after which the old boot dropped taps, which must not undo the taps made before; no outcome races it',
  },
  {
    file: 'e2e/boot.test.ts',
    line: 'await page.evaluate(() => new Promise((r) => setTimeout(r, 5_000)));',
    rule: 'fixed sleep',
    why: "an absence is the condition under test: no prefetch in the spec's 3 s period after the reader's runtime ran (its visit stored), timed by the page's own clock, which a first batch's timer, set before this one, would beat",
  },
  // Poll intervals: each loop has its deadline (the wait is for a state, not a time).
  {
    file: 'integration/editor/builds.test.ts',
    line: 'await new Promise((r) => setTimeout(r, 250));',
    rule: 'fixed sleep',
    why: "waitFor's poll interval; its deadline is DEADLINE_MS",
  },
  {
    file: 'e2e/helpers/site.ts',
    line: 'await new Promise((r) => setTimeout(r, 100));',
    rule: 'fixed sleep',
    why: "the poll interval of pollPage/workerHoldsPage, each bounded by its caller's timeout",
  },
  {
    file: 'e2e/idle-work.test.ts',
    line: 'await new Promise((r) => setTimeout(r, 100));',
    rule: 'fixed sleep',
    why: 'a poll interval inside a loop bounded by its deadline',
  },
  {
    file: 'e2e/routes.test.ts',
    line: 'await new Promise((r) => setTimeout(r, 100));',
    rule: 'fixed sleep',
    why: 'a poll interval inside a loop bounded by its deadline',
  },
  {
    file: 'e2e/runtime.test.ts',
    line: 'sleep(5_000).then(() => false),',
    rule: 'fixed sleep',
    why: "freshShown's bound on one evaluation (a document going away under it), inside a loop bounded by its step",
  },
  {
    file: 'e2e/runtime.test.ts',
    line: 'await sleep(200);',
    rule: 'fixed sleep',
    why: "freshShown's poll interval, bounded by its step",
  },
  // Conditional asserts whose condition is asserted first, or that are one branch of two.
  {
    file: 'unit/review/head.test.ts',
    line: 'if (parsed.ok) assert.deepEqual(parsed.value, JSON.parse(JSON.stringify(b)));',
    rule: 'conditional assert',
    why: 'parsed.ok is asserted on the line before (the if narrows the type)',
  },
  {
    file: 'integration/site/takedown-reach.test.ts',
    line: "if (r.status === 301) assert.ok(!r.headers.get('location')!.includes('//'), r.headers.get('location')!);",
    rule: 'conditional assert',
    why: 'the status is asserted to be 301 or 404 first; a 301 must also lead to the canonical URL',
  },
  {
    file: 'integration/server/errors.test.ts',
    line: 'if (res.status >= 400) assertError(res, res.status);',
    rule: 'conditional assert',
    why: 'the status is asserted below 500 first; an error answer must also have the error shape',
  },
  {
    file: 'integration/server/products.test.ts',
    line: "else assert.equal(seenOther, false, 'same-leaf products come first');",
    rule: 'conditional assert',
    why: 'an order check over the list: the other branch records the state it checks',
  },
  {
    file: 'unit/signin/return-to.test.ts',
    line: "if (bad !== '/%0a') assert.equal(out, '/', `${JSON.stringify(bad)} -> ${out}`);",
    rule: 'conditional assert',
    why: 'a table of inputs: every one is checked on the line before; one keeps its (safe) path',
  },
  {
    file: 'unit/catalogue/spec-facts.test.ts',
    line: 'if (e.parentId !== null) assert.equal(e.id.slice(0, -1), e.parentId);',
    rule: 'conditional assert',
    why: 'over every category: the roots have no parent, the others are checked',
  },
  {
    file: 'integration/server/listing-paging.test.ts',
    line: "if (sort === 'likes' || category === '0') assert.ok(tie, 'the listing has ties of the sort key');",
    rule: 'conditional assert',
    why: "the condition is the test case's own parameters, not data",
  },
  {
    file: 'e2e/routes.test.ts',
    line: "if (label === 'mobile') assert.equal(calls.length, round, `feed calls after scroll ${round}`);",
    rule: 'conditional assert',
    why: "the condition is the test case's own parameter (the viewport)",
  },
  {
    file: 'integration/server/long-values.test.ts',
    line: 'if (field) assert.ok(res.body.message.includes(field), `${what}: "${res.body.message}" names ${field}`);',
    rule: 'conditional assert',
    why: "a helper's optional expectation: the callers that pass a field get the check",
  },
  {
    file: 'integration/server/helper.ts',
    line: 'if (contains) assert.ok(res.body.messages[0].includes(contains), `"${res.body.messages[0]}" contains "${contains}"`);',
    rule: 'conditional assert',
    why: "a helper's optional expectation: the callers that pass a text get the check",
  },
  {
    file: 'integration/account/helper.ts',
    line: 'if (contains) assert.ok(e.text.includes(contains), `"${e.text}" contains "${contains}"`);',
    rule: 'conditional assert',
    why: "a helper's optional expectation: the callers that pass a text get the check",
  },
  {
    file: 'e2e/editor-console.test.ts',
    line: 'if (hinted)',
    rule: 'conditional assert',
    why: 'the build kind shown is asserted for both cases on the line before; a hinted one also links its review',
  },
  {
    file: 'e2e/review.test.ts',
    line: 'if (id === SPECIAL.scriptContent)',
    rule: 'conditional assert',
    why: 'a loop over the special reviews: each one has its own check, every one the checks above it',
  },
  {
    file: 'e2e/review.test.ts',
    line: 'if (id === SPECIAL.htmlUserLabel)',
    rule: 'conditional assert',
    why: 'a loop over the special reviews: each one has its own check, every one the checks above it',
  },
  {
    file: 'e2e/review.test.ts',
    line: "if (belowFold) assert.equal(await started(), false, 'no Swiper below the fold before scrolling');",
    rule: 'conditional assert',
    why: "the condition is the case's own parameter (the viewport), asserted against the page on the line before",
  },
  {
    file: 'e2e/routes.test.ts',
    line: "if (kind === 'leaf')",
    rule: 'conditional assert',
    why: 'one branch of two, the else branch asserts the sub-categories',
  },
  {
    file: 'integration/client/calls.test.ts',
    line: "} else assert.match(String(r.headers['content-type']), /^application\\/json/);",
    rule: 'conditional assert',
    why: 'one branch of two: with a body its type, without one no type',
  },
  {
    file: 'unit/signin/return-to.test.ts',
    line: "if (!bad.startsWith('/javascript:') && !bad.includes('%09'))",
    rule: 'conditional assert',
    why: 'a table of inputs: every one is checked above; two keep their (same-origin) path',
  },
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const SLEEP = /setTimeout\(\s*\w+\s*,\s*\d[\d_]{2,}\s*\)|\bsleep\(\s*\d[\d_]{2,}\s*\)|waitForTimeout\(/;
const SLEEPS = /setTimeout\(|\bsleep\(|waitForTimeout\(/;
const LOOP = /^\s*(?:while\s*\(|for\s*\(\s*;\s*;\s*\)|do\s*\{)/;
const BOUND = /Date\.now|performance\.now|deadline|\bend\b|until\(|limit|timeoutMs|tries|attempt|remaining/i;
const IF_ASSERT =
  /^\s*(?:\}\s*)?(?:else\s+)?if\s*\(.*\)\s*(?:await\s+)?assert\w*[.(]|^\s*(?:\}\s*)?else\s+(?:await\s+)?assert\w*[.(]/;
const IF_LINE = /^\s*(?:\}\s*)?(?:else\s+)?if\s*\(.*\)\s*$/;

interface Finding {
  file: string;
  line: string;
  rule: Rule;
  at: number;
}

function findings(): Finding[] {
  const out: Finding[] = [];
  for (const abs of files(TESTS)) {
    const file = path.relative(TESTS, abs).split(path.sep).join('/');
    if (file === 'unit/test-hygiene.test.ts') continue;
    const lines = fs.readFileSync(abs, 'utf8').split('\n');
    lines.forEach((raw, i) => {
      const line = raw.trim();
      if (line.startsWith('//') || line.startsWith('*')) return;
      const add = (rule: Rule) => out.push({ file, line, rule, at: i + 1 });
      if (SLEEP.test(line)) add('fixed sleep');
      // (A conditional assert.fail is a check, not a vacuous one.)
      const next = lines[i + 1] ?? '';
      if (
        (IF_ASSERT.test(line) && !line.includes('assert.fail')) ||
        (IF_LINE.test(raw) && /^\s*(?:await\s+)?assert\w*[.(]/.test(next) && !next.includes('assert.fail'))
      )
        add('conditional assert');
      if (LOOP.test(raw)) {
        const body = lines.slice(i, i + 10).join('\n');
        if (SLEEPS.test(body) && !BOUND.test(body)) add('wait without a deadline');
      }
    });
  }
  return out;
}

test('no fixed sleep, unbounded wait or vacuous conditional assert in the tests, but those allowed with a reason', () => {
  const found = findings();
  const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && a.line === f.line && a.rule === f.rule);
  const bad = found.filter((f) => !allowed(f));
  assert.deepEqual(
    bad.map((f) => `tests/${f.file}:${f.at} ${f.rule}: ${f.line}`),
    [],
    'fix these, or add them to ALLOWED in tests/unit/test-hygiene.test.ts with the reason',
  );
  const stale = ALLOWED.filter((a) => !found.some((f) => f.file === a.file && f.line === a.line && f.rule === a.rule));
  assert.deepEqual(
    stale.map((a) => `tests/${a.file}: ${a.line}`),
    [],
    'these ALLOWED entries match no line any more: remove them',
  );
  for (const a of ALLOWED) assert.ok(a.why.length > 10, `a reason for ${a.file}`);
});

test('the checks find what they are for', () => {
  const probe = (text: string) => {
    const lines = text.split('\n');
    return {
      sleep: lines.some((l) => SLEEP.test(l)),
      conditional: lines.some(
        (l, i) =>
          (IF_ASSERT.test(l) && !l.includes('assert.fail')) ||
          (IF_LINE.test(l) && /^\s*(?:await\s+)?assert\w*[.(]/.test(lines[i + 1] ?? '')),
      ),
      unbounded: lines.some(
        (l, i) =>
          LOOP.test(l) &&
          SLEEPS.test(lines.slice(i, i + 10).join('\n')) &&
          !BOUND.test(lines.slice(i, i + 10).join('\n')),
      ),
    };
  };
  assert.equal(probe('await new Promise((r) => setTimeout(r, 300));').sleep, true);
  assert.equal(probe('await sleep(4_500);').sleep, true);
  assert.equal(probe('await page.waitForTimeout(10);').sleep, true);
  assert.equal(probe('await new Promise((r) => setTimeout(r, 20));').sleep, false);
  assert.equal(probe('if (below) assert.equal(x, false);').conditional, true);
  assert.equal(probe('if (a && b)\n  assert.deepEqual(x, y);').conditional, true);
  assert.equal(probe('} else assert.ok(x);').conditional, true);
  assert.equal(probe('assert.ok(x);\nif (x) y();').conditional, false);
  assert.equal(probe('if (Date.now() > end) assert.fail(`late`);').conditional, false);
  assert.equal(probe('while (busy())\n  await new Promise((r) => setTimeout(r, 20));').unbounded, true);
  assert.equal(
    probe('while (busy()) {\n  if (Date.now() > end) throw new Error();\n  await sleep(20);\n}').unbounded,
    false,
  );
});
