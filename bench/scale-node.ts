// Child process of bench/scale-site.ts: the reference API on DB_FILE and, when SITE_DIR is set,
// the site from it with deferred reviews rendered by RENDER_ROOT's page-SSR bundle (the site
// copy that built SITE_DIR) and kept under KEPT_ROOT, as `npm start` registers it. A process of
// its own so the load generator never shares its event loop. Prints URL=<url> once listening.
import { registerSite } from '../server/site';
import { startServer } from '../server/start';

async function main() {
  const site = process.env.SITE_DIR;
  const server = await startServer({
    dbFile: process.env.DB_FILE,
    mediaDir: process.env.MEDIA_DIR,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    configure: site
      ? (app) =>
          registerSite(app, site, {
            render: { renderRoot: process.env.RENDER_ROOT!, keptRoot: process.env.KEPT_ROOT! },
          })
      : undefined,
  });
  process.stdout.write(`URL=${server.url}\n`);
  const stop = () => void server.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
