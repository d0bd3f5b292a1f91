// Paying for an order (spec section 7, "Orders": friend pay, pay-on-behalf) and the payment info
// fields of spec section 3. The reference server has no payment gateway: the fields have the
// spec's names and shapes, the WeChat signature is this process's own HMAC, Alipay's page is a
// stand-in form, and nothing is ever charged. Owner only, like every order call (404 otherwise, as for a missing order).
import crypto from 'node:crypto';
import type { DB } from '../db/open';
import { HttpError } from '../errors';
import type { FriendPay, FriendPayRequest, PaymentInfo, PayOnBehalf } from '../../src/storefront/wire/orders';
import type { OrderRepository, OrderRow } from './orders';

/** A key for this process's stand-in payment signatures. */
const PAY_KEY = crypto.randomBytes(32);

/** The payer's name as others may see it: 张*. */
const mask = (name: string) => (name ? name.slice(0, 1) + '*'.repeat(Math.min(name.length - 1, 10)) : '');

export class OrderPaymentRepository {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
    private readonly orders: OrderRepository,
  ) {}

  private payer(o: OrderRow): { name: string; idNumber: string } | undefined {
    if (o.payerIdentityId == null) return undefined;
    return this.db
      .prepare('SELECT name, id_number AS idNumber FROM payer_identities WHERE id = ?')
      .get(o.payerIdentityId) as { name: string; idNumber: string } | undefined;
  }

  getFriendPay(userId: number, id: number): FriendPay {
    const o = this.orders.owned(userId, id);
    const p = this.payer(o);
    return {
      orderId: String(o.id),
      status: o.status,
      payableFen: o.payableFen,
      ...(p ? { payerName: mask(p.name) } : {}),
      ...(o.paymentInfo ? { paymentInfo: JSON.parse(o.paymentInfo) as PaymentInfo } : {}),
    };
  }

  /** Customs: whoever pays must be the order's declared payer (same name and id number). */
  payerMatches(userId: number, id: number, body: FriendPayRequest): boolean {
    const p = this.payer(this.orders.owned(userId, id));
    return (
      !!p &&
      !!body.payerName &&
      !!body.payerIdNumber &&
      p.name.trim() === body.payerName.trim() &&
      p.idNumber.toUpperCase() === body.payerIdNumber.trim().toUpperCase()
    );
  }

  /**
   * POST .../payment/friend-pay: the payment parameters for the friend who pays. The reference
   * server has no payment gateway: the fields have the spec's names and shapes, the signature is
   * this process's own HMAC, and nothing is ever charged.
   */
  createFriendPay(userId: number, id: number, body: FriendPayRequest): PaymentInfo {
    return this.db.transaction(() => {
      const o = this.orders.owned(userId, id);
      if (o.status !== 'AWAIT_PAYMENT') throw new HttpError(409, '订单当前无需支付');
      if (!body.payerName || !body.payerIdNumber) throw new HttpError(400, '请填写支付人姓名和身份证号');
      if (!this.payerMatches(userId, id, body)) throw new HttpError(400, '支付人与订单申报的支付人不一致');
      const info = this.paymentInfo(o);
      this.db
        .prepare('UPDATE orders SET payment_info = ?, updated_at = ? WHERE id = ?')
        .run(JSON.stringify(info), this.now(), id);
      return info;
    })();
  }

  private paymentInfo(o: OrderRow): PaymentInfo {
    if (o.paymentMethod === 'ALIPAY')
      return {
        redirectHtml: `<form method="post" action="/review/pay/"><input type="hidden" name="orderId" value="${o.id}"></form>`,
      };
    const timeStamp = String(Math.floor(this.now() / 1000));
    const nonceStr = crypto.randomBytes(16).toString('hex');
    const pkg = `prepay_id=ref${o.id}`;
    const paySign = crypto
      .createHmac('sha256', PAY_KEY)
      .update(`nonceStr=${nonceStr}&package=${pkg}&signType=HMAC-SHA256&timeStamp=${timeStamp}`)
      .digest('hex')
      .toUpperCase();
    return { timeStamp, nonceStr, package: pkg, signType: 'HMAC-SHA256', paySign };
  }

  payOnBehalf(userId: number, id: number): PayOnBehalf {
    const o = this.orders.owned(userId, id);
    const p = this.payer(o);
    return {
      orderId: String(o.id),
      status: o.status,
      payableFen: o.payableFen,
      ...(p ? { payerName: mask(p.name) } : {}),
      items: this.orders.items(o.id).map((i) => ({ name: i.name, quantity: i.quantity })),
    };
  }
}
