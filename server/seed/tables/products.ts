import type { Leaf } from '../../catalogue';
import type { DB } from '../../db/open';
import { mediaImage } from '../../media/urls';
import { adjectivesFor, lineOf, sizesFor, type BrandRow } from '../lines';
import type { Rng } from '../prng';
import { DAY, REFERENCE_DATE, json, yuanOf } from '../reference';
import { FIRST_PRODUCT_ID } from '../special';
import { EXCHANGE_RATES, LABELS, MARKS, MERCHANTS, type Kind, type Line, type MerchantDef } from '../vocab';
import { skuSeeder } from './skus';
import { sizeChartOf } from '../size-charts';

export interface SeededProduct {
  id: number;
  kind: Kind;
  /** Its leaf category (copied onto its reviews) and merchant (who answers some replies). */
  categoryId: string;
  /** The leaf's ancestors, copied onto its reviews (the feed's category filter, issue 23). */
  parentId: string;
  groupId: string;
  merchantId: number;
  skus: number[];
}

interface Offer {
  line: Line;
  /** Its size chart as stored (server/seed/size-charts.ts), null for none. */
  chart: unknown;
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
    const { id, line } = lineOf(leaf);
    const merchants = all.filter(([m]) => m.kinds.includes(line.kind));
    const sizes = sizesFor(line, leaf.displayTerm);
    offers.set(leaf.id, {
      line,
      chart: sizeChartOf(id, line, sizes),
      brands: line.brands.map((k) => byKey.get(k)!),
      merchants: merchants.length ? merchants : all,
      adjectives: adjectivesFor(line, leaf.displayTerm),
      sizes,
    });
  }
  return offers;
}

/**
 * Products, one at a time (ids from FIRST_PRODUCT_ID in call order), each followed by its SKUs
 * (tables/skus.ts) from the same stream, so the sequence of draws is product, its SKUs, next
 * product. The caller streams: it seeds a product, then its reviews, and keeps no list of them
 * (1,000,000 reviews, docs/server.md "Demo data at scale"). `setReviewStats` writes a product's
 * review count and score sum once its reviews are in.
 */
export function productSeeder(
  db: DB,
  rng: Rng,
  allLeaves: readonly Leaf[],
  brands: readonly BrandRow[],
): {
  seed(leaf: Leaf): SeededProduct;
  setReviewStats(productId: number, reviews: number, scoreSum: number): void;
  count(): number;
  skus(): number;
} {
  const offers = leafOffers(allLeaves, brands);
  const ins =
    db.prepare(`INSERT INTO products (id, merchant_id, brand_id, category_id, group_id, name, name_cn, description, description_cn,
    currency, cents, list_cents, exchange_rate, price_yuan, marks, labels, images, promo, group_buy, size_chart, created_at)
    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const stats = db.prepare('UPDATE products SET review_count = ?, score_sum = ? WHERE id = ?');
  const skus = skuSeeder(db, rng);
  let n = 0;
  const seed = (leaf: Leaf): SeededProduct => {
    const id = FIRST_PRODUCT_ID + n++;
    const offer = offers.get(leaf.id)!;
    const { kind } = offer.line;
    const brand = rng.pick(offer.brands);
    const [merchant, merchantId] = rng.pick(offer.merchants);
    const rate = EXCHANGE_RATES[merchant.currency];
    const [lo, hi] = offer.line.price;
    const cents = Math.round(lo + (hi - lo) * rng.next() ** 2) * 100 - rng.pick([0, 0, 1, 5, 50]);
    const listCents = rng.chance(0.4) ? Math.round((cents * (100 + rng.int(15, 60))) / 100) : cents;
    const [adjEn, adjCn] = rng.pick(offer.adjectives);
    const name = `${brand.name} ${adjEn} ${leaf.term}`;
    const nameCN = `${brand.nameCN} ${adjCn}${leaf.displayTerm}`;
    const images = Array.from({ length: rng.int(1, 4) }, (_, k) => ({
      full: mediaImage('product', `p${id}-${k}`, 800, 800),
      thumbnail: mediaImage('product', `p${id}-${k}`, 240, 240),
    }));
    const pct = rng.pick([10, 15, 20, 30]);
    const promo = rng.chance(0.3)
      ? {
          type: 'DISCOUNT',
          label: `限时${(10 - pct / 10).toString()}折`,
          percentOff: pct,
          promoCents: Math.round((cents * (100 - pct)) / 100),
          endsAt: REFERENCE_DATE + rng.int(3, 14) * DAY,
        }
      : null;
    const members = rng.pick([2, 3]);
    const groupBuy = rng.chance(0.15)
      ? {
          label: `${members}人拼团`,
          minMembers: members,
          groupCents: Math.round(cents * 0.9),
          endsAt: REFERENCE_DATE + rng.int(1, 7) * DAY,
        }
      : null;
    ins.run(
      id,
      merchantId,
      brand.id,
      leaf.id,
      leaf.groupId,
      name,
      nameCN,
      `${adjEn} ${leaf.term.toLowerCase()} by ${brand.name}, shipped directly from ${merchant.name} (${merchant.country}).`,
      `${brand.nameCN}（${brand.name}）${adjCn}${leaf.displayTerm}，${brand.country}品牌，由${merchant.nameCN}海外直邮，正品保证。`,
      merchant.currency,
      cents,
      listCents,
      rate,
      yuanOf(cents, rate),
      json(rng.sample(MARKS, rng.int(1, 3))),
      json(rng.sample(LABELS, rng.int(0, 2))),
      json(images),
      promo && json(promo),
      groupBuy && json(groupBuy),
      json(offer.chart),
      REFERENCE_DATE - rng.int(60, 900) * DAY,
    );
    return {
      id,
      kind,
      categoryId: leaf.id,
      parentId: leaf.parentId,
      groupId: leaf.groupId,
      merchantId,
      skus: skus.seed({ productId: id, kind, cents, nameCN, sizes: offer.sizes }),
    };
  };
  return {
    seed,
    setReviewStats: (productId, reviews, scoreSum) => void stats.run(reviews, scoreSum, productId),
    count: () => n,
    skus: () => skus.count(),
  };
}
