// What a takedown reaches beyond the review's page and detail (issue 25, F5): its replies, its
// likes and its pictures and video covers stop at once too (410), not at the next rebuild.
// The page and the detail are server/site/taken-down.ts and server/editor/takedown-guard.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import type { MediaKey } from './media/urls';

/** API routes of one review with `:productId` and `:cid` (replies, likes): 410 once it is taken down. */
export const reviewPartsGuard = (app: FastifyInstance) => async (req: FastifyRequest) => {
  const { productId, cid } = (req.params ?? {}) as { productId?: unknown; cid?: unknown };
  if (typeof productId !== 'string' || typeof cid !== 'string') return;
  if (app.repos.takedowns.isTakenDown(productId, cid)) throw new HttpError(410, '这条晒单已被下架');
};

/**
 * Whether a media URL belongs to a taken-down review: pictures are r{review id x 10 + n}, video
 * covers v{review id} (the seed's scheme, server/media/exists.ts): one primary-key lookup.
 */
export function takenDownMedia(app: FastifyInstance): (key: MediaKey) => boolean {
  return (key) => {
    if (key.kind !== 'picture' && key.kind !== 'cover') return false;
    const m = /^[rv]([0-9]{1,15})$/.exec(key.id);
    if (!m) return false;
    const reviewId = key.kind === 'picture' ? Math.floor(Number(m[1]) / 10) : Number(m[1]);
    const row = app.db.prepare('SELECT product_id FROM reviews WHERE id = ?').get(reviewId) as
      { product_id: number } | undefined;
    return !!row && app.repos.takedowns.isTakenDown(String(row.product_id), String(reviewId));
  };
}
