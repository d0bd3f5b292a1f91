// Deterministic demo data generator. Same (seed, reviews, catalogue) => identical rows: the only
// randomness is the seeded PRNG and the only clock is REFERENCE_DATE. Everything is written in
// one transaction with prepared statements (100,000 reviews in seconds, see docs/server.md).
import type { Catalogue, Leaf } from '../catalogue';
import type { DB } from '../db/open';
import { mediaImage, mediaPath, thumbSize, type MediaExt } from '../media/urls';
import { ARTICLES } from './articles';
import { Rng } from './prng';
import {
  FIRST_ARTICLE_ID, FIRST_PRODUCT_ID, FIRST_REPLY_ID, FIRST_REVIEW_ID, FIRST_SKU_ID, FIRST_USER_ID,
  HOSTILE_USER_ID, HOSTILE_USER_LABEL, JAVASCRIPT_URL, MALFORMED_POSTED_AT, SAME_TIME, SCRIPT_CONTENT, SPECIAL,
  type Overrides,
} from './special';
import { REPLIES, pickTextStyle, reviewText, wordTags } from './texts';
import { productLeaves, reviewCounts } from './allocate';
import { adjectivesFor, brandRows, lineOf, sizesFor, type BrandRow } from './lines';
import {
  COLOURS, CURRENCY_SIGN, EXCHANGE_RATES, HAS_COLOUR, LABELS, MARKS, MEDALS,
  MERCHANTS, NICK_PREFIX, NICK_SUFFIX, PICTURE_SIZES, VIDEO_COVER_SIZES, WIDTHS, type Kind, type Line, type MerchantDef,
} from './vocab';
import { round2 } from '../../src/review/format';

/** "Now" of the demo data: 2025-07-01 00:00 China Standard Time. Never Date.now(). */
export const REFERENCE_DATE = Date.UTC(2025, 5, 30, 16, 0, 0);
/**
 * The default data set: enough reviews for one product per leaf category (data/categories.json
 * has 442 leaves), with the surplus on a few well-reviewed products (server/seed/allocate.ts).
 */
export const DEFAULT_REVIEWS = 500;
export const DEFAULT_SEED = 42;

const DAY = 86_400_000;
const MINUTE = 60_000;

export interface SeedOptions { reviews: number; seed: number; catalogue: Catalogue }
export interface SeedStats {
  merchants: number; brands: number; products: number; skus: number; users: number;
  reviews: number; replies: number; articles: number; ms: number;
}

/** An independent stream per part, so that e.g. the review count does not change the merchants. */
function stream(seed: number, part: number): Rng {
  let h = (seed ^ Math.imul(part + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  return new Rng(h ^ (h >>> 13));
}

/** A product's price in yuan, rounded as the site rounds it (src/review/format.ts round2). */
export const yuanOf = (cents: number, rate: number) => round2((cents * rate) / 100);
const json = (v: unknown) => JSON.stringify(v);

export function priceTag(cents: number, currency: keyof typeof CURRENCY_SIGN): string {
  return `${CURRENCY_SIGN[currency]}${(cents / 100).toFixed(2)}`;
}

function sizeChart(kind: Kind): unknown {
  if (kind === 'apparel') {
    return [{ name: '尺码表', unit: 'cm', columns: ['尺码', '胸围', '腰围', '衣长'], rows: [
      ['XS', '80-84', '62-66', '60'], ['S', '84-88', '66-70', '62'], ['M', '88-92', '70-74', '64'],
      ['L', '92-98', '74-80', '66'], ['XL', '98-104', '80-86', '68'],
    ] }];
  }
  if (kind === 'shoes') {
    return [{ name: '鞋码对照表', unit: 'cm', columns: ['美码', '欧码', '英码', '脚长'], rows: [
      ['US 6', '38.5', 'UK 5.5', '24.0'], ['US 7', '40', 'UK 6', '25.0'], ['US 7.5', '40.5', 'UK 6.5', '25.5'],
      ['US 8', '41', 'UK 7', '26.0'], ['US 9', '42.5', 'UK 8', '27.0'], ['US 10', '44', 'UK 9', '28.0'],
      ['US 11', '45', 'UK 10', '29.0'],
    ] }];
  }
  return null;
}

interface Offer {
  line: Line;
  brands: BrandRow[];
  merchants: Array<readonly [MerchantDef, number]>;
  adjectives: Line['adjectives'];
  sizes: readonly string[] | null;
}

/** What each leaf's products are made of, worked out once per leaf rather than per product. */
function leafOffers(leaves: readonly Leaf[], brands: readonly BrandRow[]): Map<string, Offer> {
  const byKey = new Map(brands.map((b) => [b.key, b]));
  const all = MERCHANTS.map((m, k) => [m, k + 1] as const);
  const offers = new Map<string, Offer>();
  for (const leaf of leaves) {
    const { line } = lineOf(leaf);
    const merchants = all.filter(([m]) => m.kinds.includes(line.kind));
    offers.set(leaf.id, {
      line,
      brands: line.brands.map((k) => byKey.get(k)!),
      merchants: merchants.length ? merchants : all,
      adjectives: adjectivesFor(line, leaf.displayTerm),
      sizes: sizesFor(line, leaf.displayTerm),
    });
  }
  return offers;
}

const CARRIERS: Record<string, string[]> = {
  US: ['UPS Ground', 'FedEx Home Delivery', 'USPS Priority Mail'], GB: ['Royal Mail Tracked 48', 'DPD'],
  DE: ['DHL Paket', 'Hermes'], FR: ['Colissimo', 'Chronopost'], IT: ['BRT', 'Poste Italiane'], DK: ['PostNord', 'GLS'],
};

export function seedDatabase(db: DB, opts: SeedOptions): SeedStats {
  const started = process.hrtime.bigint();
  const { catalogue } = opts;
  const nReviews = Math.max(0, Math.floor(opts.reviews));
  if (!catalogue.leaves.length) throw new Error(`${catalogue.file}: the catalogue has no leaf categories`);

  const stats: SeedStats = { merchants: 0, brands: 0, products: 0, skus: 0, users: 0, reviews: 0, replies: 0, articles: 0, ms: 0 };

  const run = db.transaction(() => {
    for (const t of ['review_likes', 'replies', 'reviews', 'sessions', 'sms_codes', 'skus', 'products', 'users', 'brands', 'merchants', 'articles', 'meta']) {
      db.exec(`DELETE FROM ${t}`);
    }

    // Merchants and brands: fixed lists, random details.
    const mrng = stream(opts.seed, 1);
    const insMerchant = db.prepare('INSERT INTO merchants (id, name, name_cn, country, origin, currency, website, description, logo, banner, shipping) VALUES (?,?,?,?,?,?,?,?,?,?,?)');
    MERCHANTS.forEach((m, i) => {
      const id = i + 1;
      const threshold = mrng.pick([4900, 7500, 9900, 15000]);
      const shipping = {
        currency: m.currency,
        freeShippingThresholdCents: threshold,
        rules: [
          { minCents: 0, maxCents: threshold, feeCents: mrng.pick([499, 599, 795, 995]) },
          { minCents: threshold, maxCents: null, feeCents: 0 },
        ],
        estimatedDays: { min: mrng.int(1, 3), max: mrng.int(4, 7) },
        carrier: mrng.pick(CARRIERS[m.country] ?? ['Standard']),
        note: `${m.origin}境内段运费由商家收取，满${priceTag(threshold, m.currency)}免运费；国际段运费另计。`,
      };
      insMerchant.run(id, m.name, m.nameCN, m.country, m.origin, m.currency, m.website, m.description,
        json(mediaImage('merchant', `mc${id}`, 240, 120)), json(mediaImage('banner', `mc${id}`, 750, 300)), json(shipping));
    });
    stats.merchants = MERCHANTS.length;

    const insBrand = db.prepare('INSERT INTO brands (id, name, name_cn, country, groups, logo) VALUES (?,?,?,?,?,?)');
    const brands = brandRows(catalogue.leaves);
    for (const b of brands) insBrand.run(b.id, b.name, b.nameCN, b.country, json(b.groups), json(mediaImage('brand', `b${b.id}`, 200, 100)));
    stats.brands = brands.length;
    const offers = leafOffers(catalogue.leaves, brands);

    // Users (plus the hostile one).
    const urng = stream(opts.seed, 2);
    const insUser = db.prepare('INSERT INTO users (id, label, avatar, medals, phone, created_at) VALUES (?,?,?,?,NULL,?)');
    const medalsOf = (n: number) => urng.sample(MEDALS, n).map((m) => ({ image: { url: mediaPath('medal', m.id, 72, 72, 'webp') }, text: { text: m.text } }));
    insUser.run(HOSTILE_USER_ID, HOSTILE_USER_LABEL, mediaPath('avatar', `u${HOSTILE_USER_ID}`, 160, 160), json(medalsOf(1)), REFERENCE_DATE - 400 * DAY);
    const nUsers = Math.max(40, Math.ceil(nReviews / 4));
    for (let i = 0; i < nUsers; i++) {
      const id = FIRST_USER_ID + i;
      const label = urng.weighted<() => string>([
        [() => urng.pick(NICK_PREFIX) + urng.pick(NICK_SUFFIX) + (urng.chance(0.3) ? String(urng.int(1, 999)) : ''), 80],
        [() => `1${urng.int(30, 99)}****${String(urng.int(0, 9999)).padStart(4, '0')}`, 12],
        [() => '匿名用户', 8],
      ])();
      const avatar = urng.chance(0.92) ? mediaPath('avatar', `u${id}`, 160, 160) : null;
      const medals = medalsOf(urng.weighted([[0, 50], [1, 35], [2, 15]] as const));
      insUser.run(id, label, avatar, json(medals), REFERENCE_DATE - urng.int(30, 1500) * DAY);
    }
    stats.users = nUsers + 1;

    // Reviews per product, and products over the leaves: every leaf gets one once the reviews
    // suffice (server/seed/allocate.ts).
    const prng = stream(opts.seed, 3);
    const counts = reviewCounts(prng, nReviews, catalogue.leaves.length);
    const leafOfProduct = productLeaves(stream(opts.seed, 6), catalogue.leaves, counts.length);
    const insProduct = db.prepare(`INSERT INTO products (id, merchant_id, brand_id, category_id, group_id, name, name_cn, description, description_cn,
      currency, cents, list_cents, exchange_rate, price_yuan, marks, labels, images, promo, group_buy, size_chart, created_at)
      VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
    const insSku = db.prepare('INSERT INTO skus (id, product_id, name, cents, color, size, width, image) VALUES (?,?,?,?,?,?,?,?)');
    interface P { id: number; kind: Kind; skus: number[] }
    const products: P[] = [];
    let skuId = FIRST_SKU_ID;
    counts.forEach((_, i) => {
      const id = FIRST_PRODUCT_ID + i;
      const leaf = leafOfProduct[i];
      const offer = offers.get(leaf.id)!;
      const { kind } = offer.line;
      const brand = prng.pick(offer.brands);
      const [merchant, merchantId] = prng.pick(offer.merchants);
      const rate = EXCHANGE_RATES[merchant.currency];
      const [lo, hi] = offer.line.price;
      const cents = Math.round(lo + (hi - lo) * prng.next() ** 2) * 100 - prng.pick([0, 0, 1, 5, 50]);
      const listCents = prng.chance(0.4) ? Math.round((cents * (100 + prng.int(15, 60))) / 100) : cents;
      const [adjEn, adjCn] = prng.pick(offer.adjectives);
      const name = `${brand.name} ${adjEn} ${leaf.term}`;
      const nameCN = `${brand.nameCN} ${adjCn}${leaf.displayTerm}`;
      const images = Array.from({ length: prng.int(1, 4) }, (_, k) => ({
        full: mediaImage('product', `p${id}-${k}`, 800, 800), thumbnail: mediaImage('product', `p${id}-${k}`, 240, 240),
      }));
      const pct = prng.pick([10, 15, 20, 30]);
      const promo = prng.chance(0.3)
        ? { type: 'DISCOUNT', label: `限时${(10 - pct / 10).toString()}折`, percentOff: pct, promoCents: Math.round((cents * (100 - pct)) / 100), endsAt: REFERENCE_DATE + prng.int(3, 14) * DAY }
        : null;
      const members = prng.pick([2, 3]);
      const groupBuy = prng.chance(0.15)
        ? { label: `${members}人拼团`, minMembers: members, groupCents: Math.round(cents * 0.9), endsAt: REFERENCE_DATE + prng.int(1, 7) * DAY }
        : null;
      insProduct.run(id, merchantId, brand.id, leaf.id, leaf.groupId, name, nameCN,
        `${adjEn} ${leaf.term.toLowerCase()} by ${brand.name}, shipped directly from ${merchant.name} (${merchant.country}).`,
        `${brand.nameCN}（${brand.name}）${adjCn}${leaf.displayTerm}，${brand.country}品牌，由${merchant.nameCN}海外直邮，正品保证。`,
        merchant.currency, cents, listCents, rate, yuanOf(cents, rate),
        json(prng.sample(MARKS, prng.int(1, 3))), json(prng.sample(LABELS, prng.int(0, 2))), json(images),
        promo && json(promo), groupBuy && json(groupBuy), json(offer.line.sizes === undefined ? sizeChart(kind) : null), REFERENCE_DATE - prng.int(60, 900) * DAY);

      // SKUs: colour x size x width, at most 12.
      const colours = HAS_COLOUR[kind] ? prng.sample(COLOURS, prng.int(1, 3)) : [null];
      const sizeList = offer.sizes;
      let sizes: Array<string | null> = [null];
      if (sizeList) {
        const n = prng.int(1, Math.min(4, sizeList.length));
        const start = prng.int(0, sizeList.length - n);
        sizes = sizeList.slice(start, start + n);
      }
      const widths = kind === 'shoes' && prng.chance(0.5) ? WIDTHS.slice(0, 2) : [null];
      const skus: number[] = [];
      for (const c of colours) for (const [si, s] of sizes.entries()) for (const w of widths) {
        if (skus.length >= 12) break;
        const variant = [c, s, w].filter(Boolean).join(' ') || '默认';
        const up = kind === 'beauty' || kind === 'food' || kind === 'drinks' || kind === 'health' ? 1 + si * 0.6 : 1;
        insSku.run(skuId, id, prng.chance(0.6) ? `${nameCN}|${variant}` : nameCN, Math.round(cents * up), c, s, w,
          json({ full: { url: mediaPath('sku', `s${skuId}`, 800, 800) }, thumbnail: { url: mediaPath('sku', `s${skuId}`, 240, 240) } }));
        skus.push(skuId++);
      }
      products.push({ id, kind, skus });
    });
    stats.products = products.length;
    stats.skus = skuId - FIRST_SKU_ID;

    // Reviews and replies.
    const rrng = stream(opts.seed, 4);
    const insReview = db.prepare(`INSERT INTO reviews (id, product_id, category_id, sku_id, user_id, content, score, word_tags, pictures, videos, likes, reply_count, posted_at, overrides)
      VALUES (?, ?, (SELECT category_id FROM products WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insReply = db.prepare('INSERT INTO replies (id, review_id, user_id, content, likes, posted_at) VALUES (?,?,?,?,?,?)');
    let reviewId = FIRST_REVIEW_ID;
    let replyId = FIRST_REPLY_ID;
    const picture = (pid: number) => {
      const [w, h] = rrng.pick(PICTURE_SIZES);
      const ext: MediaExt = rrng.chance(0.15) ? 'webp' : 'jpg';
      const [tw, th] = thumbSize(w, h);
      return { id: pid, full: mediaImage('picture', `r${pid}`, w, h, ext), thumbnail: mediaImage('picture', `r${pid}`, tw, th, ext) };
    };
    products.forEach((p, i) => {
      for (let k = 0; k < counts[i]; k++) {
        const id = reviewId++;
        const score = rrng.weighted([[5, 55], [4, 25], [3, 10], [2, 5], [1, 5]] as const);
        const style = pickTextStyle(rrng);
        let content: string | null = reviewText(rrng, p.kind, score, style);
        const tags = style === 'default' ? [] : wordTags(rrng, p.kind);
        let pictures: ReturnType<typeof picture>[] = [];
        let videos: Array<{ cover: { url: string; width: number; height: number } }> = [];
        if (style !== 'default' || rrng.chance(0.1)) {
          if (rrng.chance(0.08)) {
            const [w, h] = rrng.pick(VIDEO_COVER_SIZES);
            videos = [{ cover: { url: mediaPath('cover', `v${id}`, w, h), width: w, height: h } }];
          } else {
            const n = rrng.weighted([[0, 20], [1, 14], [2, 12], [3, 12], [4, 10], [5, 8], [6, 7], [7, 6], [8, 5], [9, 6]] as const);
            pictures = Array.from({ length: n }, (_, j) => picture(id * 10 + j));
          }
        }
        let userId = FIRST_USER_ID + rrng.int(0, nUsers - 1);
        let skuRef: number | null = rrng.pick(p.skus);
        let postedAt = REFERENCE_DATE - rrng.int(1, 730 * 24 * 60) * MINUTE;
        const likes = Math.floor(rrng.next() ** 3 * 320);
        let overrides: Overrides | null = null;

        if (id === SPECIAL.scriptContent) content = SCRIPT_CONTENT;
        if (id === SPECIAL.htmlUserLabel) userId = HOSTILE_USER_ID;
        if (id === SPECIAL.javascriptPicture) {
          if (!pictures.length) pictures = [picture(id * 10), picture(id * 10 + 1)];
          videos = [];
          pictures[0] = { ...pictures[0], full: { ...pictures[0].full, url: JAVASCRIPT_URL }, thumbnail: { ...pictures[0].thumbnail, url: JAVASCRIPT_URL } };
        }
        if (id === SPECIAL.nullSku) skuRef = null;
        if ((SPECIAL.sameTime as readonly number[]).includes(id)) postedAt = SAME_TIME;
        if (id === SPECIAL.nullFields) {
          content = null;
          overrides = { review: { productCommentLabel: null, userMedals: null } };
        }
        if (id === SPECIAL.malformedPostedAt) overrides = { review: { postedAt: MALFORMED_POSTED_AT } };

        const nReplies = rrng.chance(0.15) ? rrng.int(1, 4) : 0;
        insReview.run(id, p.id, p.id, skuRef, userId, content, score, json(tags), json(pictures), json(videos), likes, nReplies, postedAt, overrides && json(overrides));
        for (let r = 0; r < nReplies; r++) {
          insReply.run(replyId++, id, FIRST_USER_ID + rrng.int(0, nUsers - 1), rrng.pick(REPLIES), rrng.int(0, 20),
            Math.min(REFERENCE_DATE, postedAt + rrng.int(1, 30 * 24 * 60) * MINUTE));
        }
      }
    });
    stats.reviews = reviewId - FIRST_REVIEW_ID;
    stats.replies = replyId - FIRST_REPLY_ID;
    db.exec(`UPDATE products SET review_count = c.n, score_sum = c.s
      FROM (SELECT product_id, count(*) AS n, sum(score) AS s FROM reviews GROUP BY product_id) AS c
      WHERE c.product_id = products.id`);

    // Articles for the home page.
    const arng = stream(opts.seed, 5);
    const insArticle = db.prepare('INSERT INTO articles (id, title, summary, content, author, tags, cover, banner, views, published_at) VALUES (?,?,?,?,?,?,?,?,?,?)');
    ARTICLES.forEach((a, i) => {
      const id = FIRST_ARTICLE_ID + i;
      insArticle.run(id, a.title, a.summary, a.paragraphs.join('\n\n'), a.author, json(a.tags),
        json(mediaImage('article', `a${id}`, 690, 388)), i < 6 ? json(mediaImage('banner', `a${id}`, 1500, 500)) : null,
        arng.int(500, 50_000), REFERENCE_DATE - arng.int(1, 365) * DAY - arng.int(0, 1439) * MINUTE);
    });
    stats.articles = ARTICLES.length;

    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('seed_params', json({
      seed: opts.seed, reviews: nReviews, referenceDate: REFERENCE_DATE, catalogueHash: catalogue.hash,
    }));
  });
  run();
  stats.ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
  return stats;
}
