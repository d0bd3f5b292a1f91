// One more site-server node behind nginx (issue 24, docs/deploy.md "nginx and several nodes"):
// the reference API and the site from the releases on the shared volume, without builds. The
// editor node (`npm start`, SITE_RELEASES_DIR on the same volume) builds and publishes; every
// node serves <SITE_RELEASES_DIR>/current, which a publish switches atomically for all of them.
//
//   SITE_RELEASES_DIR=/srv/review/var/site DB_FILE=... HOST=0.0.0.0 PORT=8000 TRUST_PROXY=<nginx address> \
//     node --import tsx deploy/node.ts
//
// Prints `listening on <url>` once it accepts requests. SIGTERM closes it (requests in flight end).
import path from 'node:path';
import { logSettings } from '../server/logging';
import { registerSite } from '../server/site';
import { registerDeploy } from '../server/deploy';
import { startServer } from '../server/start';

async function main() {
  const releasesRoot = path.resolve(process.env.SITE_RELEASES_DIR ?? path.join(__dirname, '..', 'var', 'site'));
  const server = await startServer({
    ...logSettings(),
    editorToken: process.env.EDITOR_TOKEN || undefined,
    configure: async (app) => {
      await registerSite(app, path.join(releasesRoot, 'current'));
      registerDeploy(app, { releasesRoot });
    },
  });
  console.log(`listening on ${server.url}`);
  const stop = () => void server.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
