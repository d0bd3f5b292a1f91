// The reference server as a child process of the Gatsby build (gatsby/embedded-server.ts):
// listens on PORT (0 = random) and prints STOREFRONT_API_URL=<url> once ready.
import { startServer } from '../server/main';

async function main() {
  const server = await startServer({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
  process.stdout.write(`STOREFRONT_API_URL=${server.url}\n`);
  const stop = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error('embedded reference server failed to start:', e);
  process.exit(1);
});
