// Products: detail, summaries (related, discover, search), the pinned similar-products list,
// size charts and translations.
import type { Catalogue } from '../catalogue';
import type { DB } from '../db/open';
import { badRequest, notFound } from '../errors';
import type { Prefixer } from '../media/prefix';
import { priceTag } from '../seed/reference';
import type {
  Product,
  ProductDetail,
  ProductTranslation,
  SimilarProductItem,
  SizeChart,
} from '../../src/storefront/wire/products';
import type { Sku } from '../../src/storefront/wire/reviews';
import { defaultStock } from './checkout-rules';

export interface ProductRow {
  id: number;
  merchant_id: number;
  brand_id: number;
  category_id: string;
  group_id: string;
  name: string;
  name_cn: string;
  description: string;
  description_cn: string;
  currency: 'USD' | 'EUR' | 'GBP';
  cents: number;
  list_cents: number;
  exchange_rate: number;
  price_yuan: number;
  marks: string;
  labels: string;
  images: string;
  promo: string | null;
  group_buy: string | null;
  size_chart: string | null;
  review_count: number;
  score_sum: number;
  b_name: string;
  b_name_cn: string;
  m_name: string;
  m_name_cn: string;
  m_origin: string;
}

/** The deepest window start of discover and search (the catalogue pages ask for the first few). */
export const MAX_PRODUCT_SKIP = 10_000;

/** A window may start at most MAX_PRODUCT_SKIP deep (docs/server.md "Listings at scale"). */
function checkSkip(offset: number): void {
  if (offset > MAX_PRODUCT_SKIP) throw badRequest(`参数 f 最大为 ${MAX_PRODUCT_SKIP}`);
}

/** A window of a product listing and the count of every match. */
type ProductPage = { products: Product[]; total: number };

/** Discover's sorts and their answer order (ties by id). */
export const PRODUCT_ORDERS = {
  popular: 'p.review_count DESC, p.id ASC',
  newest: 'p.created_at DESC, p.id DESC',
  price_asc: 'p.price_yuan ASC, p.id ASC',
  price_desc: 'p.price_yuan DESC, p.id ASC',
} as const;
export type ProductSort = keyof typeof PRODUCT_ORDERS;
const INDEX_OF_SORT: Record<ProductSort, string> = {
  popular: 'popular',
  newest: 'newest',
  price_asc: 'price',
  price_desc: 'price_desc',
};

/**
 * Which products a listing reads, each one range of its own index per sort (schema.sql
 * products_all_*, products_leaf_*, products_group_*): all of them, one leaf's, one group's.
 */
export type ProductScope = { level: 'all' } | { level: 'leaf'; id: string } | { level: 'group'; id: string };

const SELECT_PRODUCT = `SELECT p.*, b.name AS b_name, b.name_cn AS b_name_cn, m.name AS m_name, m.name_cn AS m_name_cn, m.origin AS m_origin
  FROM products p JOIN brands b ON b.id = p.brand_id JOIN merchants m ON m.id = p.merchant_id`;

type ImagePair = {
  full: { url: string; width: number; height: number; format: string };
  thumbnail: { url: string; width: number; height: number; format: string };
};

export class ProductRepository {
  constructor(
    private readonly db: DB,
    private readonly media: Prefixer,
    private readonly catalogue: Catalogue,
  ) {}

  private images(raw: string): ImagePair[] {
    return (JSON.parse(raw) as ImagePair[]).map((i) => ({
      full: { ...i.full, url: this.media(i.full.url)! },
      thumbnail: { ...i.thumbnail, url: this.media(i.thumbnail.url)! },
    }));
  }

  toSummary(r: ProductRow): Product {
    return {
      id: r.id,
      name: r.name,
      nameCN: r.name_cn,
      brand: { id: r.brand_id, name: r.b_name, nameCN: r.b_name_cn },
      merchant: { id: r.merchant_id, name: r.m_name, nameCN: r.m_name_cn },
      categoryId: r.category_id,
      rootCategoryId: r.group_id,
      images: this.images(r.images),
      currency: r.currency,
      cents: r.cents,
      listCents: r.list_cents,
      exchangeRate: r.exchange_rate,
      priceYuan: r.price_yuan,
      discountPercent: r.list_cents > r.cents ? Math.floor(((r.list_cents - r.cents) * 100) / r.list_cents) : 0,
      priceTag: priceTag(r.cents, r.currency),
      priceTagCN: `¥${r.price_yuan.toFixed(2)}`,
      origin: r.m_origin,
      marks: JSON.parse(r.marks) as string[],
      commentCount: r.review_count,
      averageScore: r.review_count ? Math.round((r.score_sum / r.review_count) * 10) / 10 : null,
    };
  }

  private row(id: number): ProductRow {
    const r = this.db.prepare(`${SELECT_PRODUCT} WHERE p.id = ?`).get(id) as ProductRow | undefined;
    if (!r) throw notFound('商品不存在');
    return r;
  }

  skus(r: ProductRow): Sku[] {
    // With the stock the cart and express buy take from (issue 45: the picker shows what is sold out).
    const rows = this.db
      .prepare(
        'SELECT s.*, st.stock FROM skus s LEFT JOIN sku_stock st ON st.sku_id = s.id WHERE s.product_id = ? ORDER BY s.id',
      )
      .all(r.id) as Array<{
      id: number;
      name: string;
      cents: number;
      color: string | null;
      size: string | null;
      width: string | null;
      image: string;
      stock: number | null;
    }>;
    return rows.map((s) => {
      const img = JSON.parse(s.image) as { full: { url: string }; thumbnail: { url: string } };
      const attributes: NonNullable<NonNullable<Sku['attributes']>['attributes']> = {
        exchangeRateUsed: { choices: [r.exchange_rate] },
      };
      if (s.width) attributes.width = { choices: [s.width] };
      const sku: Sku & { id: number } = {
        id: s.id,
        productId: r.id,
        name: s.name,
        cents: s.cents,
        attributes: { attributes },
        images: [{ full: { url: this.media(img.full.url) }, thumbnail: { url: this.media(img.thumbnail.url) } }],
        stock: Math.max(0, s.stock ?? defaultStock(s.id)),
      };
      if (s.color) sku.color = { name: s.color };
      if (s.size) sku.size = { name: s.size };
      return sku;
    });
  }

  getProduct(id: number, opts: { promo: boolean; groupBuy: boolean }): ProductDetail {
    const r = this.row(id);
    const detail: ProductDetail = {
      ...this.toSummary(r),
      description: r.description,
      descriptionCN: r.description_cn,
      labels: JSON.parse(r.labels) as string[],
      categoryName: this.catalogue.nameOf(r.category_id) ?? null,
      skus: this.skus(r),
      hasSizeChart: r.size_chart !== null && r.size_chart !== 'null',
    };
    if (opts.promo) detail.promo = r.promo ? JSON.parse(r.promo) : null;
    if (opts.groupBuy) detail.groupBuy = r.group_buy ? JSON.parse(r.group_buy) : null;
    return detail;
  }

  /** Pinned helper 3: same leaf category first, then the same top-level group; at most 12, never itself. */
  similar(id: number): SimilarProductItem[] {
    const r = this.row(id);
    // Same leaf category first, then the rest of the top-level group; most reviewed first.
    // Two index walks (products_category_reviews, products_group_reviews) rather than one
    // ORDER BY (category_id = ?) that sorted the whole group: at 100,000 reviews a group holds
    // ~2,600 products and the sort made this call 7x slower than at 10,000.
    const same = this.db
      .prepare(
        `${SELECT_PRODUCT} WHERE p.category_id = ? AND p.id != ?
      ORDER BY p.review_count DESC, p.id ASC LIMIT 12`,
      )
      .all(r.category_id, id) as ProductRow[];
    const rest =
      same.length >= 12
        ? []
        : (this.db
            .prepare(
              `${SELECT_PRODUCT} WHERE p.group_id = ? AND p.category_id != ? AND p.id != ?
      ORDER BY p.review_count DESC, p.id ASC LIMIT ?`,
            )
            .all(r.group_id, r.category_id, id, 12 - same.length) as ProductRow[]);
    const rows = [...same, ...rest];
    return rows.map((p) => {
      const s = this.toSummary(p);
      return {
        product: {
          id: s.id,
          images: s.images,
          marks: s.marks,
          name: s.name,
          nameCN: s.nameCN,
          priceTag: s.priceTag,
          priceTagCN: s.priceTagCN,
        },
        labelView: {
          shortLabels: (JSON.parse(p.labels) as string[]).length
            ? [{ labels: (JSON.parse(p.labels) as string[]).map((text) => ({ text })) }]
            : [],
        },
        origin: s.origin,
      };
    });
  }

  /** Same brand first, then the same merchant; at most 12, never itself. */
  related(id: number): Product[] {
    const r = this.row(id);
    const rows = this.db
      .prepare(
        `${SELECT_PRODUCT} WHERE (p.brand_id = ? OR p.merchant_id = ?) AND p.id != ?
      ORDER BY (p.brand_id = ?) DESC, p.review_count DESC, p.id ASC LIMIT 12`,
      )
      .all(r.brand_id, r.merchant_id, id, r.brand_id) as ProductRow[];
    return rows.map((p) => this.toSummary(p));
  }

  sizeChart(id: number): SizeChart {
    const r = this.row(id);
    const charts = r.size_chart
      ? (JSON.parse(r.size_chart) as Array<{ name: string; unit: string; columns: string[]; rows: string[][] }> | null)
      : null;
    const c = charts?.[0];
    if (!c) return { productId: id, name: null, unit: null, rows: [], note: null };
    return {
      productId: id,
      name: c.name,
      unit: c.unit,
      rows: [c.columns, ...c.rows],
      note: `单位：${c.unit}。测量方式不同可能存在1-2cm误差。`,
    };
  }

  translation(id: number): ProductTranslation {
    const r = this.row(id);
    return {
      productId: id,
      language: 'zh-CN',
      name: r.name_cn,
      description: r.description_cn,
      sourceName: r.name,
      sourceDescription: r.description,
    };
  }

  /**
   * A window of a product listing (discover, category listings), in `sort` order: the window's
   * ids are read from the scope's index of the sort alone (it holds the columns the category
   * and price filters read), walking it in answer order, so the `offset` rows skipped cost index
   * entries, not rows with their brand and merchant; then only the window's rows are fetched by
   * id. No sort, no table scan; `offset` is bounded by MAX_PRODUCT_SKIP (docs/server.md
   * "Listings at scale"). `total` counts every match (an index range for a leaf or a group).
   */
  window(
    scope: ProductScope,
    where: string[],
    args: unknown[],
    sort: ProductSort,
    offset: number,
    limit: number,
  ): ProductPage {
    checkSkip(offset);
    const conds = [...where];
    const condArgs = [...args];
    if (scope.level !== 'all') {
      conds.unshift(scope.level === 'leaf' ? 'p.category_id = ?' : 'p.group_id = ?');
      condArgs.unshift(scope.id);
    }
    const w = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    // INDEXED BY: with a price filter the planner would rather read the price range and sort it.
    const index = `products_${scope.level}_${INDEX_OF_SORT[sort]}`;
    const ids = (
      this.db
        .prepare(
          `SELECT p.id FROM products p INDEXED BY ${index} ${w} ORDER BY ${PRODUCT_ORDERS[sort]} LIMIT ? OFFSET ?`,
        )
        .all(...condArgs, limit, offset) as Array<{ id: number }>
    ).map((r) => r.id);
    const { n } = this.db.prepare(`SELECT count(*) AS n FROM products p ${w}`).get(...condArgs) as { n: number };
    return { products: this.byIds(ids), total: n };
  }

  /** Product summaries of these ids, in this order (search answers); unknown ids are left out. */
  byIds(ids: number[]): Product[] {
    const byId = new Map(
      (
        this.db
          .prepare(`${SELECT_PRODUCT} WHERE p.id IN (SELECT value FROM json_each(?))`)
          .all(JSON.stringify(ids)) as ProductRow[]
      ).map((r) => [r.id, r] as const),
    );
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [this.toSummary(row)] : [];
    });
  }
}
