// Builds the site for the e2e tests from a fresh demo database (var/test/storefront.sqlite,
// TEST_SITE_REVIEWS reviews, the default seed), so the tests never depend on a developer's local data.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { markBuilt } from './site-freshness';
import { getMeta, openDatabase } from '../server/db/open';
import { TEST_SITE_REVIEWS } from '../server/seed/sizes';

const root = path.resolve(__dirname, '..');
export const TEST_DB = path.join(root, 'var', 'test', 'storefront.sqlite');

for (const f of [TEST_DB, `${TEST_DB}-wal`, `${TEST_DB}-shm`]) fs.rmSync(f, { force: true });
// Built in a zone on another continent: dates must still come out in China Standard Time.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DB_FILE: TEST_DB,
  SEED_REVIEWS: String(TEST_SITE_REVIEWS),
  GATSBY_TELEMETRY_DISABLED: '1',
  TZ: process.env.BUILD_TZ ?? 'America/New_York',
};
delete env.STOREFRONT_API_URL; // the build starts the embedded server on this database
// Gatsby 5 sometimes fails a build with "Couldn't find temp query result for <page>" (a race
// between its query workers and the page-data writer, gatsbyjs/gatsby#35865; seen once here in
// about twenty builds). That one failure is retried once after `gatsby clean`; any other
// failure, or a second one, fails the run.
const TRANSIENT = /Couldn't find temp query result/;
function build() {
  const out = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'gatsby', 'cli.js'), 'build', '--prefix-paths'],
    { cwd: root, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  process.stdout.write(out.stdout ?? '');
  process.stderr.write(out.stderr ?? '');
  return out;
}
let r = build();
if (r.status !== 0 && TRANSIENT.test(`${r.stdout}${r.stderr}`)) {
  console.error(
    '\nbuild-site: Gatsby\'s transient "temp query result" failure (gatsbyjs/gatsby#35865); cleaning .cache and public and building once more.\n',
  );
  for (const d of ['.cache', 'public']) fs.rmSync(path.join(root, d), { recursive: true, force: true });
  r = build();
}
if (r.status !== 0) process.exit(r.status ?? 1);
// The stamp names the data set the site was built from (npm start rebuilds a site built from another).
const db = openDatabase(TEST_DB);
try {
  markBuilt(root, getMeta(db, 'seed_params') ?? null);
} finally {
  db.close();
}
