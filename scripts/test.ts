// `npm test`: every test, by layer (tests/unit, tests/integration, tests/e2e), in Node's test
// runner. The e2e layer and the files that import tests/helpers/built-site.ts read one built
// site: it is built once here (against the embedded reference server on a random port), unless
// SKIP_SITE_BUILD=1 and public/ already exists; the runner of the other files starts before
// the build has ended (a file that reads the site waits for it: tests/helpers/site-ready.ts),
// the e2e files' own runner once it has.
// docs/reliability.md, "How the suite is laid out".
//
//   npm test                    typecheck, ESLint, Prettier and the site build side by side; all layers once the checks pass
//   npm test -- unit            only tests/unit (any layer names, folders or file paths work)
//   npm test -- --changed       the test files changed since main, and those importing a changed module
//   npm test -- --list [...]    only print the files that would run
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs, { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MARK, killGroup, marked } from '../tests/helpers/processes';
import { integrationBundles, startFirst } from './test-bundles';
import { TEST_SITE_REVIEWS } from '../server/seed/sizes';

const root = resolve(__dirname, '..');
const args = process.argv.slice(2);
const layers = ['unit', 'integration', 'e2e'];

function find(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return find(p);
    return /\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/**
 * `--changed` (a developer's quick loop; CI runs everything): the test files changed since the
 * branch left main (committed or not), and those that import a changed module, by its name.
 */
function changedTests(): string[] {
  const git = (...a: string[]) =>
    spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const base = git('merge-base', 'HEAD', process.env.TEST_BASE ?? 'main')[0] ?? 'HEAD';
  const changed = [
    ...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')]),
  ]
    .filter((f) => /\.(tsx?|mjs|cjs|js|json)$/.test(f) && existsSync(join(root, f)))
    .map((f) => join(root, f));
  const all = layers.flatMap((l) => find(join(root, 'tests', l)));
  const names = changed
    .filter((f) => !/\.test\.tsx?$/.test(f))
    .map((f) =>
      f
        .replace(/\.(tsx?|mjs|cjs|js)$/, '')
        .split('/')
        .slice(-2)
        .join('/'),
    );
  return all.filter((t) => {
    if (changed.includes(t)) return true;
    const text = fs.readFileSync(t, 'utf8');
    return names.some((n) => text.includes(`${n}'`));
  });
}

const changedOnly = args.includes('--changed');
const listOnly = args.includes('--list');
const named = args.filter((a) => a !== '--changed' && a !== '--list');
const selected = named.length ? named : changedOnly ? [] : layers;
// A layer name, a folder (every test file under it) or a file.
const files = (changedOnly ? changedTests() : [])
  .concat(
    selected.flatMap((a) =>
      layers.includes(a)
        ? find(join(root, 'tests', a))
        : existsSync(resolve(a)) && statSync(resolve(a)).isDirectory()
          ? find(resolve(a))
          : [resolve(a)],
    ),
  )
  .sort();
if (changedOnly || listOnly)
  console.log(`${files.length} test file(s):\n  ${files.map((f) => relative(root, f)).join('\n  ')}`);
if (listOnly) process.exit(0);
if (!files.length) {
  console.error('No test files matched', selected.join(' '));
  process.exit(1);
}

// Every process of this run carries this mark (tests/helpers/processes.ts).
const run = randomUUID();

/**
 * The run's scratch space, TMPDIR of the site build and of every test file (their databases,
 * releases, build workspaces, nginx prefixes, Chromium profiles): a RAM disk when the machine
 * has one with room, else the system's temp dir; `TEST_TMPDIR` chooses another. On this
 * project's CI disk, removing one copy of the built site (4,127 files, 3,981 folders) takes 13 s
 * and copying it 6 s; on /dev/shm 0.3 s and 1 s (docs/reliability.md, "Where the time went, and what changed").
 * Removed after the run.
 */
function scratchRoot(): string {
  if (process.env.TEST_TMPDIR) return process.env.TEST_TMPDIR;
  try {
    const s = fs.statfsSync('/dev/shm');
    // Room for the run's peak (a few GB: gatsby build workspaces, releases) with a margin.
    if (s.bavail * s.bsize >= 8 * 2 ** 30) {
      fs.accessSync('/dev/shm', fs.constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // No RAM disk here: the system's temp dir.
  }
  return os.tmpdir();
}
const scratch = fs.mkdtempSync(join(scratchRoot(), 'npm-test-'));
process.env.TMPDIR = scratch;
// Every `gatsby build` of the run (the shared site, the build tests' small sites) with one
// worker: gatsby-config.ts's default on a small machine, cores + 1 (two workers on two cores),
// is for the 10,000-review builds of the bench. A 20-review build took 84.6 CPU s with one
// worker against 107.8 with two, and no more wall time on a quiet machine (docs/reliability.md).
// A caller's GATSBY_CPU_COUNT wins.
process.env.GATSBY_CPU_COUNT ??= '2';
// A server a test starts on an empty database without saying how many reviews seeds the test
// suite's data set (500), not the demo's (server/seed/sizes.ts); a caller's SEED_REVIEWS wins.
process.env.SEED_REVIEWS ??= String(TEST_SITE_REVIEWS);
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));

// The shared built site (tests/helpers/built-site.ts): the e2e files and every file that
// imports that module read it.
const needsSite = files.some(
  (f) =>
    f.includes(`${join('tests', 'e2e')}`) ||
    (existsSync(f) && fs.readFileSync(f, 'utf8').includes('helpers/built-site')),
);
const buildSite = needsSite && !(process.env.SKIP_SITE_BUILD === '1' && existsSync(join(root, 'public', 'index.html')));

interface Step {
  what: string;
  command: string;
  args: string[];
  /** Printed when it fails. */
  hint: string;
  env?: NodeJS.ProcessEnv;
  /** A step this one starts after (once it has succeeded). */
  after?: Step;
}
/** A script of package.json (the one definition of each check). */
const npmRun = (script: string) => ({ command: 'npm', args: ['run', '--silent', script] });
const steps: Step[] = [];
/**
 * TEST_NPM_REBUILD=1 (.ci/run, after `npm ci --ignore-scripts`): the packages' install scripts
 * run here, beside the checks, which need none of them. Of the 4-7 minutes `npm ci` took on
 * CI, about 2 (on a quiet machine) were better-sqlite3's compile, one C file on one core while
 * the other idled; .ci/run now compiles it beside `npm ci` and hands it over as a local
 * prebuild, which this step unpacks. The site build and the tests wait for it (SQLite,
 * patch-package's patches).
 */
const rebuild: Step | undefined =
  process.env.TEST_NPM_REBUILD === '1'
    ? {
        what: "the packages' install scripts (npm rebuild: better-sqlite3, patch-package)",
        command: 'npm',
        args: ['rebuild', '--foreground-scripts'],
        hint: ' (npm ci without --ignore-scripts shows the same failure)',
        env: { JOBS: 'max' },
      }
    : undefined;
if (rebuild) steps.push(rebuild);
// The whole run checks types and lint: a failure there fails CI in about a minute.
if (!args.length)
  steps.push(
    { what: 'npm run typecheck', ...npmRun('typecheck'), hint: '' },
    { what: 'npm run lint:eslint', ...npmRun('lint:eslint'), hint: ' (npm run format fixes what it can)' },
    { what: 'npm run lint:prettier', ...npmRun('lint:prettier'), hint: ' (npm run format fixes it)' },
  );
/**
 * Written when the shared site is built: the files that read it wait for it at import
 * (TEST_SITE_READY, tests/helpers/site-ready.ts), the others run beside the build.
 */
const siteReady = join(scratch, 'site-ready');
/** Writes the mark whole (a reader never sees it half-written): empty when built, else why not. */
function markSite(why = ''): void {
  fs.writeFileSync(`${siteReady}.partial`, why);
  fs.renameSync(`${siteReady}.partial`, siteReady);
}
const siteStep: Step | undefined = buildSite
  ? {
      what: 'the shared site for the e2e tests and its other readers (scripts/build-site.ts)',
      command: process.execPath,
      args: ['--import', 'tsx', join(root, 'scripts', 'build-site.ts')],
      hint: ': the tests that read the built site cannot run',
      env: { GATSBY_TELEMETRY_DISABLED: '1', [MARK]: run },
      after: rebuild,
    }
  : undefined;
if (siteStep) steps.push(siteStep);

/**
 * Runs the steps side by side (each is CPU-bound and mostly single-threaded: one after another
 * they left a core idle), each in its own process group, and calls `ready` once every step but
 * the site's build is done: the test files start beside the build, those that read the site
 * waiting for it (tests/helpers/site-ready.ts). Not sooner: the install scripts must be done
 * (SQLite, patch-package's patches), and the files that build a site, which start first, are
 * minutes under their 10-minute limit beside two hogs (deferred-reviews 440-487 s), not room
 * for three more processes (the checks) beside them. The first failure ends the others, the
 * test files, and the run. Resolves when all are done.
 */
const children = new Set<ChildProcess>();
/** Called once the shared site is built (its step succeeded). */
let siteBuilt: () => void = () => undefined;
/** Resolves once the shared site is built; never when its build fails (the run then ends). */
const whenSiteBuilt = new Promise<void>((done) => (siteBuilt = done));
function runSteps(ready: () => void): Promise<void> {
  let before = steps.filter((s) => s !== siteStep).length;
  if (!before) ready();
  const waiting = new Map<Step, Step[]>();
  for (const step of steps) if (step.after) waiting.set(step.after, [...(waiting.get(step.after) ?? []), step]);
  return new Promise<void>((done) => {
    let left = steps.length;
    if (!left) return done();
    for (const step of steps) if (!step.after) start(step);
    function start(step: Step) {
      console.log(`${step.what} ...`);
      const t = Date.now();
      const child = spawn(step.command, step.args, {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...step.env },
      });
      children.add(child);
      let out = '';
      child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
      child.on('close', (code, signal) => {
        children.delete(child);
        if (out.trim()) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
        if (code !== 0) {
          console.error(`${step.what} failed (${signal ?? `exit ${code}`})${step.hint}.`);
          abort(`${step.what} failed`, code || 1);
          return;
        }
        console.log(`${step.what}: done in ${Math.round((Date.now() - t) / 1000)} s.`);
        if (step === siteStep) {
          markSite();
          siteBuilt();
        } else if (--before === 0) ready();
        for (const next of waiting.get(step) ?? []) start(next);
        if (--left === 0) done();
      });
    }
  });
}

const FILE_LIMIT_MS = Number(process.env.TEST_FILE_LIMIT_MS) || 600_000;
/**
 * Test files run at once (TEST_CONCURRENCY): 3 on this project's 2-core machines. A file spends
 * much of its time waiting (a browser's idle period, a prefetch batch's 3 s, a server's answer):
 * with 2 at once a quiet run left the cores idle 45 % of the time (1,719 CPU s in 1,608 s). Four
 * at once beside two CPU hogs failed both times: c882e79 was no faster and starved runtime.test
 * of idle periods; 158ae0f (each file in its own session) failed the two files that build a
 * site, which start first and share the first minutes with the shared site's build and the
 * bundles: with two bundles beside them instead of one, builds.test failed at 545 s and
 * deferred-reviews was cancelled at its 600 s limit. docs/reliability.md, "fifth session".
 */
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY) || 3;
/**
 * The e2e files (TEST_E2E_CONCURRENCY at once) run in a runner of their own, started once the
 * shared site is built, when this run builds it, and once the files started first (the two that
 * build a site several times) are done. They read the site, so in one runner with the others
 * they could only start once it was built (each waiting at import took a slot), and from then
 * on took the three slots, at about a quarter of a core each: a clean-clone run beside two CPU
 * hogs used 1,120 CPU s in 4,414 s of their files' wall time, waiting on the browser, the
 * network and idle periods (docs/reliability.md, "Two runners"). Started as soon as the site was
 * built, four of them beside those two builds (a CI run that built the site in 90 s) made
 * builds.test fail at 547 s and deferred-reviews run into its 600 s limit: the files started
 * first have a runner of their own, and until they are done only the one slot of the other
 * files' runner runs beside them, as in one runner of three.
 */
const E2E_CONCURRENCY = Number(process.env.TEST_E2E_CONCURRENCY) || 4;

/**
 * Test files that share a process, when the run selects their layer by name (`npm test`, `npm
 * test -- unit`, `npm test -- integration`): a generated file imports each member in turn, and
 * the runner runs it as one file. Each file's process costs a start (Node, tsx, the modules it
 * imports again: Fastify, SQLite, Ajv) of 1 to 2 CPU s beside a few seconds of test.
 * - tests/unit: every file, one process (82 files; 36 CPU s against 88 as 82 processes).
 * - tests/integration: the files of each folder, a few at a time, but for those that keep a
 *   process of their own (scripts/test-bundles.ts).
 * Named files and folders, and `--changed`, still run one process each. Node 20's runner
 * starts the files in the order of their paths (it sorts them): the scratch folder (/dev/shm,
 * /tmp) comes before a checkout under /work or /home, so the bundles run beside the first e2e
 * files. The two files that build a site two times or more start before everything (START_FIRST,
 * scripts/test-bundles.ts), the others that build keep their path order: an earlier try with
 * three builds at once at the start ran into their deadlines on a busy machine.
 */
/** Each generated file and what the summary calls it. */
const bundles: Array<{ file: string; label: string }> = [];
const layerDir = (layer: string) => join(root, 'tests', layer) + '/';
function bundle(
  name: string,
  label: string,
  members: string[],
  note = `${members.length} files in one process`,
): string {
  const file = join(scratch, `tests-${name}.test.ts`);
  fs.writeFileSync(
    file,
    `// ${label}: these files in one process (scripts/test.ts).\n${members.map((f) => `import ${JSON.stringify(pathToFileURL(f).href)};`).join('\n')}\n`,
  );
  bundles.push({ file, label: `${label} (${note})` });
  return file;
}

/** The runner's files that start before all others (START_FIRST's, one file each). */
const startedFirst = new Set<string>();
function runnerFiles(): string[] {
  if (changedOnly) return files;
  const byLayer = (layer: string) => !named.length || named.includes(layer);
  const out: string[] = [];
  const inBundle = new Set<string>();
  const units = files.filter((f) => f.startsWith(layerDir('unit')));
  if (byLayer('unit') && units.length > 1) {
    out.push(bundle('unit', 'tests/unit', units));
    for (const f of units) inBundle.add(f);
  }
  if (byLayer('integration')) {
    // The files that build a site start first: a one-line file of their own in the scratch
    // folder, which the runner's path order puts before the checkout (scripts/test-bundles.ts).
    startFirst(files.map((f) => relative(root, f))).forEach((rel, i) => {
      const f = join(root, rel);
      const file = bundle(`0-first-${i}`, rel, [f], 'started first');
      out.unshift(file);
      startedFirst.add(file);
      inBundle.add(f);
    });
    const integration = files
      .filter((f) => f.startsWith(layerDir('integration')))
      .map((f) => ({ file: f, folder: relative(root, join(f, '..')), text: fs.readFileSync(f, 'utf8') }));
    for (const g of integrationBundles(integration)) {
      out.push(bundle(g.name, g.label, g.members));
      for (const f of g.members) inBundle.add(f);
    }
  }
  return [...out, ...files.filter((f) => !inBundle.has(f))];
}

/** The runners (each its own process group), while they run. */
const runners = new Set<ChildProcess>();

/**
 * Ends the run early (a failed step, a Ctrl-C): the steps' groups, then the runner's. A file
 * waiting for the site stops waiting and fails with `why` (site-ready.ts).
 */
function abort(why: string, code: number): void {
  for (const c of children) if (c.pid) killGroup(c.pid);
  if (buildSite) markSite(why);
  void stopTests().then(() => process.exit(code));
}

/**
 * Ends the runner: SIGTERM to its group (each file's preload then ends the processes it
 * started, tests/helpers/preload.ts), up to 30 s to go, then what is left of the run.
 */
async function stopTests(): Promise<void> {
  const running = [...runners].filter((r) => r.pid && r.exitCode === null && r.signalCode === null);
  if (!running.length) return;
  const exited = Promise.all(running.map((r) => new Promise<void>((done) => r.once('exit', () => done()))));
  for (const r of running) killGroup(r.pid!, 'SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, 30_000).unref())]);
  for (const p of marked(run)) if (!killGroup(p.pid)) killGroup(-p.pid);
}

/**
 * The runners over the selected files: the files started first and the others' once the checks
 * and the install scripts are done (the shared site's build goes on beside them), the e2e files'
 * once the site is built and the files started first are done (E2E_CONCURRENCY); then, once
 * all is done, the orphan check and the summary; exits.
 */
async function runTests() {
  // A test that hangs (a browser stalled on a busy machine) fails after 10 minutes instead of
  // stalling the run. Node applies the limit to each test file as a whole too (process
  // isolation): at the limit it sends the file SIGTERM and reports it "cancelled", which this
  // script counts as failed (below). Tests derive their own deadlines from the same number
  // (TEST_FILE_LIMIT_MS, tests/helpers/deadline.ts) so a slow wait fails with a message first.
  // --test-force-exit: a file whose tests have all finished exits even if a handle (a browser
  // or server a failed test left open) would keep it alive; its results are reported either way.
  // tests/helpers/preload.ts (in every file's process) marks each process the file starts and
  // ends what is left of them when the file exits or is cancelled; the check after the run
  // fails it when any process of the run outlived it.
  const out = fs.mkdtempSync(join(os.tmpdir(), 'npm-test-'));
  const cpuDir = join(out, 'cpu');
  fs.mkdirSync(cpuDir);
  const started = Date.now();
  const all = runnerFiles();
  // The files started first in a runner of their own; the e2e files in another once the site is
  // built and those are done (E2E_CONCURRENCY), when this run builds the site; the rest in one
  // runner of the slots the first files leave (all of them when there are none).
  const first = all.filter((f) => startedFirst.has(f));
  const e2e = buildSite ? all.filter((f) => f.startsWith(layerDir('e2e'))) : [];
  const others = all.filter((f) => !e2e.includes(f) && !startedFirst.has(f));
  const summaries: string[] = [];
  const runner = (which: string[], concurrency: number): Promise<number> => {
    const summaryFile = join(out, `files-${summaries.length}.jsonl`);
    summaries.push(summaryFile);
    const child = spawn(
      process.execPath,
      [
        // First: each file's process starts the file again in a session of its own (on Linux;
        // TEST_OWN_SESSION=1 keeps every file in the runner's session).
        '--import',
        pathToFileURL(join(root, 'tests', 'helpers', 'own-session.mjs')).href,
        '--import',
        'tsx',
        '--import',
        pathToFileURL(join(root, 'tests', 'helpers', 'preload.ts')).href,
        '--test',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        `--test-reporter=${pathToFileURL(join(root, 'scripts', 'test-summary.mjs')).href}`,
        '--test-reporter-destination=/dev/null',
        `--test-concurrency=${concurrency}`,
        `--test-timeout=${FILE_LIMIT_MS}`,
        '--test-force-exit',
        ...which,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        detached: true,
        env: {
          ...process.env,
          GATSBY_TELEMETRY_DISABLED: '1',
          TZ: process.env.TZ ?? 'UTC',
          [MARK]: run,
          TEST_FILE_LIMIT_MS: String(FILE_LIMIT_MS),
          TEST_CPU_DIR: cpuDir,
          TEST_SUMMARY_FILE: summaryFile,
          ...(buildSite ? { TEST_SITE_READY: siteReady } : {}),
        },
      },
    );
    runners.add(child);
    return new Promise<number>((done) => child.on('exit', (code) => done(code ?? 1)));
  };
  const firstDone = first.length ? runner(first, first.length) : Promise.resolve(0);
  const statuses = await Promise.all([
    firstDone,
    others.length ? runner(others, Math.max(1, CONCURRENCY - first.length)) : 0,
    e2e.length ? Promise.all([whenSiteBuilt, firstDone]).then(() => runner(e2e, E2E_CONCURRENCY)) : 0,
  ]);
  const status = statuses.find((s) => s !== 0) ?? 0;
  const wallS = Math.round((Date.now() - started) / 1000);
  // The site's build, on a run whose files did not need to wait for it, ends first.
  await stepsDone;
  let failed = status !== 0;

  // Every process the run started carries its mark: any left now is an orphan (a build or a
  // browser a file could not end). Named, ended, and the run fails.
  // The runner does not wait for a file it cancelled to exit: that file's preload may still be
  // ending its processes, so they get 30 s to go before what is left counts as orphaned.
  let orphans = marked(run);
  for (const end = Date.now() + 30_000; orphans.length && Date.now() < end; orphans = marked(run))
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  if (orphans.length) {
    failed = true;
    console.error(`\n${orphans.length} process(es) of this run outlived it (now ended), so the run fails:`);
    for (const p of orphans) console.error(`  pid ${p.pid} (parent ${p.ppid}, group ${p.pgid}): ${p.cmd}`);
    for (const p of orphans) if (!killGroup(p.pid)) killGroup(-p.pid); // its group if it leads one, else itself
  } else console.log('No process of this run is left running.');
  if (!summarize(summaries, cpuDir, wallS, started)) failed = true;

  fs.rmSync(out, { recursive: true, force: true });
  process.exit(failed ? status || 1 : 0);
}

/**
 * The run's summary after the runner's own: files cancelled at the limit (counted as failed),
 * files that left processes for the preload to end, and the files that took the most time.
 * Returns whether every file passed.
 */
function summarize(summaryPaths: string[], cpuPath: string, wall: number, started: number): boolean {
  interface FileLine {
    file: string;
    ms: number;
    ok: boolean;
    timedOut: boolean;
    pass: number;
    fail: number;
    cancelled: number;
  }
  interface Cpu {
    file: string;
    selfCpuMs: number;
    childrenCpuMs: number;
    wallMs: number;
    /** When the file's process exited (Date.now()); with wallMs, when it started. */
    endedAt?: number;
    cause: string;
    ended: string[];
  }
  const lines: FileLine[] = summaryPaths
    .filter((f) => fs.existsSync(f))
    .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as FileLine);
  const cpu = new Map<string, Cpu>();
  for (const f of fs.readdirSync(cpuPath)) {
    const c = JSON.parse(fs.readFileSync(join(cpuPath, f), 'utf8')) as Cpu;
    cpu.set(c.file, c);
  }
  const rel = (f: string) => bundles.find((b) => b.file === f)?.label ?? relative(root, f);
  const cancelled = lines.filter((l) => l.timedOut);
  console.log(`\nnpm test: ${files.length} files in ${wall} s.`);
  if (cancelled.length) {
    console.error(
      `${cancelled.length} file(s) cancelled at the ${FILE_LIMIT_MS / 1000} s limit, counted as failed (their tests did not run to the end):`,
    );
    for (const l of cancelled) console.error(`  ${rel(l.file)} (${Math.round(l.ms / 1000)} s)`);
  }
  const bad = lines.filter((l) => !l.ok && !l.timedOut).map((l) => rel(l.file));
  if (bad.length) console.error(`${bad.length} file(s) failed: ${bad.join(', ')}`);
  // tsx's esbuild service is every file's child: ended at exit, not a leak.
  for (const c of cpu.values()) c.ended = c.ended.filter((cmd) => !/esbuild --service/.test(cmd));
  const leaky = [...cpu.values()].filter((c) => c.ended.length);
  if (leaky.length) {
    console.log('Processes a file left running, ended when it exited (tests/helpers/preload.ts):');
    for (const c of leaky)
      console.log(`  ${rel(c.file)} (${c.cause}): ${c.ended.length}, e.g. ${c.ended[0].slice(0, 120)}`);
  }
  const rows = [...cpu.values()].sort((a, b) => b.selfCpuMs + b.childrenCpuMs - (a.selfCpuMs + a.childrenCpuMs));
  const total = rows.reduce((s, c) => s + c.selfCpuMs + c.childrenCpuMs, 0);
  console.log(
    `CPU time of the test files: ${Math.round(total / 1000)} s; the most (CPU s = file + its children, wall s, when it started in the run):`,
  );
  for (const c of rows.slice(0, Number(process.env.TEST_SUMMARY_FILES) || 12))
    console.log(
      `  ${String(Math.round((c.selfCpuMs + c.childrenCpuMs) / 1000)).padStart(5)} = ${Math.round(c.selfCpuMs / 1000)} + ${Math.round(c.childrenCpuMs / 1000)}, ${Math.round(c.wallMs / 1000)} s wall${c.endedAt ? ` from ${Math.round((c.endedAt - c.wallMs - started) / 1000)} s` : ''}  ${rel(c.file)}`,
    );
  return !cancelled.length && !bad.length;
}

// The run: the steps, and the runner once the install scripts are done.
const stepsDone = runSteps(() => void runTests());
// The steps and the runner lead process groups of their own (so that a failure can end each
// with all it started): a Ctrl-C or a CI's cancel reaches this process only, which ends them.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => abort(`npm test got ${sig}`, 130));
