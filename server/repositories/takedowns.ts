// Reviews taken down by an editor (issue 13, "Instant takedown"). The table is the record (it
// survives a restart); a Set in memory answers `isTakenDown` on every review request without a
// query, and changes with the table in the same call, so a takedown holds from the next request.
import type { DB } from '../db/open';

export interface Takedown {
  productId: string;
  commentId: string;
  reason: string;
  createdAt: number;
}

const keyOf = (productId: string, commentId: string) => `${productId}/${commentId}`;

export class TakedownRepository {
  private readonly down = new Set<string>();

  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {
    for (const t of this.list()) this.down.add(keyOf(t.productId, t.commentId));
  }

  isTakenDown(productId: string, commentId: string): boolean {
    return this.down.size > 0 && this.down.has(keyOf(productId, commentId));
  }

  /** Takes a review down (again: the reason and time are replaced). */
  add(productId: string, commentId: string, reason: string): Takedown {
    const createdAt = this.now();
    this.db
      .prepare(
        `INSERT INTO takedowns (product_id, comment_id, reason, created_at) VALUES (?, ?, ?, ?)
      ON CONFLICT(product_id, comment_id) DO UPDATE SET reason = excluded.reason, created_at = excluded.created_at`,
      )
      .run(productId, commentId, reason, createdAt);
    this.down.add(keyOf(productId, commentId));
    return { productId, commentId, reason, createdAt };
  }

  /** Restores a review; false when it was not taken down. */
  remove(productId: string, commentId: string): boolean {
    const { changes } = this.db
      .prepare('DELETE FROM takedowns WHERE product_id = ? AND comment_id = ?')
      .run(productId, commentId);
    this.down.delete(keyOf(productId, commentId));
    return changes > 0;
  }

  /** Newest first. */
  list(): Takedown[] {
    return (
      this.db
        .prepare(
          'SELECT product_id, comment_id, reason, created_at FROM takedowns ORDER BY created_at DESC, product_id, comment_id',
        )
        .all() as Array<{ product_id: string; comment_id: string; reason: string; created_at: number }>
    ).map((r) => ({ productId: r.product_id, commentId: r.comment_id, reason: r.reason, createdAt: r.created_at }));
  }
}
