// Which integration files share a process in `npm test` (scripts/test-bundles.ts): the rules
// that keep a file alone, and the bundles over the real tests/integration tree.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  INTEGRATION_BUNDLE,
  START_FIRST,
  integrationBundles,
  ownProcess,
  startFirst,
} from '../../scripts/test-bundles';

const ROOT = path.resolve(__dirname, '..', '..');

test('a file that changes the process, hooks every test or builds a site keeps a process of its own', () => {
  const alone: Array<[string, string]> = [
    ['beforeEach(() => {});', 'a top-level beforeEach or afterEach'],
    ["process.env.STOREFRONT_API_URL = 'x';", 'changes process.env'],
    ["process.env['TZ'] = 'UTC';", 'changes process.env'],
    ['delete process.env.TZ;', 'changes process.env'],
    ["process.on('SIGTERM', () => {});", 'changes the process'],
    ['setGlobalDispatcher(agent);', 'changes globals'],
    ["t.mock.timers.enable({ apis: ['setTimeout'] });", 'changes globals'],
    ["import { copySiteSources } from '../../../scripts/site-copy';", 'builds or reads a built site'],
    ["import { PUBLIC_DIR } from '../../helpers/built-site';", 'builds or reads a built site'],
  ];
  for (const [text, why] of alone) assert.equal(ownProcess(text), why, text);
  const shared = [
    "if (process.env.TZ === 'UTC') x();",
    'const v = process.env.HOME;',
    "describe('x', () => { beforeEach(() => {}); });\n  beforeEach(() => {});",
    'before(async () => { s = await startTestServer(); });\nafter(() => s.close());',
  ];
  for (const text of shared) assert.equal(ownProcess(text), null, text);
});

test('bundles: by folder, at most INTEGRATION_BUNDLE files, parts of even size, no lone file', () => {
  const file = (folder: string, name: string, text = '') => ({ file: `${folder}/${name}`, folder, text });
  const many = Array.from({ length: 17 }, (_, i) =>
    file('tests/integration/server', `f${String(i).padStart(2, '0')}.test.ts`),
  );
  const plans = integrationBundles([
    ...many,
    file('tests/integration/site', 'a.test.ts'),
    file('tests/integration/site', 'b.test.ts', "process.on('exit', f);"),
    file('tests/integration/deploy', 'c.test.ts'),
    file('tests/integration/deploy', 'd.test.ts'),
  ]);
  assert.deepEqual(
    plans.map((p) => [p.name, p.label, p.members.length]),
    [
      ['tests-integration-server-1', 'tests/integration/server, part 1 of 3', 6],
      ['tests-integration-server-2', 'tests/integration/server, part 2 of 3', 6],
      ['tests-integration-server-3', 'tests/integration/server, part 3 of 3', 5],
      ['tests-integration-deploy', 'tests/integration/deploy', 2],
    ],
  );
  assert.deepEqual(
    plans.flatMap((p) => p.members),
    [...many.map((f) => f.file), 'tests/integration/deploy/c.test.ts', 'tests/integration/deploy/d.test.ts'],
    'every file once, in path order',
  );
});

test('over the real tree: the files that build keep their own process; every other file is bundled once or runs alone', () => {
  const find = (d: string): string[] =>
    fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(d, e.name);
      return e.isDirectory() ? find(p) : e.name.endsWith('.test.ts') ? [p] : [];
    });
  const files = find(path.join(ROOT, 'tests', 'integration'))
    .sort()
    .map((f) => ({ file: f, folder: path.relative(ROOT, path.dirname(f)), text: fs.readFileSync(f, 'utf8') }));
  const plans = integrationBundles(files);
  const members = plans.flatMap((p) => p.members);
  assert.equal(new Set(members).size, members.length, 'no file in two bundles');
  assert.ok(plans.every((p) => p.members.length >= 2 && p.members.length <= INTEGRATION_BUNDLE));
  for (const name of ['editor/builds', 'site/deferred-reviews', 'site/build-faults', 'site/cancelled-build'])
    assert.ok(!members.some((m) => m.endsWith(`${name}.test.ts`)), `${name} runs alone`);
  assert.ok(members.length >= files.length / 2, `most files share a process (${members.length} of ${files.length})`);
});

test('the files that build a site start first: they exist, build, keep their own process; others are left as they are', () => {
  for (const f of START_FIRST) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
    assert.match(ownProcess(text) ?? '', /builds/, `${f} keeps a process of its own`);
  }
  const listed = ['tests/e2e/a.test.ts', ...START_FIRST.slice().reverse(), 'tests/integration/x.test.ts'];
  assert.deepEqual(startFirst(listed), [...START_FIRST]);
  assert.deepEqual(startFirst(['tests/e2e/a.test.ts']), []);
  assert.deepEqual(startFirst([START_FIRST[1].split('/').join('\\')]), [START_FIRST[1]]);
});
