// The demo's back office under /editor/api (issue 13 part 2): what a storefront's back office
// would call when an editor edits, hides or adds a review. Each write calls the build hook
// itself with the `changed` / `removed` hint (trigger "backoffice"), so `npm start` shows the
// loop edit -> build -> published. A production storefront keeps its own back office and calls
// POST /editor/api/builds with the same hint.
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors';
import { toId } from '../routes/window';
import type { BuildQueue } from '../builds/queue';
import { BackOfficeRepository } from '../repositories/back-office';
import { AddReviewBody, EditReviewBody, TakedownParams } from './schemas';
import { reviewInParams } from '../site/deferred/edits';

export const backOfficeRoutes: FastifyPluginAsync<{ builds?: BuildQueue }> = async (app, { builds }) => {
  const office = new BackOfficeRepository(app.db, app.repos.reviews);
  // The reference server's ids are numbers; any other id names no review here.
  const ids = (p: TakedownParams) => {
    if (!/^\d{1,15}$/.test(p.productId) || !/^\d{1,15}$/.test(p.commentId)) throw notFound('评价不存在');
    return [toId(p.productId), toId(p.commentId)] as const;
  };
  const build = (hint: { changed?: TakedownParams[]; removed?: TakedownParams[] }) =>
    builds?.trigger('backoffice', { changed: hint.changed ?? [], removed: hint.removed ?? [] });

  app.patch<{ Params: TakedownParams; Body: EditReviewBody }>(
    '/reviews/:productId/:commentId',
    {
      schema: { params: TakedownParams, body: EditReviewBody },
      bodyLimit: 16 * 1024,
      config: { editsReviews: reviewInParams },
    },
    async (req) => {
      const [p, c] = ids(req.params);
      if (!office.editContent(p, c, req.body.content)) throw notFound('评价不存在');
      const { productId, commentId } = req.params;
      return { productId, commentId, build: build({ changed: [{ productId, commentId }] })?.id ?? null };
    },
  );

  app.post<{ Params: TakedownParams }>(
    '/reviews/:productId/:commentId/hide',
    { schema: { params: TakedownParams }, config: { editsReviews: reviewInParams } },
    async (req) => {
      const [p, c] = ids(req.params);
      if (!office.hide(p, c)) throw notFound('评价不存在');
      const { productId, commentId } = req.params;
      return { productId, commentId, hidden: true, build: build({ removed: [{ productId, commentId }] })?.id ?? null };
    },
  );

  app.post<{ Body: AddReviewBody }>(
    '/reviews',
    { schema: { body: AddReviewBody }, bodyLimit: 16 * 1024 },
    async (req, reply) => {
      const b = req.body;
      const ref = office.add({
        productId: toId(b.productId),
        skuId: b.skuId === undefined ? undefined : toId(b.skuId),
        content: b.content,
        stars: b.stars,
        tags: b.tags,
      });
      return reply.code(201).send({ ...ref, build: build({ changed: [ref] })?.id ?? null });
    },
  );
};
