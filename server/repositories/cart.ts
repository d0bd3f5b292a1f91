// The signed-in user's cart, grouped by merchant (spec section 7, "Cart"). Every write is one
// transaction; a group exists while the user has at least one of its merchant's skus in the cart.
import type { DB } from '../db/open';
import { badRequest, notFound } from '../errors';
import {
  MAX_CART_ITEMS,
  MAX_ITEM_QUANTITY,
  type AddToCartRequest,
  type Cart,
  type CartGroup,
  type CartInfo,
  type CartItem,
  type CartMetaInfo,
  type PaymentMethod,
  type ShippingMethod,
  type UpdateCartGroupRequest,
  type UpdateCartItemRequest,
} from '../../src/storefront/wire/cart';
import {
  GIFT_NAME,
  GIFT_THRESHOLD_FEN,
  checkResult,
  kindOf,
  loyaltyBalance,
  ownsAddress,
  ownsPayer,
  preorderProblems,
  requireSku,
  skuById,
  type SkuRow,
} from './checkout-rules';

export interface CartLine {
  sku: SkuRow;
  quantity: number;
  excluded: boolean;
}

export interface GroupSettings {
  paymentMethod: PaymentMethod | null;
  paymentInstallment: number | null;
  shippingMethod: ShippingMethod | null;
  shippingAddressId: number | null;
  payerIdentityId: number | null;
  loyaltyFen: number;
}

/** A group as an order is made from it. */
export interface CheckedGroup {
  merchantId: number;
  included: CartLine[];
  settings: GroupSettings;
  itemsFen: number;
  /** Points to use: what the group applied, capped by the balance and the goods. */
  loyaltyFen: number;
  gift: boolean;
}

const NO_SETTINGS: GroupSettings = {
  paymentMethod: null,
  paymentInstallment: null,
  shippingMethod: null,
  shippingAddressId: null,
  payerIdentityId: null,
  loyaltyFen: 0,
};

const sumFen = (lines: CartLine[]) => lines.reduce((n, l) => n + l.sku.fen * l.quantity, 0);

export class CartRepository {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {}

  private lines(userId: number, merchantId?: number): CartLine[] {
    const rows = (
      merchantId === undefined
        ? this.db
            .prepare(
              'SELECT sku_id AS skuId, quantity, excluded FROM cart_items WHERE user_id = ? ORDER BY merchant_id, added_at, sku_id LIMIT ?',
            )
            .all(userId, MAX_CART_ITEMS)
        : this.db
            .prepare(
              'SELECT sku_id AS skuId, quantity, excluded FROM cart_items WHERE user_id = ? AND merchant_id = ? ORDER BY added_at, sku_id LIMIT ?',
            )
            .all(userId, merchantId, MAX_CART_ITEMS)
    ) as Array<{ skuId: number; quantity: number; excluded: number }>;
    const out: CartLine[] = [];
    for (const r of rows) {
      const sku = skuById(this.db, r.skuId);
      if (sku) out.push({ sku, quantity: r.quantity, excluded: r.excluded === 1 });
    }
    return out;
  }

  settings(userId: number, merchantId: number): GroupSettings {
    const r = this.db
      .prepare(
        `SELECT payment_method AS paymentMethod, payment_installment AS paymentInstallment,
                shipping_method AS shippingMethod, shipping_address_id AS shippingAddressId,
                payer_identity_id AS payerIdentityId, loyalty_fen AS loyaltyFen
         FROM cart_groups WHERE user_id = ? AND merchant_id = ?`,
      )
      .get(userId, merchantId) as GroupSettings | undefined;
    return r ?? NO_SETTINGS;
  }

  private hasGroup(userId: number, merchantId: number): boolean {
    return !!this.db
      .prepare('SELECT 1 FROM cart_items WHERE user_id = ? AND merchant_id = ? LIMIT 1')
      .get(userId, merchantId);
  }

  private requireGroup(userId: number, merchantId: number): void {
    if (!this.hasGroup(userId, merchantId)) throw notFound('购物车中没有该商家的商品');
  }

  private groupOf(userId: number, merchantId: number, lines: CartLine[], amounts: boolean): CartGroup {
    const s = this.settings(userId, merchantId);
    const included = lines.filter((l) => !l.excluded);
    const itemsFen = sumFen(included);
    const items: CartItem[] = lines.map((l) => ({
      groupId: String(merchantId),
      skuId: String(l.sku.skuId),
      quantity: l.quantity,
      excludedFromOrder: l.excluded,
      kind: kindOf(l.sku),
      productId: String(l.sku.productId),
      name: l.sku.name,
      cents: l.sku.cents,
      currency: l.sku.currency,
      fen: l.sku.fen,
      stock: l.sku.stock,
      ...(l.sku.image ? { image: l.sku.image } : {}),
    }));
    if (itemsFen >= GIFT_THRESHOLD_FEN)
      items.push({
        groupId: String(merchantId),
        skuId: 'gift',
        quantity: 1,
        excludedFromOrder: false,
        kind: 'GIFT',
        name: GIFT_NAME,
        cents: 0,
        fen: 0,
      });
    const applied = Math.min(s.loyaltyFen, itemsFen);
    return {
      groupId: String(merchantId),
      merchantName: lines[0]?.sku.merchantName,
      ...(s.paymentMethod ? { paymentMethod: s.paymentMethod } : {}),
      ...(s.paymentInstallment ? { paymentInstallment: s.paymentInstallment } : {}),
      ...(s.shippingMethod ? { shippingMethod: s.shippingMethod } : {}),
      ...(s.shippingAddressId != null ? { shippingAddressId: String(s.shippingAddressId) } : {}),
      ...(s.payerIdentityId != null ? { payerIdentityId: String(s.payerIdentityId) } : {}),
      ...(s.loyaltyFen > 0 ? { loyaltyPoints: { applyCents: s.loyaltyFen } } : {}),
      ...(amounts ? { itemsFen, payableFen: itemsFen - applied } : {}),
      items,
    };
  }

  /** GET /api/v2/shoppingcart: every group; amounts with ca=true (and on every write). */
  view(userId: number, opts: { amounts?: boolean; target?: string } = {}): Cart {
    const byMerchant = new Map<number, CartLine[]>();
    for (const l of this.lines(userId)) {
      const list = byMerchant.get(l.sku.merchantId) ?? [];
      list.push(l);
      byMerchant.set(l.sku.merchantId, list);
    }
    const groups = [...byMerchant].map(([m, lines]) => this.groupOf(userId, m, lines, opts.amounts ?? true));
    return {
      groups,
      ...(opts.target !== undefined ? { target: opts.target } : {}),
      ...((opts.amounts ?? true)
        ? {
            totalCents: groups.reduce((n, g) => n + (g.payableFen ?? 0), 0),
            loyaltyBalanceCents: loyaltyBalance(this.db, userId),
          }
        : {}),
    };
  }

  add(userId: number, body: AddToCartRequest): Cart {
    const skuId = Number(body.skuId);
    this.db.transaction(() => {
      const sku = requireSku(this.db, skuId);
      if (body.productId !== undefined && Number(body.productId) !== sku.productId)
        throw badRequest('商品与规格不匹配');
      const had = this.db
        .prepare('SELECT quantity FROM cart_items WHERE user_id = ? AND sku_id = ?')
        .get(userId, skuId) as { quantity: number } | undefined;
      if (had) {
        const quantity = had.quantity + body.quantity;
        if (quantity > MAX_ITEM_QUANTITY) throw badRequest(`每件商品最多购买 ${MAX_ITEM_QUANTITY} 件`);
        this.db
          .prepare('UPDATE cart_items SET quantity = ? WHERE user_id = ? AND sku_id = ?')
          .run(quantity, userId, skuId);
        return;
      }
      const n = (this.db.prepare('SELECT count(*) AS n FROM cart_items WHERE user_id = ?').get(userId) as { n: number })
        .n;
      if (n >= MAX_CART_ITEMS) throw badRequest(`购物车最多放 ${MAX_CART_ITEMS} 种商品`);
      this.db
        .prepare(
          'INSERT INTO cart_items (user_id, sku_id, merchant_id, quantity, excluded, added_at) VALUES (?, ?, ?, ?, 0, ?)',
        )
        .run(userId, skuId, sku.merchantId, body.quantity, this.now());
    })();
    return this.view(userId);
  }

  updateGroup(userId: number, merchantId: number, body: UpdateCartGroupRequest): Cart {
    this.db.transaction(() => {
      this.requireGroup(userId, merchantId);
      const s = { ...this.settings(userId, merchantId) };
      if (body.paymentMethod !== undefined) {
        s.paymentMethod = body.paymentMethod;
        // Installments are Alipay's (Huabei); another method resets them.
        if (body.paymentMethod !== 'ALIPAY' && body.paymentInstallment === undefined) s.paymentInstallment = null;
      }
      if (body.paymentInstallment !== undefined) {
        if (![1, 3, 6, 12].includes(body.paymentInstallment)) throw badRequest('分期期数只能是 1、3、6 或 12');
        if (body.paymentInstallment > 1 && s.paymentMethod !== 'ALIPAY') throw badRequest('只有支付宝支持分期付款');
        s.paymentInstallment = body.paymentInstallment;
      }
      if (body.shippingMethod !== undefined) s.shippingMethod = body.shippingMethod;
      if (body.shippingAddressId !== undefined) {
        const id = Number(body.shippingAddressId);
        if (!ownsAddress(this.db, userId, id)) throw badRequest('收货地址不存在');
        s.shippingAddressId = id;
      }
      if (body.payerIdentityId !== undefined) {
        const id = Number(body.payerIdentityId);
        if (!ownsPayer(this.db, userId, id)) throw badRequest('支付人身份信息不存在');
        s.payerIdentityId = id;
      }
      this.saveSettings(userId, merchantId, s);
    })();
    return this.view(userId);
  }

  private saveSettings(userId: number, merchantId: number, s: GroupSettings): void {
    this.db
      .prepare(
        `INSERT INTO cart_groups (user_id, merchant_id, payment_method, payment_installment, shipping_method,
                                  shipping_address_id, payer_identity_id, loyalty_fen)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, merchant_id) DO UPDATE SET
           payment_method = excluded.payment_method, payment_installment = excluded.payment_installment,
           shipping_method = excluded.shipping_method, shipping_address_id = excluded.shipping_address_id,
           payer_identity_id = excluded.payer_identity_id, loyalty_fen = excluded.loyalty_fen`,
      )
      .run(
        userId,
        merchantId,
        s.paymentMethod,
        s.paymentInstallment,
        s.shippingMethod,
        s.shippingAddressId,
        s.payerIdentityId,
        s.loyaltyFen,
      );
  }

  private requireItem(userId: number, merchantId: number, skuId: number): void {
    this.requireGroup(userId, merchantId);
    if (
      !this.db
        .prepare('SELECT 1 FROM cart_items WHERE user_id = ? AND merchant_id = ? AND sku_id = ?')
        .get(userId, merchantId, skuId)
    )
      throw notFound('购物车中没有该商品');
  }

  updateItem(userId: number, merchantId: number, skuId: number, body: UpdateCartItemRequest): Cart {
    this.db.transaction(() => {
      this.requireItem(userId, merchantId, skuId);
      if (body.quantity !== undefined)
        this.db
          .prepare('UPDATE cart_items SET quantity = ? WHERE user_id = ? AND sku_id = ?')
          .run(body.quantity, userId, skuId);
      if (body.excludedFromOrder !== undefined)
        this.db
          .prepare('UPDATE cart_items SET excluded = ? WHERE user_id = ? AND sku_id = ?')
          .run(body.excludedFromOrder ? 1 : 0, userId, skuId);
    })();
    return this.view(userId);
  }

  removeItem(userId: number, merchantId: number, skuId: number): Cart {
    this.db.transaction(() => {
      this.requireItem(userId, merchantId, skuId);
      this.db.prepare('DELETE FROM cart_items WHERE user_id = ? AND sku_id = ?').run(userId, skuId);
      this.dropEmptyGroup(userId, merchantId);
    })();
    return this.view(userId);
  }

  /** A group's settings (and applied points) go with its last item. */
  dropEmptyGroup(userId: number, merchantId: number): void {
    if (!this.hasGroup(userId, merchantId))
      this.db.prepare('DELETE FROM cart_groups WHERE user_id = ? AND merchant_id = ?').run(userId, merchantId);
  }

  setAllExcluded(userId: number, merchantId: number, excluded: boolean): Cart {
    this.db.transaction(() => {
      this.requireGroup(userId, merchantId);
      this.db
        .prepare('UPDATE cart_items SET excluded = ? WHERE user_id = ? AND merchant_id = ?')
        .run(excluded ? 1 : 0, userId, merchantId);
    })();
    return this.view(userId);
  }

  /** applyCents (fen) is bounded by the user's balance and by the group's included goods. */
  applyPoints(userId: number, merchantId: number, applyCents: number): Cart {
    this.db.transaction(() => {
      this.requireGroup(userId, merchantId);
      const balance = loyaltyBalance(this.db, userId);
      if (applyCents > balance) throw badRequest(`积分余额不足，最多可抵扣 ${balance} 分`);
      const itemsFen = sumFen(this.lines(userId, merchantId).filter((l) => !l.excluded));
      if (applyCents > itemsFen) throw badRequest('抵扣金额不能超过商品金额');
      this.saveSettings(userId, merchantId, { ...this.settings(userId, merchantId), loyaltyFen: applyCents });
    })();
    return this.view(userId);
  }

  removePoints(userId: number, merchantId: number): Cart {
    this.db.transaction(() => {
      this.requireGroup(userId, merchantId);
      this.saveSettings(userId, merchantId, { ...this.settings(userId, merchantId), loyaltyFen: 0 });
    })();
    return this.view(userId);
  }

  metaInfo(userId: number): CartMetaInfo {
    const lines = this.lines(userId);
    return {
      itemCount: lines.length,
      includedCount: lines.filter((l) => !l.excluded).length,
      quantity: lines.reduce((n, l) => n + l.quantity, 0),
      groupCount: new Set(lines.map((l) => l.sku.merchantId)).size,
    };
  }

  info(userId: number): CartInfo {
    const cart = this.view(userId);
    return {
      groups: cart.groups.map((g) => ({
        groupId: g.groupId,
        merchantName: g.merchantName,
        itemCount: g.items.filter((i) => i.kind !== 'GIFT').length,
        includedCount: g.items.filter((i) => i.kind !== 'GIFT' && !i.excludedFromOrder).length,
        itemsFen: g.itemsFen ?? 0,
      })),
      loyaltyBalanceCents: loyaltyBalance(this.db, userId),
    };
  }

  /** The group as an order would take it (in the caller's transaction). */
  checkedGroup(userId: number, merchantId: number): CheckedGroup {
    this.requireGroup(userId, merchantId);
    const settings = this.settings(userId, merchantId);
    const included = this.lines(userId, merchantId).filter((l) => !l.excluded);
    const itemsFen = sumFen(included);
    return {
      merchantId,
      included,
      settings,
      itemsFen,
      loyaltyFen: Math.min(settings.loyaltyFen, loyaltyBalance(this.db, userId), itemsFen),
      gift: itemsFen >= GIFT_THRESHOLD_FEN,
    };
  }

  preorderCheck(userId: number, merchantId: number, step: 0 | 1) {
    const g = this.checkedGroup(userId, merchantId);
    return checkResult(
      preorderProblems(
        this.db,
        {
          userId,
          lines: g.included,
          addressId: g.settings.shippingAddressId,
          payerId: g.settings.payerIdentityId,
        },
        step,
      ),
      step,
    );
  }
}
