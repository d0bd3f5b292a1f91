// Reviews: the haul feed and review detail (pinned), comment lists, replies and likes.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, viewerId } from '../context';
import { notFound } from '../errors';
import { CommentParams, ProductParams } from '../../src/storefront/wire/common';
import {
  CommentsQuery,
  CommentsResponse,
  HaulQuery,
  HaulResponse,
  LikeResult,
  RepliesQuery,
  RepliesResponse,
} from '../../src/storefront/wire/reviews';
import { ReviewSearchQuery, ReviewSearchResponse } from '../../src/storefront/wire/search';
import { checkWindow, toId } from './window';

export const reviewRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/v2/product_comment/haul',
    { schema: { querystring: HaulQuery, response: { 200: HaulResponse } } },
    async (req) => ({
      waterFall: app.repos.reviews.feedPage(req.query),
    }),
  );

  app.get(
    '/v1/product-comment/products/:productId/comments',
    { schema: { params: ProductParams, querystring: CommentsQuery, response: { 200: CommentsResponse } } },
    async (req, reply) => {
      const productId = toId(req.params.productId);
      const q = req.query;
      const viewer = viewerId(app, req);
      if (q.commentId !== undefined) {
        // Pinned helper 1: `{ comments: [review] }`, 404 unless the review belongs to the product.
        // Guests (the build, crawlers' pages) get the answer kept as JSON text (sent as it is:
        // Fastify does not serialise a string).
        if (viewer == null) {
          const json = app.repos.reviews.guestDetailJson(productId, toId(q.commentId));
          if (json === undefined) throw notFound('评价不存在');
          return reply.type('application/json; charset=utf-8').send(json as never);
        }
        const review = app.repos.reviews.getReview(productId, toId(q.commentId), viewer);
        if (!review) throw notFound('评价不存在');
        return { comments: [review] };
      }
      if (!app.repos.reviews.productExists(productId)) throw notFound('商品不存在');
      const { offset, limit } = checkWindow(q.f, q.t, 100);
      return app.repos.reviews.listByProduct(
        productId,
        { offset, limit, sort: q.s ?? 'posted_at', tag: q.tag, score: q.score, media: q.media },
        viewer,
      );
    },
  );

  app.get(
    '/v1/product-comment/products/:productId/comments/:cid/replies',
    { schema: { params: CommentParams, querystring: RepliesQuery, response: { 200: RepliesResponse } } },
    async (req) => {
      const { offset, limit } = checkWindow(req.query.f, req.query.t, 100);
      return app.repos.reviews.replies(toId(req.params.productId), toId(req.params.cid), {
        offset,
        limit,
        sort: req.query.s ?? 'posted_at',
      });
    },
  );

  const likes = { schema: { params: CommentParams, response: { 200: LikeResult } } };
  app.post('/v1/product-comment/products/:productId/comments/:cid/likes', likes, async (req) =>
    app.repos.reviews.setLiked(toId(req.params.productId), toId(req.params.cid), requireUser(app, req), true),
  );

  app.delete('/v1/product-comment/products/:productId/comments/:cid/likes', likes, async (req) =>
    app.repos.reviews.setLiked(toId(req.params.productId), toId(req.params.cid), requireUser(app, req), false),
  );

  // Review search (issue 43; an extension, docs/api-client.md "Review search").
  app.get(
    '/v1/product-comment/search',
    { schema: { querystring: ReviewSearchQuery, response: { 200: ReviewSearchResponse } } },
    async (req) => {
      const q = req.query;
      const { offset, limit } = checkWindow(q.f, q.t, 50);
      return app.repos.search.search({ q: q.q ?? '', offset, limit, sort: q.sort, media: q.media, score: q.score });
    },
  );
};
