// Express buy (spec section 7): one sku straight from the product page, its details (fields or
// the shipping address), then the pre-order check with the order step's rules.
import type { DB } from '../db/open';
import { badRequest, notFound } from '../errors';
import type { PaymentMethod, ShippingMethod } from '../../src/storefront/wire/cart';
import type { ExpressBuyDetails, ExpressBuyRequest, ExpressBuyUpdate } from '../../src/storefront/wire/orders';
import {
  checkResult,
  defaultAddressId,
  defaultPayerId,
  kindOf,
  ownsAddress,
  ownsPayer,
  preorderProblems,
  requireSku,
} from './checkout-rules';

/** Express buys kept per user (a page abandons most of them). */
const KEEP = 20;

interface Row {
  id: number;
  userId: number;
  skuId: number;
  quantity: number;
  paymentMethod: PaymentMethod | null;
  shippingMethod: ShippingMethod | null;
  shippingAddressId: number | null;
  payerIdentityId: number | null;
}

export class ExpressBuyRepository {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {}

  private owned(userId: number, id: number): Row {
    const r = this.db
      .prepare(
        `SELECT id, user_id AS userId, sku_id AS skuId, quantity, payment_method AS paymentMethod,
                shipping_method AS shippingMethod, shipping_address_id AS shippingAddressId,
                payer_identity_id AS payerIdentityId
         FROM express_buys WHERE id = ?`,
      )
      .get(id) as Row | undefined;
    if (!r || r.userId !== userId) throw notFound('快速购买不存在'); // same as missing: ids are sequential (issue 25, F13)
    return r;
  }

  private toDetails(r: Row): ExpressBuyDetails {
    const sku = requireSku(this.db, r.skuId);
    return {
      id: String(r.id),
      skuId: String(r.skuId),
      quantity: r.quantity,
      ...(r.paymentMethod ? { paymentMethod: r.paymentMethod } : {}),
      ...(r.shippingMethod ? { shippingMethod: r.shippingMethod } : {}),
      ...(r.shippingAddressId != null ? { shippingAddressId: String(r.shippingAddressId) } : {}),
      ...(r.payerIdentityId != null ? { payerIdentityId: String(r.payerIdentityId) } : {}),
      name: sku.name,
      kind: kindOf(sku),
      cents: sku.cents,
      currency: sku.currency,
      itemsFen: sku.fen * r.quantity,
      stock: sku.stock,
    };
  }

  /**
   * POST /api/v1/express-buy/sku: starts with the user's default address and payer, if any. A
   * user keeps the latest KEEP express buys; older ones are deleted in the same transaction.
   */
  start(userId: number, body: ExpressBuyRequest): ExpressBuyDetails {
    const skuId = Number(body.skuId);
    requireSku(this.db, skuId);
    const id = this.db.transaction(() => {
      const newId = Number(
        this.db
          .prepare(
            `INSERT INTO express_buys (user_id, sku_id, quantity, shipping_method, shipping_address_id, payer_identity_id, created_at)
           VALUES (?, ?, ?, 'SUNSHINE_CUSTOM', ?, ?, ?)`,
          )
          .run(
            userId,
            skuId,
            body.quantity,
            defaultAddressId(this.db, userId),
            defaultPayerId(this.db, userId),
            this.now(),
          ).lastInsertRowid,
      );
      this.db
        .prepare(
          'DELETE FROM express_buys WHERE user_id = ? AND id NOT IN (SELECT id FROM express_buys WHERE user_id = ? ORDER BY id DESC LIMIT ?)',
        )
        .run(userId, userId, KEEP);
      return newId;
    })();
    return this.toDetails(this.owned(userId, id));
  }

  update(userId: number, id: number, body: ExpressBuyUpdate): ExpressBuyDetails {
    this.db.transaction(() => {
      const r = { ...this.owned(userId, id) };
      if (body.quantity !== undefined) r.quantity = body.quantity;
      if (body.paymentMethod !== undefined) r.paymentMethod = body.paymentMethod;
      if (body.shippingMethod !== undefined) r.shippingMethod = body.shippingMethod;
      if (body.shippingAddressId !== undefined) {
        r.shippingAddressId = Number(body.shippingAddressId);
        if (!ownsAddress(this.db, userId, r.shippingAddressId)) throw badRequest('收货地址不存在');
      }
      if (body.payerIdentityId !== undefined) {
        r.payerIdentityId = Number(body.payerIdentityId);
        if (!ownsPayer(this.db, userId, r.payerIdentityId)) throw badRequest('支付人身份信息不存在');
      }
      this.db
        .prepare(
          `UPDATE express_buys SET quantity = ?, payment_method = ?, shipping_method = ?, shipping_address_id = ?,
                                   payer_identity_id = ? WHERE id = ?`,
        )
        .run(r.quantity, r.paymentMethod, r.shippingMethod, r.shippingAddressId, r.payerIdentityId, id);
    })();
    return this.toDetails(this.owned(userId, id));
  }

  /** The order step's rules (stock, customs limit, address, payer) on the one sku. */
  preorderCheck(userId: number, id: number) {
    const r = this.owned(userId, id);
    const sku = requireSku(this.db, r.skuId);
    return checkResult(
      preorderProblems(
        this.db,
        {
          userId,
          lines: [{ sku, quantity: r.quantity }],
          addressId: r.shippingAddressId,
          payerId: r.payerIdentityId,
        },
        1,
      ),
      1,
    );
  }
}
