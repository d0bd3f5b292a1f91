// `npm start`: the reference API (seeded on first run) and the built site on one origin,
// http://127.0.0.1:8000/review/ (PORT and HOST change it). The site is built first when it
// is missing or older than its sources; `npm start -- --rebuild` forces a build (for example
// after `npm run seed`).
//
// Gatsby builds in public/ of the work tree, which is never served: a finished build is
// published into var/site/releases/<id>/ and var/site/current is switched to it in one step
// (server/publish/releases.ts), so visitors never see a half-written build, and a failed build
// publishes nothing (the current release stays). SITE_RELEASES_DIR moves var/site.
//
// The editors' API (/editor/api, server/editor/) takes `Authorization: Bearer <EDITOR_TOKEN>`;
// when EDITOR_TOKEN is unset a token is generated for this run and printed once here (stdout,
// never the log).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { announce, startServer } from '../server/main';
import { logSettings } from '../server/logging';
import { registerSite } from '../server/site';
import { currentRelease, publish } from '../server/publish/releases';
import { generateToken } from '../server/editor/token';
import { markBuilt, siteIsStale } from './site-freshness';
import { homePath, withPrefix } from '../src/paths';

const root = path.resolve(__dirname, '..');
const publicDir = path.join(root, 'public');
const releasesRoot = path.resolve(root, process.env.SITE_RELEASES_DIR ?? path.join('var', 'site'));

async function publishBuild(why: string): Promise<void> {
  const r = await publish(publicDir, releasesRoot);
  console.log(
    `published ${why} as release ${r.id}: ${r.files} files (${r.copied} copied, ${r.linked} unchanged and linked) in ${r.ms} ms`,
  );
}

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
  const givenToken = process.env.EDITOR_TOKEN;
  const editorToken = givenToken || generateToken();
  const server = await startServer({
    editorToken,
    // Quiet by default (warn); LOG_LEVEL=info for a line per request, LOG_FILE for a capped file.
    ...logSettings(),
    configure: (app) => registerSite(app, path.join(releasesRoot, 'current')),
  });
  // A work tree built before releases existed (or a fresh var/): its build is the first release.
  if (!currentRelease(releasesRoot) && fs.existsSync(path.join(publicDir, 'index.html'))) {
    await publishBuild('the existing build in public/').catch((e: Error) =>
      server.app.log.error(`publishing public/ failed: ${e.message}`),
    );
  }
  const site = `${server.url}${withPrefix(homePath())}`;
  const fresh = siteIsStale(root);
  if (process.argv.includes('--rebuild') || fresh.stale) {
    console.log(
      `building the site (${process.argv.includes('--rebuild') ? '--rebuild' : fresh.reason}); the API is already up at ${server.url}/api`,
    );
    try {
      await build(server.url);
      await publishBuild('the new build');
      markBuilt(root);
    } catch (e) {
      server.app.log.error(
        `site build or publish failed: ${(e as Error).message}; serving the API and the current release`,
      );
    }
  }
  announce([
    `海淘晒单 is running: open ${site}`,
    `API at ${server.url}/api`,
    givenToken
      ? "editors' API at /editor/api (token: EDITOR_TOKEN)"
      : `editors' API at /editor/api, token for this run (set EDITOR_TOKEN to choose one): ${editorToken}`,
  ]);
  const stop = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
