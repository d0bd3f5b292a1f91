// The editors' API under /editor/api (issue 13): takedowns, the build hook and its history
// (server/builds/), and the demo's back office (backoffice.ts). Every route needs the editor's
// token (token.ts), checked on request, before the body is read.
import type { FastifyPluginAsync } from 'fastify';
import { notFound, refuseNonFiniteNumbers } from '../errors';
import { buildRoutes } from '../builds/routes';
import type { BuildQueue } from '../builds/queue';
import { backOfficeRoutes } from './backoffice';
import { noSuchReview, reviewPreview } from './review-preview';
import { TakedownBody, TakedownParams } from './schemas';
import { editorAuth, type EditorAuthOptions } from './token';
import { reviewInBody, reviewInParams } from '../site/deferred/edits';

export interface EditorRoutesOptions extends EditorAuthOptions {
  /** The build queue; without one (the API alone) no build is queued and /builds is absent. */
  builds?: BuildQueue;
}

export const editorRoutes: FastifyPluginAsync<EditorRoutesOptions> = async (app, opts) => {
  app.addHook('onRequest', editorAuth(opts));
  // "9" x 15,000 is the number Infinity to ajv, which then skips `maximum` (as on the API).
  refuseNonFiniteNumbers(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  const builds = opts.builds;

  app.get('/takedowns', async () => ({ takedowns: app.repos.takedowns.list() }));

  // What the console shows before an editor confirms a takedown: the review's picture, product
  // name, text and link; 404 when the ids name no review (swapped, or a typo).
  app.get<{ Params: TakedownParams }>(
    '/reviews/:productId/:commentId',
    { schema: { params: TakedownParams } },
    async (req) => {
      const { productId, commentId } = req.params;
      const preview = reviewPreview(app.repos.reviews, productId, commentId);
      if (!preview) throw notFound(noSuchReview(productId, commentId));
      return { ...preview, takenDown: app.repos.takedowns.isTakenDown(productId, commentId) };
    },
  );

  // Takes effect on the next request to the site or the API: the check is in memory. The
  // rebuild that removes the review from lists, carousels and sitemaps is queued (`build`).
  app.post<{ Body: TakedownBody }>(
    '/takedowns',
    { schema: { body: TakedownBody }, bodyLimit: 4096, config: { editsReviews: reviewInBody } },
    async (req, reply) => {
      const { productId, commentId, reason } = req.body;
      // A takedown of ids that name no review would report success while the real one stays online.
      if (!reviewPreview(app.repos.reviews, productId, commentId)) throw notFound(noSuchReview(productId, commentId));
      const takedown = app.repos.takedowns.add(productId, commentId, reason);
      const build = builds?.trigger('takedown', { changed: [], removed: [{ productId, commentId }] });
      return reply.code(201).send({ ...takedown, ...(build ? { build: { id: build.id } } : {}) });
    },
  );

  app.delete<{ Params: TakedownParams }>(
    '/takedowns/:productId/:commentId',
    { schema: { params: TakedownParams }, config: { editsReviews: reviewInParams } },
    async (req, reply) => {
      const { productId, commentId } = req.params;
      if (!app.repos.takedowns.remove(productId, commentId)) throw notFound('这条晒单没有被下架');
      builds?.trigger('restore', { changed: [{ productId, commentId }], removed: [] });
      return reply.code(204).send();
    },
  );

  if (builds) buildRoutes(app, builds);
  await app.register(backOfficeRoutes, { builds });
};
