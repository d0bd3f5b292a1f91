import type { DB } from '../../db/open';
import { mediaImage, mediaPath, thumbSize, type MediaExt } from '../../media/urls';
import { demoVideoFields } from '../../media/videos';
import type { Rng } from '../prng';
import { MINUTE, REFERENCE_DATE, json } from '../reference';
import {
  FIRST_REPLY_ID,
  FIRST_REVIEW_ID,
  FIRST_USER_ID,
  HOSTILE_USER_ID,
  JAVASCRIPT_URL,
  MALFORMED_POSTED_AT,
  SAME_TIME,
  SCRIPT_CONTENT,
  SPECIAL,
  type Overrides,
} from '../special';
import { MERCHANT_REPLIES, REPLIES, pickTextStyle, reviewText, wordTags } from '../texts';
import { PICTURE_SIZES, VIDEO_COVER_SIZES } from '../vocab';
import type { SeededProduct } from './products';

/**
 * Reviews, product by product: `seed(p, n)` writes the product's `n` reviews (ids from
 * FIRST_REVIEW_ID in call order), each followed by its replies (replySeeder) from the same
 * stream; the hostile and malformed records of special.ts at their fixed ids. It returns their
 * score sum (the product's review stats); nothing is kept per review, so memory stays flat at
 * any size.
 */
export function reviewSeeder(
  db: DB,
  rng: Rng,
  users: number,
): { seed(p: SeededProduct, n: number): number; reviews(): number; replies(): number } {
  const ins =
    db.prepare(`INSERT INTO reviews (id, product_id, category_id, sku_id, user_id, content, score, word_tags, pictures, videos, likes, reply_count, posted_at, overrides, parent_id, group_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const replies = replySeeder(db, rng, users);
  const anyUser = () => FIRST_USER_ID + rng.int(0, users - 1);
  let reviewId = FIRST_REVIEW_ID;
  const picture = (pid: number) => {
    const [w, h] = rng.pick(PICTURE_SIZES);
    const ext: MediaExt = rng.chance(0.15) ? 'webp' : 'jpg';
    const [tw, th] = thumbSize(w, h);
    return {
      id: pid,
      full: mediaImage('picture', `r${pid}`, w, h, ext),
      thumbnail: mediaImage('picture', `r${pid}`, tw, th, ext),
    };
  };
  const seed = (p: SeededProduct, n: number): number => {
    let scoreSum = 0;
    for (let k = 0; k < n; k++) {
      const id = reviewId++;
      const score = rng.weighted([
        [5, 55],
        [4, 25],
        [3, 10],
        [2, 5],
        [1, 5],
      ] as const);
      const style = pickTextStyle(rng);
      let content: string | null = reviewText(rng, p.kind, score, style);
      const tags = style === 'default' ? [] : wordTags(rng, p.kind);
      let pictures: ReturnType<typeof picture>[] = [];
      let videos: Array<{ cover: { url: string; width: number; height: number }; url?: string }> = [];
      if (style !== 'default' || rng.chance(0.1)) {
        if (rng.chance(0.08)) {
          const [w, h] = rng.pick(VIDEO_COVER_SIZES);
          // The playable file (url, width, height, duration) follows from the cover's shape, so
          // the random stream, and with it the rest of the demo data, is what it was before.
          const cover = { url: mediaPath('cover', `v${id}`, w, h), width: w, height: h };
          videos = [{ cover, ...demoVideoFields(id, w, h) }];
        } else {
          const n = rng.weighted([
            [0, 20],
            [1, 14],
            [2, 12],
            [3, 12],
            [4, 10],
            [5, 8],
            [6, 7],
            [7, 6],
            [8, 5],
            [9, 6],
          ] as const);
          pictures = Array.from({ length: n }, (_, j) => picture(id * 10 + j));
        }
      }
      let userId = anyUser();
      let skuRef: number | null = rng.pick(p.skus);
      let postedAt = REFERENCE_DATE - rng.int(1, 730 * 24 * 60) * MINUTE;
      const likes = Math.floor(rng.next() ** 3 * 320);
      let overrides: Overrides | null = null;

      if (id === SPECIAL.scriptContent) content = SCRIPT_CONTENT;
      if (id === SPECIAL.htmlUserLabel) userId = HOSTILE_USER_ID;
      if (id === SPECIAL.javascriptPicture) {
        if (!pictures.length) pictures = [picture(id * 10), picture(id * 10 + 1)];
        videos = [];
        pictures[0] = {
          ...pictures[0],
          full: { ...pictures[0].full, url: JAVASCRIPT_URL },
          thumbnail: { ...pictures[0].thumbnail, url: JAVASCRIPT_URL },
        };
      }
      if (id === SPECIAL.nullSku) skuRef = null;
      if ((SPECIAL.sameTime as readonly number[]).includes(id)) postedAt = SAME_TIME;
      if (id === SPECIAL.nullFields) {
        content = null;
        overrides = { review: { productCommentLabel: null, userMedals: null } };
      }
      if (id === SPECIAL.malformedPostedAt) overrides = { review: { postedAt: MALFORMED_POSTED_AT } };

      const nReplies = rng.chance(0.15) ? rng.int(1, 4) : 0;
      scoreSum += score;
      ins.run(
        id,
        p.id,
        p.categoryId,
        skuRef,
        userId,
        content,
        score,
        json(tags),
        json(pictures),
        json(videos),
        likes,
        nReplies,
        postedAt,
        overrides && json(overrides),
        p.parentId,
        p.groupId,
      );
      replies.seed(id, p.merchantId, nReplies, postedAt);
    }
    return scoreSum;
  };
  return { seed, reviews: () => reviewId - FIRST_REVIEW_ID, replies: replies.count };
}

/** Replies, review by review: `n` for a review, after it and never after REFERENCE_DATE. */
function replySeeder(
  db: DB,
  rng: Rng,
  users: number,
): { seed(reviewId: number, merchantId: number, n: number, postedAt: number): void; count(): number } {
  const ins = db.prepare(
    'INSERT INTO replies (id, review_id, user_id, content, likes, posted_at, merchant_id) VALUES (?,?,?,?,?,?,?)',
  );
  let replyId = FIRST_REPLY_ID;
  const seed = (reviewId: number, merchantId: number, n: number, postedAt: number) => {
    // The merchant (the product's) answers one review in three that has replies (its first
    // reply), chosen by id and not by the random stream, so every other value stays as it was.
    const merchant = n > 0 && reviewId % 3 === 0 ? { merchant_id: merchantId } : undefined;
    for (let r = 0; r < n; r++) {
      const userId = FIRST_USER_ID + rng.int(0, users - 1);
      const text = rng.pick(REPLIES);
      const byMerchant = merchant && r === 0;
      ins.run(
        replyId++,
        reviewId,
        userId,
        byMerchant ? MERCHANT_REPLIES[reviewId % MERCHANT_REPLIES.length] : text,
        rng.int(0, 20),
        Math.min(REFERENCE_DATE, postedAt + rng.int(1, 30 * 24 * 60) * MINUTE),
        byMerchant ? merchant.merchant_id : null,
      );
    }
  };
  return { seed, count: () => replyId - FIRST_REPLY_ID };
}

/**
 * The orders behind the reviews (issue 21 item 5): four reviews in five (chosen by id, not by
 * the random stream) have a received order of their reviewer for their sku, a week or so
 * before the review; the rest have none, so they show no "已购买". Order id = review id, set
 * based: two statements per range of review ids [fromId, toId] (the seed commits range by
 * range). Orders the shop takes later get higher ids.
 */
export function seedReviewOrders(db: DB, fromId: number, toId: number): void {
  const DAY = 24 * 60 * MINUTE;
  db.prepare(
    `INSERT INTO orders (id, user_id, merchant_id, status, payment_method, shipping_method, shipping_address_id,
       currency, items_cents, items_fen, loyalty_fen, payable_fen, created_at, updated_at)
     SELECT r.id, r.user_id, p.merchant_id, 'RECEIVED', 'WECHATPAY', 'SUNSHINE_CUSTOM', 0, p.currency, s.cents,
       CAST(round(s.cents * p.exchange_rate) AS INTEGER), 0, CAST(round(s.cents * p.exchange_rate) AS INTEGER),
       r.posted_at - 10 * ?, r.posted_at - 3 * ?
     FROM reviews r JOIN products p ON p.id = r.product_id JOIN skus s ON s.id = r.sku_id
     WHERE r.id BETWEEN ? AND ? AND (r.id * 7) % 10 < 8`,
  ).run(DAY, DAY, fromId, toId);
  db.prepare(
    `INSERT INTO order_items (id, order_id, sku_id, kind, name, cents, fen, quantity)
    SELECT o.id, o.id, r.sku_id, 'AVAILABLE', s.name, s.cents, o.items_fen, 1
    FROM orders o JOIN reviews r ON r.id = o.id JOIN skus s ON s.id = r.sku_id WHERE o.id BETWEEN ? AND ?`,
  ).run(fromId, toId);
}
