// The API's side of a takedown: the review detail (pinned helper 1,
// GET /api/v1/product-comment/products/:productId/comments?commentId=) answers 410 for a
// taken-down review, so a page that loads it in the browser (a returning visitor's app shell,
// the haul-detail page, a review published after the build) says it is gone.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

const DETAIL_ROUTE = '/api/v1/product-comment/products/:productId/comments';

export const takedownGuard = (app: FastifyInstance) => async (req: FastifyRequest) => {
  if (req.routeOptions.url !== DETAIL_ROUTE) return;
  const productId = (req.params as { productId?: unknown }).productId;
  const commentId = (req.query as { commentId?: unknown }).commentId;
  if (
    typeof productId === 'string' &&
    typeof commentId === 'string' &&
    app.repos.takedowns.isTakenDown(productId, commentId)
  ) {
    throw new HttpError(410, '该晒单已下架');
  }
};
