// The editors' API under /editor/api (issue 13): takedowns for now; builds join it in part 2.
// Every route needs the editor's token (token.ts), checked on request, before the body is read.
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors';
import { TakedownBody, TakedownParams } from './schemas';
import { editorAuth, type EditorAuthOptions } from './token';

export const editorRoutes: FastifyPluginAsync<EditorAuthOptions> = async (app, opts) => {
  app.addHook('onRequest', editorAuth(opts));
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.get('/takedowns', async () => ({ takedowns: app.repos.takedowns.list() }));

  // Takes effect on the next request to the site or the API: the check is in memory.
  app.post<{ Body: TakedownBody }>(
    '/takedowns',
    { schema: { body: TakedownBody }, bodyLimit: 4096 },
    async (req, reply) => {
      const { productId, commentId, reason } = req.body;
      return reply.code(201).send(app.repos.takedowns.add(productId, commentId, reason));
    },
  );

  app.delete<{ Params: TakedownParams }>(
    '/takedowns/:productId/:commentId',
    { schema: { params: TakedownParams } },
    async (req, reply) => {
      if (!app.repos.takedowns.remove(req.params.productId, req.params.commentId)) throw notFound('这条晒单没有被下架');
      return reply.code(204).send();
    },
  );
};
