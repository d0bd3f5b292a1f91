// Checkout tests' setup: the reference server (tests/integration/server/helper.ts: temp SQLite
// file, random loopback port), storefront clients signed in through the real SMS flow, and
// addresses / payer identities written straight into the shared tables (short: the profile
// routes that write them have their own tests, tests/integration/account/; the shopper journey,
// journey.test.ts, goes through them).
import { createStorefrontClient, type StorefrontClient } from '../../../src/storefront/client';
import { createSession } from '../../../src/storefront/session';
import { memoryStore } from '../../../src/storefront/storage';
import * as signin from '../../../src/storefront/signin';
import { StorefrontError } from '../../../src/storefront/errors';
import { startTestServer, type TestServer } from '../server/helper';
import { GIFT_THRESHOLD_FEN } from '../../../server/repositories/checkout-rules';
import { TEST_SITE_REVIEWS } from '../../../server/seed/sizes';

export const ADMIN_TOKEN = 'checkout-test-admin-token';

export interface Shopper {
  c: StorefrontClient;
  userId: number;
  /** Where a 401 sent the page (the client's login redirect). */
  went: string[];
  /** The session headers, for raw requests. */
  headers: Record<string, string>;
}

/**
 * The test suite's data set (500 reviews): its 442 products span the price bands the tests pick from
 * (pickSkus); the 60-review set's 16 products may have no SKU under 100 yuan.
 */
export const startCheckoutServer = () =>
  startTestServer({ reviews: TEST_SITE_REVIEWS, app: { adminToken: ADMIN_TOKEN } });

/** A guest: no user id or key. */
export function guest(s: TestServer): Shopper {
  const went: string[] = [];
  const c = createStorefrontClient({
    mode: 'browser',
    baseURL: s.url,
    session: createSession(memoryStore()),
    navigate: (u) => went.push(u),
    location: () => '/review/cart/',
  });
  return { c, userId: 0, went, headers: {} };
}

/** A new shopper signed in by SMS with `phone`. */
export async function shopper(s: TestServer, phone: string): Promise<Shopper> {
  const session = createSession(memoryStore());
  const went: string[] = [];
  const c = createStorefrontClient({
    mode: 'browser',
    baseURL: s.url,
    session,
    navigate: (u) => went.push(u),
    location: () => '/review/cart/',
  });
  await signin.sendSmsCode(c, phone);
  const result = await signin.verifySmsCode(c, phone, s.codes.get(phone)!);
  session.signIn(result);
  return {
    c,
    userId: Number(result.userId),
    went,
    headers: { 'X-Session-User': result.userId, 'X-Session-Key': result.userKey },
  };
}

/** An address row of the user's (the shared addresses table); its id as a string. */
export function addAddress(s: TestServer, userId: number): string {
  const r = s.app.db
    .prepare(
      `INSERT INTO addresses (user_id, name, phone, area_ids, street, postcode, is_default, created_at)
       VALUES (?, '张三', '13800138000', '["110000","110100","110101"]', '东长安街 1 号', '100000', 1, ?)`,
    )
    .run(userId, Date.now());
  return String(r.lastInsertRowid);
}

export const PAYER = { name: '张三', idNumber: '11010519491231002X' };

/** A payer identity row of the user's (the shared payer_identities table). */
export function addPayer(s: TestServer, userId: number): string {
  const r = s.app.db
    .prepare(`INSERT INTO payer_identities (user_id, name, id_number, is_default, created_at) VALUES (?, ?, ?, 1, ?)`)
    .run(userId, PAYER.name, PAYER.idNumber, Date.now());
  return String(r.lastInsertRowid);
}

export interface SkuPick {
  skuId: string;
  productId: string;
  merchantId: string;
  fen: number;
}

/** Skus of the seeded data: in stock under a fen limit, sold out, or dearer than `minFen`. */
export function pickSkus(
  s: TestServer,
  where: 'cheap' | 'under100' | 'soldOut' | 'dear',
  n = 1,
  merchantId?: string,
): SkuPick[] {
  const cond = {
    // In stock and under the gift package's threshold: one alone brings no gift.
    cheap: `s.id % 10 <> 0 AND s.cents * p.exchange_rate < ${GIFT_THRESHOLD_FEN}`,
    // In stock and under 100 yuan (the seeded loyalty balance).
    under100: 's.id % 10 <> 0 AND s.cents * p.exchange_rate < 10000',
    soldOut: 's.id % 10 = 0',
    dear: 's.id % 10 <> 0 AND s.cents * p.exchange_rate > 500000',
  }[where];
  const rows = s.app.db
    .prepare(
      `SELECT s.id AS skuId, s.product_id AS productId, p.merchant_id AS merchantId,
              CAST(round(s.cents * p.exchange_rate) AS INTEGER) AS fen
       FROM skus s JOIN products p ON p.id = s.product_id
       WHERE ${cond} ${merchantId ? 'AND p.merchant_id = ?' : ''} ORDER BY s.id LIMIT ?`,
    )
    .all(...(merchantId ? [Number(merchantId), n] : [n])) as Array<{
    skuId: number;
    productId: number;
    merchantId: number;
    fen: number;
  }>;
  if (rows.length < n) throw new Error(`seed has fewer than ${n} ${where} skus`);
  return rows.map((r) => ({
    skuId: String(r.skuId),
    productId: String(r.productId),
    merchantId: String(r.merchantId),
    fen: r.fen,
  }));
}

export const stockOf = (s: TestServer, skuId: string) =>
  (s.app.db.prepare('SELECT stock FROM sku_stock WHERE sku_id = ?').get(Number(skuId)) as { stock: number } | undefined)
    ?.stock;

/** A rejection of `status` whose text is Chinese (the contract's error shape, read by the client). */
export const refusedWith =
  (status: number, contains?: string) =>
  (e: unknown): boolean => {
    if (!(e instanceof StorefrontError)) throw e;
    if (e.status !== status) throw new Error(`expected ${status}, got ${e.status}: ${e.text}`);
    if (!/[\u4e00-\u9fff]/.test(e.text)) throw new Error(`not Chinese: ${e.text}`);
    if (contains && !e.text.includes(contains)) throw new Error(`"${e.text}" lacks "${contains}"`);
    return true;
  };
