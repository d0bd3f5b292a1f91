// Reviews: the pinned Review / RelatedReviewItem wire shapes (contract "Entities"), the feed
// with keyset paging on (posted_at, id), a product's comment list, replies and likes.
import type { Catalogue } from '../catalogue';
import type { DB } from '../db/open';
import { badRequest, notFound } from '../errors';
import { PageContinuations } from './page-continuations';
import {
  FIRST_KEY,
  afterKey,
  afterKeyArgs,
  decodeFeedCursor,
  encodeFeedCursor,
  keyOf,
  orderBy,
  type ListSort,
  type SortKey,
} from './review-keyset';

export type { ListSort } from './review-keyset';
import type { Prefixer } from '../media/prefix';
import type { Overrides } from '../seed/special';
import type {
  HaulResponse,
  LikeResult,
  MediaFilter,
  RelatedReviewItem,
  RepliesResponse,
  Review,
  Sku,
} from '../../src/storefront/wire/reviews';

interface ReviewRow {
  id: number;
  product_id: number;
  sku_id: number | null;
  content: string | null;
  score: number;
  word_tags: string;
  pictures: string;
  videos: string;
  likes: number;
  reply_count: number;
  posted_at: number;
  overrides: string | null;
  u_label: string;
  u_avatar: string | null;
  u_medals: string;
  p_rate: number;
  s_id: number | null;
  s_name: string | null;
  s_cents: number | null;
  s_color: string | null;
  s_size: string | null;
  s_width: string | null;
  s_image: string | null;
  /** An order item of the reviewer for this sku, received before the review (issue 21). */
  bought_item: number | null;
}

const SELECT_REVIEW = `SELECT r.id, r.product_id, r.sku_id, r.content, r.score, r.word_tags, r.pictures, r.videos, r.likes,
  r.reply_count, r.posted_at, r.overrides, u.label AS u_label, u.avatar AS u_avatar, u.medals AS u_medals,
  p.exchange_rate AS p_rate, s.id AS s_id, s.name AS s_name, s.cents AS s_cents, s.color AS s_color, s.size AS s_size,
  s.width AS s_width, s.image AS s_image,
  (SELECT oi.id FROM orders o JOIN order_items oi ON oi.order_id = o.id
    WHERE o.user_id = r.user_id AND o.status = 'RECEIVED' AND o.created_at <= r.posted_at AND oi.sku_id = r.sku_id
    LIMIT 1) AS bought_item
  FROM reviews r JOIN users u ON u.id = r.user_id JOIN products p ON p.id = r.product_id LEFT JOIN skus s ON s.id = r.sku_id`;

interface PictureJson {
  id: number;
  full: { url: string };
  thumbnail: { url: string };
}
interface VideoJson {
  cover: { url: string };
  url?: string;
}
interface MedalJson {
  image: { url: string };
  text: { text: string };
}

/**
 * Reviews the API answers: not hidden by the back office (editor/backoffice.ts), not taken down
 * by an editor (issue 13: lists, the feed and so the build's related lists and sitemaps leave
 * them out; the detail of a taken-down one answers 410, editor/takedown-guard.ts).
 */
export const VISIBLE = `r.hidden_at IS NULL AND NOT EXISTS (SELECT 1 FROM takedowns t
  WHERE t.product_id = CAST(r.product_id AS TEXT) AND t.comment_id = CAST(r.id AS TEXT))`;

/** The columns of a feed item (the feed's and search's SELECT). */
export interface FeedRow {
  id: number;
  product_id: number;
  content: string | null;
  likes: number;
  posted_at: number;
  overrides: string | null;
  score: number;
  word_tags: string;
  image: string | null;
  image_w: number | null;
  image_h: number | null;
  p_image: string | null;
  category_id: string;
  u_label: string;
  u_avatar: string | null;
}

/** The columns of a FeedRow, from `reviews r` and `users u` (the feed and the search select them). */
export const FEED_COLUMNS = `r.id, r.product_id, r.content, r.likes, r.posted_at, r.overrides, r.score, r.word_tags,
        COALESCE(json_extract(r.pictures, '$[0].thumbnail.url'), json_extract(r.videos, '$[0].cover.url')) AS image,
        COALESCE(json_extract(r.pictures, '$[0].thumbnail.width'), json_extract(r.videos, '$[0].cover.width')) AS image_w,
        COALESCE(json_extract(r.pictures, '$[0].thumbnail.height'), json_extract(r.videos, '$[0].cover.height')) AS image_h,
        (SELECT json_extract(p.images, '$[0].thumbnail.url') FROM products p WHERE p.id = r.product_id) AS p_image,
        r.category_id, u.label AS u_label, u.avatar AS u_avatar`;

/** A feed item from its row: the seeded records' overrides applied as the detail has them. */
export function feedItem(r: FeedRow, media: Prefixer): RelatedReviewItem {
  const item: RelatedReviewItem = {
    commentId: r.id,
    productId: r.product_id,
    image: media(r.image),
    userLabel: r.u_label,
    userAvatar: media(r.u_avatar),
    content: r.content,
    likes: r.likes,
    // Extension (docs/api-client.md): when it was posted, the sitemap's lastmod of a
    // review the build left to the site server.
    postedAt: r.posted_at,
    // Extensions (docs/api-client.md): what a bounded build's product hubs count.
    score: r.score,
    wordTags: JSON.parse(r.word_tags) as string[],
    // Extensions (docs/api-client.md, issue 44): the image's size (waterfall placement),
    // the product's picture (text cards) and the leaf category (related reviews).
    imageWidth: r.image_w,
    imageHeight: r.image_h,
    productImage: media(r.p_image),
    categoryId: r.category_id,
  };
  if (r.overrides) {
    const o = JSON.parse(r.overrides) as Overrides;
    Object.assign(item, o.drop ?? {});
    // The score and tags the detail shows (a seeded record may null its label).
    if (o.review && 'productCommentLabel' in o.review) {
      const label = o.review.productCommentLabel as { productSatisfyScore?: unknown; wordTags?: unknown } | null;
      item.score = (label?.productSatisfyScore as number | null | undefined) ?? null;
      item.wordTags = (label?.wordTags as string[] | null | undefined) ?? null;
    }
  }
  return item;
}

/** The comment list's `media` filter (an extension, docs/api-client.md): fixed SQL per value. */
export const MEDIA_CONDITION: Record<MediaFilter, string> = {
  picture: 'json_array_length(r.pictures) > 0',
  video: 'json_array_length(r.videos) > 0',
  any: '(json_array_length(r.pictures) > 0 OR json_array_length(r.videos) > 0)',
};

/** Guest review-detail answers kept (oldest dropped first): ~3 KB each. */
const DETAIL_CACHE_MAX = 20_000;

/**
 * The deepest `f` of a product's comment list served by skipping rows (an index walk of `f`
 * entries) when the request does not continue a page served before (PageContinuations);
 * deeper ones answer 400 (docs/server.md "Listings at scale").
 */
export const MAX_SKIP = 10_000;

export class ReviewRepository {
  private readonly detailCache = new Map<string, string>();
  private detailVersion = -1;
  private versionChecked = false;
  private readonly continuations = new PageContinuations();

  constructor(
    private readonly db: DB,
    private readonly media: Prefixer,
    private readonly catalogue: Catalogue,
  ) {}

  private toSku(r: ReviewRow, productId: number): Sku | null {
    if (r.s_id == null) return null;
    const image = JSON.parse(r.s_image ?? '{}') as { full: { url: string }; thumbnail: { url: string } };
    const attributes: NonNullable<NonNullable<Sku['attributes']>['attributes']> = {
      exchangeRateUsed: { choices: [r.p_rate] },
    };
    if (r.s_width) attributes.width = { choices: [r.s_width] };
    const sku: Sku & { id: number } = {
      id: r.s_id,
      productId,
      name: r.s_name,
      cents: r.s_cents,
      attributes: { attributes },
      images: [{ full: { url: this.media(image.full.url) }, thumbnail: { url: this.media(image.thumbnail.url) } }],
    };
    if (r.s_color) sku.color = { name: r.s_color };
    if (r.s_size) sku.size = { name: r.s_size };
    return sku;
  }

  private toReview(r: ReviewRow, liked?: boolean): Review {
    const m = this.media;
    const review: Review & { replyCount: number } = {
      id: r.id,
      productId: r.product_id,
      content: r.content,
      userLabel: r.u_label,
      userAvatar: m(r.u_avatar),
      userMedals: (JSON.parse(r.u_medals) as MedalJson[]).map((x) => ({
        image: { url: m(x.image.url) },
        text: { text: x.text.text },
      })),
      likes: r.likes,
      postedAt: r.posted_at,
      productCommentLabel: { productSatisfyScore: r.score, wordTags: JSON.parse(r.word_tags) as string[] },
      pictures: (JSON.parse(r.pictures) as PictureJson[]).map((p) => ({
        ...p,
        full: { ...p.full, url: m(p.full.url)! },
        thumbnail: { ...p.thumbnail, url: m(p.thumbnail.url)! },
      })),
      videos: (JSON.parse(r.videos) as VideoJson[]).map((v) => ({
        ...v,
        cover: { ...v.cover, url: m(v.cover.url) },
        ...(v.url ? { url: m(v.url) } : {}),
      })),
      sku: this.toSku(r, r.product_id),
      replyCount: r.reply_count,
    };
    if (r.bought_item != null) {
      // The variant bought is the review's sku (the order item is matched on it).
      const variant = [r.s_color, r.s_size, r.s_width].filter((x): x is string => !!x).join(' / ');
      review.verifiedPurchase = { variant: variant || null };
    }
    if (liked !== undefined) review.liked = liked;
    if (r.overrides) Object.assign(review, (JSON.parse(r.overrides) as Overrides).review ?? {});
    return review;
  }

  private likedSet(viewerId: number | null, ids: number[]): Set<number> | null {
    if (viewerId == null) return null;
    if (!ids.length) return new Set();
    const rows = this.db
      .prepare('SELECT review_id FROM review_likes WHERE user_id = ? AND review_id IN (SELECT value FROM json_each(?))')
      .all(viewerId, JSON.stringify(ids)) as Array<{ review_id: number }>;
    return new Set(rows.map((x) => x.review_id));
  }

  productExists(productId: number): boolean {
    return this.db.prepare('SELECT 1 FROM products WHERE id = ?').get(productId) !== undefined;
  }

  /**
   * The guest answer of the pinned review-detail helper (`{ comments: [review] }`) as JSON text,
   * built once per review and kept until the data changes: a like through this server drops the
   * entry, a commit by any other connection (seeding, an editor's SQL) clears the cache, seen
   * through SQLite's `PRAGMA data_version`. The build asks for every review; a CPU profile
   * under load put 2.9 of 10.2 busy seconds in building this answer (docs/benchmarks.md).
   */
  guestDetailJson(productId: number, reviewId: number): string | undefined {
    this.checkDataVersion();
    const key = `${productId}:${reviewId}`;
    let json = this.detailCache.get(key);
    if (json === undefined) {
      const review = this.getReview(productId, reviewId, null);
      if (!review) return undefined;
      json = JSON.stringify({ comments: [review] });
      if (this.detailCache.size >= DETAIL_CACHE_MAX) this.detailCache.delete(this.detailCache.keys().next().value!);
      this.detailCache.set(key, json);
    }
    return json;
  }

  /**
   * Clears the kept answers when another connection committed since the last look. Asked once
   * per turn of the event loop, not per request: under load one turn serves many requests, and
   * the statement was 6 % of a kept answer's CPU at 1,000,000 reviews (docs/benchmarks.md). A
   * commit elsewhere is seen by the first request of the next turn.
   */
  private checkDataVersion(): void {
    if (this.versionChecked) return;
    this.versionChecked = true;
    setImmediate(() => {
      this.versionChecked = false;
    });
    const { data_version: version } = this.db.prepare('PRAGMA data_version').get() as { data_version: number };
    if (version !== this.detailVersion) {
      this.detailCache.clear();
      this.detailVersion = version;
    }
  }

  /** Drops a review's kept detail answer (a write through this connection: the back office). */
  forgetDetail(productId: number, reviewId: number): void {
    this.detailCache.delete(`${productId}:${reviewId}`);
  }

  /** The review, if it belongs to that product (and is not hidden). */
  getReview(productId: number, reviewId: number, viewerId: number | null): Review | undefined {
    const row = this.db
      .prepare(`${SELECT_REVIEW} WHERE r.id = ? AND r.product_id = ? AND r.hidden_at IS NULL`)
      .get(reviewId, productId) as ReviewRow | undefined;
    if (!row) return undefined;
    return this.toReview(row, this.likedSet(viewerId, [row.id])?.has(row.id));
  }

  /**
   * A product's comments, window `offset`..`offset + limit` in `sort` order. A window that
   * continues one served before starts at its last row's key (keyset); others skip `offset`
   * rows of the same index range, up to MAX_SKIP. Both read the product's index in order
   * (reviews_product / reviews_product_likes): no sort, no scan.
   */
  listByProduct(
    productId: number,
    q: { offset: number; limit: number; sort: ListSort; tag?: string; score?: number; media?: MediaFilter },
    viewerId: number | null,
  ): { comments: Review[]; total: number } {
    const conds = ['r.product_id = ?', VISIBLE];
    const args: unknown[] = [productId];
    if (q.tag) {
      conds.push('EXISTS (SELECT 1 FROM json_each(r.word_tags) WHERE value = ?)');
      args.push(q.tag);
    }
    if (q.score !== undefined) {
      conds.push('r.score = ?');
      args.push(q.score);
    }
    if (q.media) conds.push(MEDIA_CONDITION[q.media]);
    const where = conds.join(' AND ');
    const listing = JSON.stringify([productId, q.sort, q.tag ?? null, q.score ?? null, q.media ?? null]);
    const continued = q.offset > 0 ? this.continuations.at(listing, q.offset) : undefined;
    if (!continued && q.offset > MAX_SKIP) throw badRequest(`参数 f 最大为 ${MAX_SKIP}，更深的页请从上一页接着取`);
    const from: SortKey = continued ?? FIRST_KEY;
    const skip = continued ? 0 : q.offset;
    const rows = this.db
      .prepare(`${SELECT_REVIEW} WHERE ${where} AND ${afterKey(q.sort)} ORDER BY ${orderBy(q.sort)} LIMIT ? OFFSET ?`)
      .all(...args, ...afterKeyArgs(q.sort, from), q.limit, skip) as ReviewRow[];
    const last = rows[rows.length - 1];
    if (last && rows.length === q.limit) this.continuations.remember(listing, q.offset + q.limit, keyOf(last));
    const { n } = this.db.prepare(`SELECT count(*) AS n FROM reviews r WHERE ${where}`).get(...args) as { n: number };
    const liked = this.likedSet(
      viewerId,
      rows.map((r) => r.id),
    );
    return { comments: rows.map((r) => this.toReview(r, liked ? liked.has(r.id) : undefined)), total: n };
  }

  /**
   * Where a feed's category filter reads: a leaf's reviews, or its second-level category's or
   * group's through the copied ancestors (server/db/category-paths.ts), each one index range.
   */
  private categoryScope(category: string): { cond: string; arg: string } | null {
    if (category === '0') return null;
    if (this.catalogue.leafById.has(category)) return { cond: 'r.category_id = ?', arg: category };
    if (!this.catalogue.leafIdsUnder(category)) throw notFound('分类不存在');
    const group = this.catalogue.tree.some((g) => String(g.id) === category);
    return { cond: group ? 'r.group_id = ?' : 'r.parent_id = ?', arg: category };
  }

  /**
   * One page of the haul feed, newest (or most liked) first; `delimiter` null after the last
   * page. Keyset: the page starts after the cursor's key, read from the index of the sort and
   * the category's level; the media and score filters are checked along that range.
   */
  feedPage(q: {
    delimiter: string;
    size: number;
    category: string;
    /** Extensions (docs/api-client.md): media and score filters, sort by likes. */
    media?: MediaFilter;
    score?: number;
    sort?: ListSort;
  }): HaulResponse['waterFall'] {
    const sort = q.sort ?? 'posted_at';
    const from = decodeFeedCursor(sort, q.delimiter);
    const conds: string[] = [];
    const args: unknown[] = [];
    const scope = this.categoryScope(q.category);
    if (scope) {
      conds.push(scope.cond);
      args.push(scope.arg);
    }
    conds.push(afterKey(sort), VISIBLE);
    args.push(...afterKeyArgs(sort, from));
    if (q.media) conds.push(MEDIA_CONDITION[q.media]);
    if (q.score !== undefined) {
      conds.push('r.score = ?');
      args.push(q.score);
    }
    const rows = this.db
      .prepare(
        `SELECT ${FEED_COLUMNS}
      FROM reviews r JOIN users u ON u.id = r.user_id
      WHERE ${conds.join(' AND ')}
      ORDER BY ${orderBy(sort)} LIMIT ?`,
      )
      .all(...args, q.size + 1) as FeedRow[];
    const more = rows.length > q.size;
    const page = more ? rows.slice(0, q.size) : rows;
    const last = page[page.length - 1];
    return {
      waterDrops: page.map((r) => feedItem(r, this.media)),
      delimiter: more && last ? encodeFeedCursor(sort, keyOf(last)) : null,
    };
  }

  replies(productId: number, reviewId: number, q: { offset: number; limit: number; sort: ListSort }): RepliesResponse {
    this.requireReview(productId, reviewId);
    const order = q.sort === 'likes' ? 'rp.likes DESC, rp.posted_at DESC, rp.id DESC' : 'rp.posted_at DESC, rp.id DESC';
    const rows = this.db
      .prepare(
        `SELECT rp.id, rp.review_id, rp.content, rp.likes, rp.posted_at, u.label, u.avatar, m.name_cn AS m_name,
        json_extract(m.logo, '$.url') AS m_logo
      FROM replies rp JOIN users u ON u.id = rp.user_id LEFT JOIN merchants m ON m.id = rp.merchant_id
      WHERE rp.review_id = ? ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(reviewId, q.limit, q.offset) as Array<{
      id: number;
      review_id: number;
      content: string;
      likes: number;
      posted_at: number;
      label: string;
      avatar: string | null;
      m_name: string | null;
      m_logo: string | null;
    }>;
    const { n } = this.db.prepare('SELECT count(*) AS n FROM replies WHERE review_id = ?').get(reviewId) as {
      n: number;
    };
    return {
      // A merchant's reply carries the shop's name and logo and `fromMerchant` (an extension).
      replies: rows.map((r) => ({
        id: r.id,
        commentId: r.review_id,
        content: r.content,
        userLabel: r.m_name ?? r.label,
        userAvatar: this.media(r.m_name != null ? r.m_logo : r.avatar),
        likes: r.likes,
        postedAt: r.posted_at,
        ...(r.m_name != null ? { fromMerchant: true } : {}),
      })),
      total: n,
    };
  }

  private requireReview(productId: number, reviewId: number): void {
    if (!this.productExists(productId)) throw notFound('商品不存在');
    if (
      this.db.prepare('SELECT 1 FROM reviews WHERE id = ? AND product_id = ?').get(reviewId, productId) === undefined
    ) {
      throw notFound('评价不存在');
    }
  }

  /** A like counts once per user: liking twice changes nothing. */
  setLiked(productId: number, reviewId: number, userId: number, liked: boolean): LikeResult {
    this.requireReview(productId, reviewId);
    return this.db.transaction((): LikeResult => {
      if (liked) {
        const ins = this.db
          .prepare('INSERT OR IGNORE INTO review_likes (review_id, user_id, created_at) VALUES (?, ?, ?)')
          .run(reviewId, userId, Date.now());
        if (ins.changes) this.db.prepare('UPDATE reviews SET likes = likes + 1 WHERE id = ?').run(reviewId);
      } else {
        const del = this.db
          .prepare('DELETE FROM review_likes WHERE review_id = ? AND user_id = ?')
          .run(reviewId, userId);
        if (del.changes) this.db.prepare('UPDATE reviews SET likes = max(likes - 1, 0) WHERE id = ?').run(reviewId);
      }
      const { likes } = this.db.prepare('SELECT likes FROM reviews WHERE id = ?').get(reviewId) as { likes: number };
      this.detailCache.delete(`${productId}:${reviewId}`);
      return { likes, liked };
    })();
  }
}
