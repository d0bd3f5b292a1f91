// `npm start`: the reference API (seeded on first run) and the built site on one origin,
// http://127.0.0.1:8000/review/ (PORT and HOST change it). The site is built first when it
// is missing or older than its sources; `npm start -- --rebuild` forces a build (for example
// after `npm run seed`).
//
// Gatsby builds in public/ of the work tree, which is never served: a finished build is
// published into var/site/releases/<id>/ and var/site/current is switched to it in one step
// (publish/releases.ts), so visitors never see a half-written build, and a failed build
// publishes nothing (the current release stays). SITE_RELEASES_DIR moves var/site.
//
// Builds (the startup one when the site is stale or --rebuild, the editors' and back office's)
// run one at a time through the build queue (server/builds/, docs/site-server.md "Builds").
//
// The editors' API (/editor/api, server/editor/) takes `Authorization: Bearer <EDITOR_TOKEN>`;
// when EDITOR_TOKEN is unset a token is generated for this run and printed once here (stdout,
// never the log).
import fs from 'node:fs';
import path from 'node:path';
import { announce, startServer, type RunningServer } from '../server/main';
import { logSettings } from '../server/logging';
import { registerSite } from '../server/site';
import { registerDeploy } from '../server/deploy';
import { currentRelease } from '../publish/releases';
import { publish } from '../publish/release-files';
import { checkReleasesState } from '../publish/check-state';
import { StartupProblems } from '../server/startup-problems';
import { generateToken } from '../server/editor/token';
import { BuildHistory } from '../server/builds/history';
import { BuildQueue } from '../server/builds/queue';
import { gatsbyRunner } from '../server/builds/gatsby-runner';
import { markBuilt, siteIsStale } from './site-freshness';
import { getMeta } from '../server/db/open';
import { homePath, withPrefix } from '../src/paths';

const root = path.resolve(__dirname, '..');
const publicDir = path.join(root, 'public');
const releasesRoot = path.resolve(root, process.env.SITE_RELEASES_DIR ?? path.join('var', 'site'));

async function main() {
  const givenToken = process.env.EDITOR_TOKEN;
  const editorToken = givenToken || generateToken();
  // Every build goes through the one queue (server/builds/): the startup build, the editors'
  // triggers, takedowns and the back office. The server is known once it listens.
  let server: RunningServer | null = null;
  // Corrupted state (issue 25, F12): repaired where safe, said on the console and in the log.
  const problems = new StartupProblems();
  await checkReleasesState(releasesRoot, problems.report);
  const builds = new BuildQueue(
    new BuildHistory(releasesRoot, Date.now, problems.report),
    gatsbyRunner({
      root,
      releasesRoot,
      apiUrl: () => server!.url,
      excluded: () => server!.app.repos.takedowns.list(),
      onPublished: () => markBuilt(root, getMeta(server!.app.db, 'seed_params') ?? null),
    }),
  );
  server = await startServer({
    editorToken,
    builds,
    // Quiet by default (warn); LOG_LEVEL=info for a line per request, LOG_FILE for a capped file.
    ...logSettings(),
    configure: async (app) => {
      await registerSite(app, path.join(releasesRoot, 'current'));
      // For nginx and a CDN in front (docs/deploy.md): takedown files, the purge hook.
      registerDeploy(app, { releasesRoot });
    },
  });
  problems.attach(server.app.log);
  const fresh = siteIsStale(root, getMeta(server.app.db, 'seed_params') ?? null);
  // A work tree built before releases existed (or a fresh var/): its build is the first release,
  // unless it was built from another data set (the tests' own): then the rebuild below is the first.
  if (!currentRelease(releasesRoot) && fresh.dataMatches && fs.existsSync(path.join(publicDir, 'index.html'))) {
    // Linked, not copied: every build in this work tree runs with the workspace guard.
    await publish(publicDir, releasesRoot, { link: true }).then(
      (r) => {
        const line = `published the existing build in public/ as release ${r.id} (${r.files} files)`;
        console.log(line);
        // In the history too: the editor console shows what is served and can serve it again.
        builds.adopt('startup', r.id, [line]);
      },
      (e: Error) => server!.app.log.error(`publishing public/ failed: ${e.message}`),
    );
  }
  const site = `${server.url}${withPrefix(homePath())}`;
  if (process.argv.includes('--rebuild') || fresh.stale) {
    console.log(
      `building the site (${process.argv.includes('--rebuild') ? '--rebuild' : fresh.reason}); the API is already up at ${server.url}/api`,
    );
    const b = await builds.finished(builds.trigger('startup', null).id);
    if (b.status === 'published') console.log(`published build ${b.id} as release ${b.releaseId}`);
    else
      server.app.log.error(
        `site build ${b.id} failed: ${b.error}; serving the API and the current release (log: GET /editor/api/builds/${b.id})`,
      );
  }
  announce([
    `海淘晒单 is running: open ${site}`,
    `API at ${server.url}/api`,
    `editor console at ${server.url}/editor/ (builds, rollback, takedowns)`,
    givenToken
      ? "editors' API at /editor/api (token: EDITOR_TOKEN)"
      : `editors' API at /editor/api, token for this run (set EDITOR_TOKEN to choose one): ${editorToken}`,
  ]);
  const stop = () => {
    void builds
      .close()
      .then(() => server!.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
