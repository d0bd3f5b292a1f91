// Which editors' requests drop kept renderings (server/site/deferred/edits.ts): the route says so
// itself (`config.editsReviews`), whatever its URL; a 2xx only; nothing for a route that does not
// declare it. A real Fastify app, answered through inject().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { dropOnEdit, reviewInBody, reviewInParams, reviewsInBuildHint } from '../../../server/site/deferred/edits';

async function appWith() {
  const app = Fastify();
  const dropped: string[] = [];
  dropOnEdit(app, (p, c) => dropped.push(`${p}/${c}`));
  app.patch(
    '/editor/api/renamed/:productId/:commentId',
    { config: { editsReviews: reviewInParams } },
    async () => ({}),
  );
  app.post('/editor/api/anything', { config: { editsReviews: reviewInBody } }, async () => ({}));
  app.post('/editor/api/hint', { config: { editsReviews: reviewsInBuildHint } }, async () => ({}));
  app.post('/editor/api/fails', { config: { editsReviews: reviewInBody } }, async (_req, reply) =>
    reply.code(404).send({}),
  );
  app.patch('/editor/api/undeclared/:productId/:commentId', async () => ({}));
  await app.ready();
  return { app, dropped };
}

test('a route that declares editsReviews drops what it names, whatever its URL', async () => {
  const { app, dropped } = await appWith();
  try {
    await app.inject({ method: 'PATCH', url: '/editor/api/renamed/100001/5000001' });
    await app.inject({ method: 'POST', url: '/editor/api/anything', payload: { productId: '2', commentId: '3' } });
    await app.inject({
      method: 'POST',
      url: '/editor/api/hint',
      payload: {
        changed: [{ productId: '4', commentId: '5' }, { productId: 6 }],
        removed: [{ productId: '7', commentId: '8' }],
      },
    });
    assert.deepEqual(dropped, ['100001/5000001', '2/3', '4/5', '7/8']);
  } finally {
    await app.close();
  }
});

test('nothing is dropped for a failed answer or a route that declares nothing', async () => {
  const { app, dropped } = await appWith();
  try {
    await app.inject({ method: 'POST', url: '/editor/api/fails', payload: { productId: '2', commentId: '3' } });
    await app.inject({ method: 'PATCH', url: '/editor/api/undeclared/100001/5000001' });
    assert.deepEqual(dropped, []);
  } finally {
    await app.close();
  }
});
