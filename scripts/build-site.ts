// Builds the site for the e2e tests from a fresh demo database (var/test/storefront.sqlite,
// default size and seed), so the tests never depend on a developer's local data.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { markBuilt } from './site-freshness';

const root = path.resolve(__dirname, '..');
export const TEST_DB = path.join(root, 'var', 'test', 'storefront.sqlite');

for (const f of [TEST_DB, `${TEST_DB}-wal`, `${TEST_DB}-shm`]) fs.rmSync(f, { force: true });
// Built in a zone on another continent: dates must still come out in China Standard Time.
const env: NodeJS.ProcessEnv = { ...process.env, DB_FILE: TEST_DB, GATSBY_TELEMETRY_DISABLED: '1', TZ: process.env.BUILD_TZ ?? 'America/New_York' };
delete env.STOREFRONT_API_URL; // the build starts the embedded server on this database
const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'gatsby', 'cli.js'), 'build', '--prefix-paths'], { cwd: root, stdio: 'inherit', env });
if (r.status !== 0) process.exit(r.status ?? 1);
markBuilt(root);
