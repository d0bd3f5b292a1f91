// The demo's back office (issue 13 part 2): the writes a storefront's own back office makes to
// its reviews, so that `npm start` shows the whole loop (edit -> build -> published). Writes go
// through the app's connection, which SQLite's data_version does not report to it: each one
// drops the review's kept detail answer itself.
import type { DB } from '../db/open';
import { badRequest, notFound } from '../errors';
import type { ReviewRepository } from './reviews';

export interface NewReview {
  productId: number;
  skuId?: number;
  content: string;
  stars: number;
  tags?: string[];
}

export class BackOfficeRepository {
  constructor(
    private readonly db: DB,
    private readonly reviews: ReviewRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** New text for a review (hidden ones too); false when there is no such review. */
  editContent(productId: number, reviewId: number, content: string): boolean {
    const { changes } = this.db
      .prepare('UPDATE reviews SET content = ? WHERE id = ? AND product_id = ?')
      .run(content, reviewId, productId);
    this.reviews.forgetDetail(productId, reviewId);
    return changes > 0;
  }

  /** Hides a review: no list, feed or detail answers it any more. False when there is none. */
  hide(productId: number, reviewId: number): boolean {
    const { changes } = this.db
      .prepare('UPDATE reviews SET hidden_at = coalesce(hidden_at, ?) WHERE id = ? AND product_id = ?')
      .run(this.now(), reviewId, productId);
    this.reviews.forgetDetail(productId, reviewId);
    return changes > 0;
  }

  /** Adds a review by the demo's first user, posted now (so first in the feed). */
  add(r: NewReview): { productId: string; commentId: string } {
    if (!this.reviews.productExists(r.productId)) throw notFound('商品不存在');
    if (
      r.skuId !== undefined &&
      this.db.prepare('SELECT 1 FROM skus WHERE id = ? AND product_id = ?').get(r.skuId, r.productId) === undefined
    )
      throw badRequest('规格不属于这个商品');
    const user = this.db.prepare('SELECT min(id) AS id FROM users').get() as { id: number | null };
    if (user.id == null) throw notFound('没有演示用户');
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO reviews (product_id, category_id, sku_id, user_id, content, score, word_tags, pictures, videos, posted_at)
        VALUES (?, (SELECT category_id FROM products WHERE id = ?), ?, ?, ?, ?, ?, '[]', '[]', ?)`,
      )
      .run(
        r.productId,
        r.productId,
        r.skuId ?? null,
        user.id,
        r.content,
        r.stars,
        JSON.stringify(r.tags ?? []),
        this.now(),
      );
    return { productId: String(r.productId), commentId: String(lastInsertRowid) };
  }
}
