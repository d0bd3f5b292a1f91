// `npm start`: the reference API (seeded on first run) and the built site on one origin,
// http://127.0.0.1:8000/review/ (PORT and HOST change it). The site is built first when it
// is missing or older than its sources; `npm start -- --rebuild` forces a build (for example
// after `npm run seed`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { announce, startServer } from '../server/main';
import { logSettings } from '../server/logging';
import { registerSite } from '../server/site';
import { markBuilt, siteIsStale } from './site-freshness';
import { homePath, withPrefix } from '../src/paths';

const root = path.resolve(__dirname, '..');

function build(apiUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const gatsby = path.join(root, 'node_modules', 'gatsby', 'cli.js');
    const child = spawn(process.execPath, [gatsby, 'build', '--prefix-paths'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, STOREFRONT_API_URL: apiUrl, GATSBY_TELEMETRY_DISABLED: '1' },
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`gatsby build exited with code ${code}`))));
  });
}

async function main() {
  const server = await startServer({
    // Quiet by default (warn); LOG_LEVEL=info for a line per request, LOG_FILE for a capped file.
    ...logSettings(),
    configure: (app) => registerSite(app, path.join(root, 'public')),
  });
  const site = `${server.url}${withPrefix(homePath())}`;
  const fresh = siteIsStale(root);
  if (process.argv.includes('--rebuild') || fresh.stale) {
    console.log(`building the site (${process.argv.includes('--rebuild') ? '--rebuild' : fresh.reason}); the API is already up at ${server.url}/api`);
    try {
      await build(server.url);
      markBuilt(root);
    } catch (e) {
      server.app.log.error(`site build failed: ${(e as Error).message}; serving the API and any earlier build`);
    }
  }
  announce([`海淘晒单 is running: open ${site}`, `API at ${server.url}/api`]);
  const stop = () => { void server.close().finally(() => process.exit(0)); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
