// `npm run server` (tsx server/main.ts): the reference storefront API on HOST:PORT
// (default 127.0.0.1:8000), data in DB_FILE (default var/storefront.sqlite, seeded when empty
// with SEED_REVIEWS or 1,500 reviews, seed 42), media cache in MEDIA_DIR (default var/media), pino logs quiet by
// default (server/logging.ts: LOG_LEVEL, LOG_REQUESTS, LOG_FILE).
import { logSettings } from './logging';
import { startServer } from './start';

export { startServer, ensureSeeded } from './start';
export type { StartOptions, RunningServer } from './start';

/**
 * Printed at every start (issue 12, item 10): what this server is not. Plain stdout, not the
 * log, so that it shows at any LOG_LEVEL and is the first thing a reader sees.
 */
export function announce(lines: string[]): void {
  const smsCodes =
    process.env.NODE_ENV === 'production'
      ? 'NODE_ENV=production: codes are not logged, so SMS sign-in cannot be completed'
      : 'sign-in codes are written to this log instead (NODE_ENV is not production)';
  console.log(
    [
      '',
      ...lines.map((l) => `  ${l}`),
      '  REFERENCE SERVER for development, demos and tests. It is never a production SMS gateway:',
      `  no SMS is ever sent; ${smsCodes}.`,
      '',
    ].join('\n'),
  );
}

async function main() {
  const server = await startServer(logSettings());
  announce([`storefront API at ${server.url}/api (categories: ${server.app.catalogue.file})`]);
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
