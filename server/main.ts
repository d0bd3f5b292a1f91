// `npm run server` (tsx server/main.ts): the reference storefront API on HOST:PORT
// (default 127.0.0.1:8000), data in DB_FILE (default var/storefront.sqlite, seeded when empty
// with 500 reviews, seed 42), media cache in MEDIA_DIR (default var/media), pino logs.
import { startServer } from './start';

export { startServer, ensureSeeded } from './start';
export type { StartOptions, RunningServer } from './start';

async function main() {
  const server = await startServer({ logger: { level: process.env.LOG_LEVEL || 'info' } });
  server.app.log.info(`storefront API at ${server.url}/api (categories: ${server.app.catalogue.file})`);
  const stop = async (signal: string) => {
    server.app.log.info(`${signal}: closing`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
