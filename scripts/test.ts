// `npm test`: every test, by layer (tests/unit, tests/integration, tests/e2e), in one run of
// Node's test runner. The e2e layer needs a built site: it is built once here (against the
// embedded reference server on a random port) before the runner starts, unless
// SKIP_SITE_BUILD=1 and public/ already exists.
//
//   npm test                    typecheck, lint (ESLint + Prettier), then all layers
//   npm test -- unit            only tests/unit (any layer names, folders or file paths work)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

const selected = args.length ? args : layers;
// A layer name, a folder (its test files) or a file.
const files = selected
  .flatMap((a) =>
    layers.includes(a)
      ? find(join(root, 'tests', a))
      : existsSync(a) && statSync(a).isDirectory()
        ? find(resolve(a))
        : [resolve(a)],
  )
  .sort();
if (!files.length) {
  console.error('No test files matched', selected.join(' '));
  process.exit(1);
}

// The whole run checks types and lint first: a failure there fails CI in seconds.
if (!args.length) {
  for (const script of ['typecheck', 'lint']) {
    console.log(`npm run ${script} ...`);
    const c = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
    if (c.status !== 0) {
      console.error(
        `npm run ${script} failed${script === 'lint' ? ' (npm run format fixes what Prettier and ESLint can)' : ''}.`,
      );
      process.exit(c.status ?? 1);
    }
  }
}

const needsSite = files.some((f) => f.includes(`${join('tests', 'e2e')}`));
if (needsSite && !(process.env.SKIP_SITE_BUILD === '1' && existsSync(join(root, 'public', 'index.html')))) {
  console.log('Building the site for the e2e tests (scripts/build-site.ts) ...');
  const b = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-site.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
  });
  if (b.status !== 0) {
    console.error('Site build failed: e2e tests cannot run.');
    process.exit(b.status ?? 1);
  }
}

// A test that hangs (a browser stalled on a busy machine) fails after 10 minutes instead of
// stalling the run. Node applies the limit to each test file as a whole too (process
// isolation), and the largest e2e files take 2-4 minutes with a CPU hog on both cores.
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', '--test-timeout=600000', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', TZ: process.env.TZ ?? 'UTC' } },
);
process.exit(r.status ?? 1);
