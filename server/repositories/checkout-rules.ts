// What the cart, orders and express buy share: sku lines with price and stock, loyalty
// balances, ownership of the shared address / payer rows, and the pre-order rules the server
// decides (spec section 5 leaves them open; docs/server.md, "Checkout", documents them).
import type { DB } from '../db/open';
import { HttpError } from '../errors';
import type { CartProductKind, PREORDER_PROBLEMS } from '../../src/storefront/wire/cart';

/**
 * China's per-order limit on cross-border e-commerce retail imports: 5,000 yuan of goods
 * value (customs value before points). Above it the order is refused.
 */
export const CUSTOMS_LIMIT_FEN = 500_000;
/** Spec section 9, "Gift package 688 yuan": a group whose included goods reach it gets the gift. */
export const GIFT_THRESHOLD_FEN = 68_800;
export const GIFT_NAME = '满688元赠品礼包';
/** A signed-in user's loyalty balance before any use (deterministic seed, fen). */
export const LOYALTY_WELCOME_FEN = 10_000;

/** A sku's stock until its first change: every tenth sku is sold out, the others have 5..35. */
export const defaultStock = (skuId: number) => (skuId % 10 === 0 ? 0 : 5 + (skuId % 7) * 5);

export interface SkuRow {
  skuId: number;
  productId: number;
  merchantId: number;
  merchantName: string;
  crossBorder: boolean;
  name: string;
  cents: number;
  currency: string;
  /** Unit price in fen: cents x exchange rate, rounded. */
  fen: number;
  image: string | null;
  promo: boolean;
  stock: number;
}

interface RawSku {
  skuId: number;
  productId: number;
  merchantId: number;
  merchantName: string;
  country: string;
  name: string;
  cents: number;
  currency: string;
  rate: number;
  image: string;
  promo: number;
  stock: number | null;
}

const SKU_SQL = `
  SELECT s.id AS skuId, s.product_id AS productId, p.merchant_id AS merchantId, m.name_cn AS merchantName,
         m.country, s.name, s.cents, p.currency, p.exchange_rate AS rate, s.image,
         p.promo IS NOT NULL AS promo, st.stock
  FROM skus s JOIN products p ON p.id = s.product_id JOIN merchants m ON m.id = p.merchant_id
  LEFT JOIN sku_stock st ON st.sku_id = s.id
  WHERE s.id = ?`;

function toSku(r: RawSku): SkuRow {
  let image: string | null = null;
  try {
    image = (JSON.parse(r.image) as { thumbnail?: { url?: string } }).thumbnail?.url ?? null;
  } catch {
    image = null;
  }
  return {
    skuId: r.skuId,
    productId: r.productId,
    merchantId: r.merchantId,
    merchantName: r.merchantName,
    // Every merchant of the demo data is abroad; a domestic (CN) one would not need a payer.
    crossBorder: r.country !== 'CN',
    name: r.name.slice(0, 200),
    cents: r.cents,
    currency: r.currency,
    fen: Math.round(r.cents * r.rate),
    image,
    promo: r.promo === 1,
    stock: r.stock ?? defaultStock(r.skuId),
  };
}

export function skuById(db: DB, skuId: number): SkuRow | undefined {
  const r = db.prepare(SKU_SQL).get(skuId) as RawSku | undefined;
  return r && toSku(r);
}

export function requireSku(db: DB, skuId: number): SkuRow {
  const sku = skuById(db, skuId);
  if (!sku) throw new HttpError(404, '商品不存在');
  return sku;
}

export function kindOf(sku: SkuRow): CartProductKind {
  if (sku.stock <= 0) return 'UNAVAILABLE';
  return sku.promo ? 'SPECIAL_OFFER' : 'AVAILABLE';
}

/** Takes `quantity` units; false (nothing changed) when fewer are left. */
export function takeStock(db: DB, skuId: number, quantity: number): boolean {
  db.prepare('INSERT OR IGNORE INTO sku_stock (sku_id, stock) VALUES (?, ?)').run(skuId, defaultStock(skuId));
  return (
    db.prepare('UPDATE sku_stock SET stock = stock - ? WHERE sku_id = ? AND stock >= ?').run(quantity, skuId, quantity)
      .changes === 1
  );
}

export function returnStock(db: DB, skuId: number, quantity: number): void {
  db.prepare('INSERT OR IGNORE INTO sku_stock (sku_id, stock) VALUES (?, ?)').run(skuId, defaultStock(skuId));
  db.prepare('UPDATE sku_stock SET stock = stock + ? WHERE sku_id = ?').run(quantity, skuId);
}

export function loyaltyBalance(db: DB, userId: number): number {
  const r = db.prepare('SELECT balance_fen AS b FROM loyalty_accounts WHERE user_id = ?').get(userId) as
    { b: number } | undefined;
  return r?.b ?? LOYALTY_WELCOME_FEN;
}

/** Adds `deltaFen` (negative to spend); the CHECK constraint refuses a negative balance. */
export function changeLoyalty(db: DB, userId: number, deltaFen: number): void {
  db.prepare('INSERT OR IGNORE INTO loyalty_accounts (user_id, balance_fen) VALUES (?, ?)').run(
    userId,
    LOYALTY_WELCOME_FEN,
  );
  db.prepare('UPDATE loyalty_accounts SET balance_fen = balance_fen + ? WHERE user_id = ?').run(deltaFen, userId);
}

/** An address or payer id is the user's when its row (shared tables, profile routes) has the user's id. */
export const ownsAddress = (db: DB, userId: number, id: number | null | undefined) =>
  id != null && !!db.prepare('SELECT 1 FROM addresses WHERE id = ? AND user_id = ?').get(id, userId);
export const ownsPayer = (db: DB, userId: number, id: number | null | undefined) =>
  id != null && !!db.prepare('SELECT 1 FROM payer_identities WHERE id = ? AND user_id = ?').get(id, userId);

export function defaultAddressId(db: DB, userId: number): number | null {
  const r = db
    .prepare('SELECT id FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id LIMIT 1')
    .get(userId) as { id: number } | undefined;
  return r?.id ?? null;
}

export function defaultPayerId(db: DB, userId: number): number | null {
  const r = db
    .prepare('SELECT id FROM payer_identities WHERE user_id = ? ORDER BY is_default DESC, id LIMIT 1')
    .get(userId) as { id: number } | undefined;
  return r?.id ?? null;
}

/** The problem codes of the wire schema (PreorderCheckResult.problems). */
export type ProblemCode = (typeof PREORDER_PROBLEMS)[number];

export interface Problem {
  code: ProblemCode;
  message: string;
  skuId?: string;
}

export interface CheckInput {
  userId: number;
  /** The included lines (the gift is not a line: it has no stock and no value). */
  lines: Array<{ sku: SkuRow; quantity: number }>;
  addressId: number | null;
  payerId: number | null;
}

const short = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/**
 * The pre-order check. Step 0 (cart): something is included, every included sku is in stock
 * for its quantity, the goods stay within the customs limit. Step 1 (order): step 0, and a
 * shipping address of the user's, and, when any sku is cross-border, a payer identity of the
 * user's. Every problem is listed, in that order.
 */
export function preorderProblems(db: DB, input: CheckInput, step: 0 | 1): Problem[] {
  const out: Problem[] = [];
  if (!input.lines.length) out.push({ code: 'EMPTY', message: '请至少选择一件商品' });
  let fen = 0;
  for (const { sku, quantity } of input.lines) {
    fen += sku.fen * quantity;
    if (sku.stock <= 0)
      out.push({ code: 'OUT_OF_STOCK', message: `「${short(sku.name)}」已售罄`, skuId: String(sku.skuId) });
    else if (quantity > sku.stock)
      out.push({
        code: 'TOO_MANY',
        message: `「${short(sku.name)}」库存不足，仅剩 ${sku.stock} 件`,
        skuId: String(sku.skuId),
      });
  }
  if (fen > CUSTOMS_LIMIT_FEN)
    out.push({ code: 'CUSTOMS_LIMIT', message: '跨境商品单笔订单金额不能超过 5000 元，请分开下单' });
  if (step === 1) {
    if (!ownsAddress(db, input.userId, input.addressId)) out.push({ code: 'NO_ADDRESS', message: '请选择收货地址' });
    if (input.lines.some((l) => l.sku.crossBorder) && !ownsPayer(db, input.userId, input.payerId))
      out.push({ code: 'NO_PAYER', message: '跨境商品需要填写支付人身份信息' });
  }
  return out;
}

export const checkResult = (problems: Problem[], step: 0 | 1) => ({
  ok: problems.length === 0,
  step,
  messages: problems.map((p) => p.message),
  problems: problems.map((p) => (p.skuId ? { code: p.code, skuId: p.skuId } : { code: p.code })),
});
