// Reviews: the haul feed and review detail (pinned), comment lists, replies and likes.
import type { FastifyPluginAsync } from 'fastify';
import { requireUser, viewerId } from '../context';
import { notFound } from '../errors';
import { checkWindow, CommentParams, ProductParams, toId } from '../schemas/common';
import { CommentsQuery, HaulQuery, RepliesQuery } from '../schemas/reviews';

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: HaulQuery }>('/v2/product_comment/haul', { schema: { querystring: HaulQuery } }, async (req) => ({
    waterFall: app.repos.reviews.feedPage(req.query),
  }));

  app.get<{ Params: ProductParams; Querystring: CommentsQuery }>('/v1/product-comment/products/:productId/comments',
    { schema: { params: ProductParams, querystring: CommentsQuery } },
    async (req, reply) => {
      const productId = toId(req.params.productId);
      const q = req.query;
      const viewer = viewerId(app, req);
      if (q.commentId !== undefined) {
        // Pinned helper 1: `{ comments: [review] }`, 404 unless the review belongs to the product.
        // Guests (the build, crawlers' pages) get the answer kept as JSON text.
        if (viewer == null) {
          const json = app.repos.reviews.guestDetailJson(productId, toId(q.commentId));
          if (json === undefined) throw notFound('评价不存在');
          return reply.type('application/json; charset=utf-8').send(json);
        }
        const review = app.repos.reviews.getReview(productId, toId(q.commentId), viewer);
        if (!review) throw notFound('评价不存在');
        return { comments: [review] };
      }
      if (!app.repos.reviews.productExists(productId)) throw notFound('商品不存在');
      const { offset, limit } = checkWindow(q.f, q.t, 100);
      return app.repos.reviews.listByProduct(productId, { offset, limit, sort: q.s ?? 'posted_at', tag: q.tag }, viewer);
    });

  app.get<{ Params: CommentParams; Querystring: RepliesQuery }>('/v1/product-comment/products/:productId/comments/:cid/replies',
    { schema: { params: CommentParams, querystring: RepliesQuery } },
    async (req) => {
      const { offset, limit } = checkWindow(req.query.f, req.query.t, 100);
      return app.repos.reviews.replies(toId(req.params.productId), toId(req.params.cid), { offset, limit, sort: req.query.s ?? 'posted_at' });
    });

  app.post<{ Params: CommentParams }>('/v1/product-comment/products/:productId/comments/:cid/likes',
    { schema: { params: CommentParams } },
    async (req) => app.repos.reviews.setLiked(toId(req.params.productId), toId(req.params.cid), requireUser(app, req), true));

  app.delete<{ Params: CommentParams }>('/v1/product-comment/products/:productId/comments/:cid/likes',
    { schema: { params: CommentParams } },
    async (req) => app.repos.reviews.setLiked(toId(req.params.productId), toId(req.params.cid), requireUser(app, req), false));
};
