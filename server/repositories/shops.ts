// Brands and merchants.
import type { DB } from '../db/open';
import { notFound } from '../errors';
import type { Prefixer } from '../media/prefix';
import type { Brand, DomesticShipping, Merchant } from '../../src/storefront/wire/products';
import { EXCHANGE_RATES, type Currency } from '../seed/vocab';

export class ShopRepository {
  constructor(
    private readonly db: DB,
    private readonly media: Prefixer,
  ) {}

  brands(q: { offset: number; limit: number; includeEmpty: boolean }): { brands: Brand[]; total: number } {
    const having = q.includeEmpty ? '' : 'HAVING count(p.id) > 0';
    const base = `SELECT b.id, b.name, b.name_cn, b.country, b.groups, b.logo, count(p.id) AS n
      FROM brands b LEFT JOIN products p ON p.brand_id = b.id GROUP BY b.id ${having}`;
    const rows = this.db
      .prepare(`${base} ORDER BY b.name COLLATE NOCASE, b.id LIMIT ? OFFSET ?`)
      .all(q.limit, q.offset) as Array<{
      id: number;
      name: string;
      name_cn: string;
      country: string;
      groups: string;
      logo: string;
      n: number;
    }>;
    const { total } = this.db.prepare(`SELECT count(*) AS total FROM (${base})`).get() as { total: number };
    return {
      brands: rows.map((b) => ({
        id: b.id,
        name: b.name,
        nameCN: b.name_cn,
        country: b.country,
        logo: this.media((JSON.parse(b.logo) as { url: string }).url)!,
        categoryGroups: JSON.parse(b.groups) as string[],
        productCount: b.n,
      })),
      total,
    };
  }

  merchants(): Merchant[] {
    const rows = this.db
      .prepare(
        `SELECT m.*,
        (SELECT count(*) FROM products p WHERE p.merchant_id = m.id) AS product_count,
        (SELECT coalesce(sum(p.review_count), 0) FROM products p WHERE p.merchant_id = m.id) AS review_count
      FROM merchants m ORDER BY m.id`,
      )
      .all() as Array<{
      id: number;
      name: string;
      name_cn: string;
      country: string;
      origin: string;
      currency: Currency;
      website: string;
      description: string;
      logo: string;
      banner: string;
      product_count: number;
      review_count: number;
    }>;
    return rows.map((m) => ({
      id: m.id,
      name: m.name,
      nameCN: m.name_cn,
      country: m.country,
      origin: m.origin,
      currency: m.currency,
      exchangeRate: EXCHANGE_RATES[m.currency],
      website: m.website,
      description: m.description,
      logo: this.media((JSON.parse(m.logo) as { url: string }).url)!,
      banner: this.media((JSON.parse(m.banner) as { url: string }).url)!,
      productCount: m.product_count,
      reviewCount: m.review_count,
    }));
  }

  domesticShipping(merchantId: number): DomesticShipping {
    const row = this.db.prepare('SELECT shipping FROM merchants WHERE id = ?').get(merchantId) as
      { shipping: string } | undefined;
    if (!row) throw notFound('商家不存在');
    const s = JSON.parse(row.shipping) as Omit<DomesticShipping, 'merchantId' | 'feeCents'> &
      Required<Pick<DomesticShipping, 'rules'>>;
    return { merchantId, ...s, feeCents: s.rules[0]?.feeCents ?? 0 };
  }
}
