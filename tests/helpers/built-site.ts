// The run's one built site, shared (issue 41): `public/` of this tree, built once per `npm test`
// by scripts/build-site.ts from a fresh demo database (var/test/storefront.sqlite, 500 reviews)
// beside the runner (a file that imports this module waits for the build's end, site-ready.ts),
// when any selected file is an e2e test or imports this module.
// Read-only to every test: a test that changes data works on its own copy of the database
// (copyTestDb), a test that serves or rebuilds the site works on its own copy of the sources
// (scripts/site-copy.ts). docs/reliability.md, "How the suite is laid out".
import fs from 'node:fs';
import path from 'node:path';
import { waitForSharedSite } from './site-ready';

export const ROOT = path.resolve(__dirname, '..', '..');
/** The built site (`gatsby build --prefix-paths` of the test database). */
export const PUBLIC_DIR = path.join(ROOT, 'public');
/** The database the site was built from. */
export const TEST_DB = path.join(ROOT, 'var', 'test', 'storefront.sqlite');
/** The demo pictures the database names. */
export const TEST_MEDIA = path.join(ROOT, 'var', 'test', 'media');

// npm test builds the site beside the runner: wait for its end before looking.
waitForSharedSite();
/** Why the shared site cannot be used (false when it can): a test skips with this. */
export const siteMissing =
  !fs.existsSync(path.join(PUBLIC_DIR, 'index.html')) || !fs.existsSync(TEST_DB)
    ? 'no built site (npm test builds it with scripts/build-site.ts before a file that needs it)'
    : false;

/** A consistent private copy of the test database at `file` (better-sqlite3's backup). */
export async function copyTestDb(file: string): Promise<string> {
  const Database = (await import('better-sqlite3')).default;
  const src = new Database(TEST_DB, { readonly: true });
  try {
    await src.backup(file);
  } finally {
    src.close();
  }
  return file;
}
