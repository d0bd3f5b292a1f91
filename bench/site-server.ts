// Child process of bench/site-load.ts: the site server alone (serveSite over SITE_DIR, as
// `npm start` registers it) on a random loopback port. SERVE_SITE picks the module that
// exports serveSite (default server/site/serve-site.ts), so an older copy can be measured in
// the same conditions. Prints URL=<url> once listening.
import path from 'node:path';
import Fastify from 'fastify';
import type { serveSite as ServeSite } from '../server/site/serve-site';

async function main() {
  const modulePath = path.resolve(
    process.env.SERVE_SITE ?? path.join(__dirname, '..', 'server', 'site', 'serve-site.ts'),
  );
  const { serveSite } = (await import(modulePath)) as { serveSite: typeof ServeSite };
  const app = Fastify({ logger: false });
  await serveSite(app, { siteDir: process.env.SITE_DIR ?? path.join(__dirname, '..', 'public') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  process.stdout.write(`URL=http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}\n`);
  const stop = () => {
    void app.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
