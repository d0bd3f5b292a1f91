// Orders (spec section 7, "Orders"): made from a checked cart group in one transaction (the
// order, its items, the stock taken, the points spent and the cart lines removed commit
// together or not at all). Status transitions: docs/server.md, "Checkout". Paying:
// order-payments.ts.
import type { DB } from '../db/open';
import { HttpError, notFound } from '../errors';
import type { PaymentMethod, ShippingMethod } from '../../src/storefront/wire/cart';
import type {
  BcSellResult,
  CreateOrderRequest,
  ItemShipping,
  Order,
  OrderCompletion,
  OrderList,
  OrderStatus,
  PaymentInfo,
} from '../../src/storefront/wire/orders';
import type { CartRepository } from './cart';
import { GIFT_NAME, changeLoyalty, preorderProblems, returnStock, takeStock } from './checkout-rules';

export interface OrderRow {
  id: number;
  userId: number;
  merchantId: number;
  merchantName: string;
  status: OrderStatus;
  cancelState: 'NONE' | 'APPLIED' | 'CONFIRMED';
  paymentMethod: PaymentMethod;
  paymentInstallment: number;
  shippingMethod: ShippingMethod;
  shippingAddressId: number;
  payerIdentityId: number | null;
  currency: string;
  itemsCents: number;
  itemsFen: number;
  loyaltyFen: number;
  payableFen: number;
  bcSell: number;
  paymentInfo: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ItemRow {
  id: number;
  skuId: number | null;
  kind: string;
  name: string;
  cents: number;
  fen: number;
  quantity: number;
}

const ORDER_SQL = `
  SELECT o.id, o.user_id AS userId, o.merchant_id AS merchantId, m.name_cn AS merchantName, o.status,
         o.cancel_state AS cancelState, o.payment_method AS paymentMethod,
         o.payment_installment AS paymentInstallment, o.shipping_method AS shippingMethod,
         o.shipping_address_id AS shippingAddressId, o.payer_identity_id AS payerIdentityId, o.currency,
         o.items_cents AS itemsCents, o.items_fen AS itemsFen, o.loyalty_fen AS loyaltyFen,
         o.payable_fen AS payableFen, o.bc_sell AS bcSell, o.payment_info AS paymentInfo,
         o.created_at AS createdAt, o.updated_at AS updatedAt
  FROM orders o JOIN merchants m ON m.id = o.merchant_id WHERE o.id = ?`;

/** Orders that still hold stock and points: a cancel or a failed placement gives them back. */
const OPEN: readonly OrderStatus[] = ['AWAIT_PAYMENT', 'RECEIVED'];

export class OrderRepository {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
    private readonly cart: CartRepository,
  ) {}

  private row(id: number): OrderRow | undefined {
    return this.db.prepare(ORDER_SQL).get(id) as OrderRow | undefined;
  }

  /** 404 when there is no such order or it is another user's. */
  owned(userId: number, id: number): OrderRow {
    const o = this.row(id);
    if (!o || o.userId !== userId) throw notFound('订单不存在'); // same as missing: ids are sequential (issue 25, F13)
    return o;
  }

  items(orderId: number): ItemRow[] {
    return this.db
      .prepare(
        'SELECT id, sku_id AS skuId, kind, name, cents, fen, quantity FROM order_items WHERE order_id = ? ORDER BY id LIMIT 200',
      )
      .all(orderId) as ItemRow[];
  }

  private toOrder(o: OrderRow, pv: boolean): Order {
    return {
      id: String(o.id),
      status: o.status,
      totalCents: o.itemsCents,
      currency: o.currency,
      payableFen: o.payableFen,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
      groups: [
        {
          id: String(o.merchantId),
          merchantName: o.merchantName,
          items: this.items(o.id).map((i) => ({
            id: String(i.id),
            skuId: i.skuId == null ? 'gift' : String(i.skuId),
            quantity: i.quantity,
            name: i.name,
            kind: i.kind,
            cents: i.cents,
            fen: i.fen,
          })),
        },
      ],
      paymentMethod: o.paymentMethod,
      paymentInstallment: o.paymentInstallment,
      shippingMethod: o.shippingMethod,
      shippingAddressId: String(o.shippingAddressId),
      ...(o.payerIdentityId != null ? { payerIdentityId: String(o.payerIdentityId) } : {}),
      cancelState: o.cancelState,
      bcSell: o.bcSell === 1,
      ...(pv ? { itemsFen: o.itemsFen, loyaltyFen: o.loyaltyFen } : {}),
      ...(o.paymentInfo ? { paymentInfo: JSON.parse(o.paymentInfo) as PaymentInfo } : {}),
    };
  }

  /**
   * POST /api/v1/orders: the group's included items become one order, if the step-1 pre-order
   * check passes (409 with its first problem otherwise; nothing is written).
   */
  create(userId: number, body: CreateOrderRequest): Order {
    const merchantId = Number(body.groupId);
    const id = this.db.transaction(() => {
      const g = this.cart.checkedGroup(userId, merchantId);
      const s = g.settings;
      const problems = preorderProblems(
        this.db,
        { userId, lines: g.included, addressId: s.shippingAddressId, payerId: s.payerIdentityId },
        1,
      );
      if (problems.length) throw new HttpError(409, problems[0].message, 'PREORDER_CHECK_FAILED');
      const method = body.paymentMethod ?? s.paymentMethod ?? 'WECHATPAY';
      const payable = g.itemsFen - g.loyaltyFen;
      const t = this.now();
      const orderId = Number(
        this.db
          .prepare(
            `INSERT INTO orders (user_id, merchant_id, status, payment_method, payment_installment, shipping_method,
                                 shipping_address_id, payer_identity_id, currency, items_cents, items_fen, loyalty_fen,
                                 payable_fen, utm, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            userId,
            merchantId,
            payable === 0 ? 'RECEIVED' : 'AWAIT_PAYMENT',
            method,
            method === 'ALIPAY' ? (s.paymentInstallment ?? 1) : 1,
            s.shippingMethod ?? 'SUNSHINE_CUSTOM',
            s.shippingAddressId,
            s.payerIdentityId,
            g.included[0].sku.currency,
            g.included.reduce((n, l) => n + l.sku.cents * l.quantity, 0),
            g.itemsFen,
            g.loyaltyFen,
            payable,
            body.utmParams ? JSON.stringify(body.utmParams) : null,
            t,
            t,
          ).lastInsertRowid,
      );
      const item = this.db.prepare(
        'INSERT INTO order_items (order_id, sku_id, kind, name, cents, fen, quantity) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      for (const l of g.included) {
        if (!takeStock(this.db, l.sku.skuId, l.quantity))
          throw new HttpError(409, `「${l.sku.name.slice(0, 40)}」库存不足`);
        item.run(
          orderId,
          l.sku.skuId,
          l.sku.promo ? 'SPECIAL_OFFER' : 'AVAILABLE',
          l.sku.name,
          l.sku.cents,
          l.sku.fen,
          l.quantity,
        );
      }
      if (g.gift) item.run(orderId, null, 'GIFT', GIFT_NAME, 0, 0, 1);
      if (g.loyaltyFen > 0) changeLoyalty(this.db, userId, -g.loyaltyFen);
      // The ordered lines leave the cart; excluded ones stay for later, with the group's settings.
      const del = this.db.prepare('DELETE FROM cart_items WHERE user_id = ? AND sku_id = ?');
      for (const l of g.included) del.run(userId, l.sku.skuId);
      this.db
        .prepare('UPDATE cart_groups SET loyalty_fen = 0 WHERE user_id = ? AND merchant_id = ?')
        .run(userId, merchantId);
      this.cart.dropEmptyGroup(userId, merchantId);
      return orderId;
    })();
    return this.toOrder(this.row(id)!, true);
  }

  list(userId: number, q: { status?: OrderStatus; offset: number; limit: number }): OrderList {
    const where = q.status ? 'user_id = ? AND status = ?' : 'user_id = ?';
    const args: unknown[] = q.status ? [userId, q.status] : [userId];
    const rows = this.db
      .prepare(
        `SELECT id, status, items_cents AS totalCents, currency, payable_fen AS payableFen, created_at AS createdAt
         FROM orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, q.limit, q.offset) as Array<{
      id: number;
      status: OrderStatus;
      totalCents: number;
      currency: string;
      payableFen: number;
      createdAt: number;
    }>;
    const total = (this.db.prepare(`SELECT count(*) AS n FROM orders WHERE ${where}`).get(...args) as { n: number }).n;
    return { orders: rows.map((r) => ({ ...r, id: String(r.id) })), total };
  }

  detail(userId: number, id: number, pv: boolean): Order {
    return this.toOrder(this.owned(userId, id), pv);
  }

  completion(userId: number, id: number): OrderCompletion {
    const o = this.owned(userId, id);
    return {
      orderId: String(o.id),
      status: o.status,
      paid: o.status === 'RECEIVED',
      payableFen: o.payableFen,
      next: o.status === 'AWAIT_PAYMENT' ? 'PAY' : o.status === 'RECEIVED' ? 'WAIT' : 'NONE',
    };
  }

  /** Cancel, step 1: an open order without a pending request gets one. */
  applyCancel(userId: number, id: number, reason?: string) {
    this.db.transaction(() => {
      const o = this.owned(userId, id);
      if (!OPEN.includes(o.status)) throw new HttpError(409, '订单当前状态不能取消');
      if (o.cancelState !== 'NONE') throw new HttpError(409, '已申请取消，请确认取消');
      this.db
        .prepare("UPDATE orders SET cancel_state = 'APPLIED', cancel_reason = ?, updated_at = ? WHERE id = ?")
        .run(reason ?? null, this.now(), id);
    })();
    const o = this.row(id)!;
    return { orderId: String(o.id), status: o.status, cancelState: o.cancelState };
  }

  /** Cancel, step 2: only after step 1; the stock and the points go back in the same transaction. */
  confirmCancel(userId: number, id: number): Order {
    this.db.transaction(() => {
      const o = this.owned(userId, id);
      if (o.cancelState !== 'APPLIED' || !OPEN.includes(o.status)) throw new HttpError(409, '请先申请取消订单');
      this.release(o);
      this.db
        .prepare("UPDATE orders SET status = 'CANCELLED', cancel_state = 'CONFIRMED', updated_at = ? WHERE id = ?")
        .run(this.now(), id);
    })();
    return this.toOrder(this.row(id)!, true);
  }

  /** Gives an open order's stock and points back (the caller's transaction ends the order). */
  private release(o: OrderRow): void {
    for (const i of this.items(o.id)) if (i.skuId != null) returnStock(this.db, i.skuId, i.quantity);
    if (o.loyaltyFen > 0) changeLoyalty(this.db, o.userId, o.loyaltyFen);
  }

  itemShipping(userId: number, id: number, groupId: number, itemId: number): ItemShipping {
    const o = this.owned(userId, id);
    const item = this.items(o.id).find((i) => i.id === itemId);
    if (o.merchantId !== groupId || !item) throw notFound('订单中没有该商品');
    const events = [{ at: o.createdAt, text: '订单已提交' }];
    if (o.status === 'RECEIVED') events.push({ at: o.updatedAt, text: '商家已接单，等待发货' });
    if (o.status === 'CANCELLED' || o.status === 'FAILED_TO_PLACE')
      events.push({ at: o.updatedAt, text: o.status === 'CANCELLED' ? '订单已取消' : '下单失败' });
    return {
      orderId: String(o.id),
      groupId: String(o.merchantId),
      itemId: String(item.id),
      shippingMethod: o.shippingMethod,
      state: o.status === 'AWAIT_PAYMENT' ? 'NOT_SHIPPED' : o.status === 'RECEIVED' ? 'PROCESSING' : 'CANCELLED',
      events,
    };
  }

  /**
   * The internal bc-sell update (order admin): bcSell true marks open orders as sold through
   * the bonded cross-border (BC) channel; false means the merchant cannot sell them that way,
   * so their placement fails: FAILED_TO_PLACE, stock and points given back. Ids that are not
   * orders, and orders already ended, are skipped. One transaction for the whole batch.
   */
  updateBcSell(orderIds: number[], bcSell: boolean): BcSellResult {
    return this.db.transaction(() => {
      const out: BcSellResult = { orders: [], skipped: [] };
      for (const id of new Set(orderIds)) {
        const o = this.row(id);
        if (!o || !OPEN.includes(o.status)) {
          out.skipped.push(String(id));
          continue;
        }
        if (bcSell) this.db.prepare('UPDATE orders SET bc_sell = 1, updated_at = ? WHERE id = ?').run(this.now(), id);
        else {
          this.release(o);
          this.db
            .prepare("UPDATE orders SET bc_sell = 0, status = 'FAILED_TO_PLACE', updated_at = ? WHERE id = ?")
            .run(this.now(), id);
        }
        const after = this.row(id)!;
        out.orders.push({ id: String(id), status: after.status, bcSell: after.bcSell === 1 });
      }
      return out;
    })();
  }
}
