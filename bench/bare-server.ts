// The peer of the API section: a bare Fastify app (same Fastify version as the reference
// server) with one route answering a constant JSON body. Prints URL=<url> once listening.
import Fastify from 'fastify';

async function main() {
  const app = Fastify({ logger: false });
  const body = { ok: true };
  app.get('/constant', async () => body);
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
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
