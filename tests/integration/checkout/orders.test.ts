// Every function of src/storefront/orders.ts against the reference server: orders made from a
// checked cart group (stock taken and points spent in the same transaction), list, detail,
// completion, the two-step cancel, item shipping, friend pay, pay-on-behalf and the internal
// bc-sell update; refusals: 401 for guests, 404 on another user's order, 400 on bad input,
// 409 when the pre-order check fails or a cancel is confirmed without being applied.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cart from '../../../src/storefront/cart';
import * as orders from '../../../src/storefront/orders';
import type { TestServer } from '../server/helper';
import {
  ADMIN_TOKEN,
  PAYER,
  addAddress,
  addPayer,
  guest,
  pickSkus,
  refusedWith,
  shopper,
  startCheckoutServer,
  stockOf,
  type Shopper,
  type SkuPick,
} from './helper';

describe('orders', () => {
  let s: TestServer;
  let a: Shopper;
  let b: Shopper;
  let x: SkuPick;
  let address: string;
  let payer: string;

  /** Puts `quantity` of `sku` in a's cart with the address and payer set; returns the group id. */
  async function readyGroup(who: Shopper, sku: SkuPick, quantity: number, addr: string, pay?: string) {
    await cart.addToCart(who.c, { skuId: sku.skuId, quantity });
    await cart.updateCartGroup(who.c, sku.merchantId, {
      shippingAddressId: addr,
      ...(pay ? { payerIdentityId: pay } : {}),
      paymentMethod: 'WECHATPAY',
    });
    return sku.merchantId;
  }

  before(async () => {
    s = await startCheckoutServer();
    a = await shopper(s, '13900000001');
    b = await shopper(s, '13900000002');
    x = pickSkus(s, 'cheap')[0];
    address = addAddress(s, a.userId);
    payer = addPayer(s, a.userId);
  });
  after(() => s?.close());

  test('a guest gets 401 on every order call', async () => {
    const g = guest(s);
    for (const call of [
      () => orders.createOrder(g.c, { groupId: x.merchantId }),
      () => orders.listOrders(g.c),
      () => orders.getOrder(g.c, '1'),
      () => orders.getOrderCompletion(g.c, '1'),
      () => orders.applyCancelOrder(g.c, '1'),
      () => orders.confirmCancelOrder(g.c, '1'),
      () => orders.getItemShipping(g.c, '1', '1', '1'),
      () => orders.getFriendPay(g.c, '1'),
      () => orders.createFriendPay(g.c, '1', {}),
      () => orders.checkFriendPayerIdentity(g.c, '1', {}),
      () => orders.getPayOnBehalf(g.c, '1'),
    ])
      await assert.rejects(call(), refusedWith(401));
  });

  test('create refuses while the pre-order check fails, and writes nothing', async () => {
    await cart.addToCart(a.c, { skuId: x.skuId, quantity: 1 });
    const before = stockOf(s, x.skuId);
    await assert.rejects(orders.createOrder(a.c, { groupId: x.merchantId }), refusedWith(409, '收货地址'));
    await cart.updateCartGroup(a.c, x.merchantId, { shippingAddressId: address });
    await assert.rejects(orders.createOrder(a.c, { groupId: x.merchantId }), refusedWith(409, '支付人'));
    assert.equal(stockOf(s, x.skuId), before, 'no stock taken');
    assert.equal((await orders.listOrders(a.c)).total, 0, 'no order written');
    await assert.rejects(orders.createOrder(a.c, { groupId: '999' }), refusedWith(404));
    await assert.rejects(orders.createOrder(a.c, { groupId: 'x' }), refusedWith(400));
    await assert.rejects(orders.createOrder(a.c, {} as never), refusedWith(400));
    // A POST without a body counts as {}: the missing field is named.
    const raw = await s.req('POST', '/api/v1/orders', { headers: a.headers });
    assert.equal(raw.status, 400);
    assert.equal(raw.body.messages[0], '缺少参数 groupId');
    await cart.removeCartItem(a.c, x.merchantId, x.skuId);
  });

  test('create from a checked group: AWAIT_PAYMENT, stock taken, points spent, the lines leave the cart', async () => {
    const groupId = await readyGroup(a, x, 2, address, payer);
    const other = pickSkus(s, 'cheap', 3, x.merchantId).find((k) => k.skuId !== x.skuId);
    assert.ok(other, 'a second product of the merchant (the line excluded from the order)');
    await cart.addToCart(a.c, { skuId: other.skuId, quantity: 1 });
    await cart.updateCartItem(a.c, groupId, other.skuId, { excludedFromOrder: true });
    const startStock = (await cart.getCart(a.c, 'CART')).groups[0].items.find((i) => i.skuId === x.skuId)!.stock!;
    const c = await cart.applyLoyaltyPoints(a.c, groupId, 100);
    const balance = c.loyaltyBalanceCents!;
    const o = await orders.createOrder(a.c, {
      groupId,
      paymentMethod: 'WECHATPAY',
      utmParams: { utmSource: 'test', utmCampaign: 'checkout' },
    });
    assert.equal(o.status, 'AWAIT_PAYMENT');
    assert.equal(o.groups![0].items[0].skuId, x.skuId);
    assert.equal(o.groups![0].items[0].quantity, 2);
    assert.equal(o.loyaltyFen, 100);
    assert.equal(o.payableFen, x.fen * 2 - 100);
    assert.equal(stockOf(s, x.skuId), startStock - 2, 'stock taken in the same transaction');
    const after = await cart.getCart(a.c, 'CART');
    assert.equal(after.loyaltyBalanceCents, balance - 100, 'points spent');
    const left = after.groups.flatMap((g) => g.items).map((i) => i.skuId);
    assert.ok(!left.includes(x.skuId), 'ordered line left the cart');
    assert.ok(left.includes(other.skuId), 'excluded line stays');

    const list = await orders.listOrders(a.c);
    assert.equal(list.orders[0].id, o.id);
    assert.deepEqual((await orders.listOrders(a.c, { status: 'RECEIVED' })).orders, []);
    assert.equal((await orders.listOrders(a.c, { status: 'AWAIT_PAYMENT', f: 0, t: 5 })).orders.length, 1);
    await assert.rejects(orders.listOrders(a.c, { f: 5, t: 1 }), refusedWith(400));
    await assert.rejects(orders.listOrders(a.c, { f: 0, t: 500 }), refusedWith(400));
    await assert.rejects(orders.listOrders(a.c, { status: 'LOST' as never }), refusedWith(400));

    const detail = await orders.getOrder(a.c, o.id);
    assert.equal(detail.itemsFen, x.fen * 2, 'pv=true: the price view');
    assert.equal(detail.shippingAddressId, address);
    const done = await orders.getOrderCompletion(a.c, o.id);
    assert.deepEqual(done, {
      orderId: o.id,
      status: 'AWAIT_PAYMENT',
      paid: false,
      payableFen: o.payableFen,
      next: 'PAY',
    });

    const item = detail.groups![0].items[0];
    const ship = await orders.getItemShipping(a.c, o.id, detail.groups![0].id, item.id);
    assert.equal(ship.state, 'NOT_SHIPPED');
    assert.equal(ship.events[0].text, '订单已提交');
    await assert.rejects(orders.getItemShipping(a.c, o.id, '999', item.id), refusedWith(404));
    await assert.rejects(orders.getItemShipping(a.c, o.id, detail.groups![0].id, '999999'), refusedWith(404));
  });

  test("another user's order: 404 on every call, as an unknown order (ids are sequential)", async () => {
    const { orders: mine } = await orders.listOrders(a.c);
    const id = mine[0].id;
    for (const call of [
      () => orders.getOrder(b.c, id),
      () => orders.getOrderCompletion(b.c, id),
      () => orders.applyCancelOrder(b.c, id),
      () => orders.confirmCancelOrder(b.c, id),
      () => orders.getItemShipping(b.c, id, x.merchantId, '1'),
      () => orders.getFriendPay(b.c, id),
      () => orders.createFriendPay(b.c, id, { payerName: PAYER.name, payerIdNumber: PAYER.idNumber }),
      () => orders.checkFriendPayerIdentity(b.c, id, { payerName: PAYER.name, payerIdNumber: PAYER.idNumber }),
      () => orders.getPayOnBehalf(b.c, id),
    ])
      await assert.rejects(call(), refusedWith(404));
    assert.deepEqual((await orders.listOrders(b.c)).orders, [], "b's list has none of a's orders");
    await assert.rejects(orders.getOrder(a.c, '999999'), refusedWith(404));
    await assert.rejects(orders.getOrder(a.c, '0'), refusedWith(400));
  });

  test('friend pay and pay-on-behalf: the payer must be the declared one', async () => {
    const { orders: mine } = await orders.listOrders(a.c, { status: 'AWAIT_PAYMENT' });
    const id = mine[0].id;
    const fp = await orders.getFriendPay(a.c, id);
    assert.equal(fp.payerName, '张*', 'masked');
    assert.equal(fp.paymentInfo, undefined);
    assert.deepEqual(
      await orders.checkFriendPayerIdentity(a.c, id, { payerName: '李四', payerIdNumber: PAYER.idNumber }),
      {
        ok: false,
      },
    );
    assert.deepEqual(
      await orders.checkFriendPayerIdentity(a.c, id, {
        payerName: PAYER.name,
        payerIdNumber: PAYER.idNumber.toLowerCase(),
      }),
      { ok: true },
    );
    await assert.rejects(orders.createFriendPay(a.c, id, {}), refusedWith(400, '支付人'));
    await assert.rejects(
      orders.createFriendPay(a.c, id, { payerName: '李四', payerIdNumber: PAYER.idNumber }),
      refusedWith(400, '不一致'),
    );
    await assert.rejects(
      orders.createFriendPay(a.c, id, { payerName: 'x'.repeat(51), payerIdNumber: PAYER.idNumber }),
      refusedWith(400),
    );
    const info = await orders.createFriendPay(a.c, id, { payerName: PAYER.name, payerIdNumber: PAYER.idNumber });
    for (const k of ['timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const)
      assert.ok(typeof info[k] === 'string' && info[k]!.length > 0, k);
    assert.deepEqual((await orders.getFriendPay(a.c, id)).paymentInfo, info, 'kept with the order');
    const behalf = await orders.getPayOnBehalf(a.c, id);
    assert.equal(behalf.payableFen, fp.payableFen);
    assert.equal(behalf.items.length, 1);
  });

  test('two-step cancel: confirm without apply is refused; apply then confirm gives stock and points back', async () => {
    const { orders: mine } = await orders.listOrders(a.c, { status: 'AWAIT_PAYMENT' });
    const id = mine[0].id;
    const stock = stockOf(s, x.skuId)!;
    const balance = (await cart.getCart(a.c, 'CART')).loyaltyBalanceCents!;
    await assert.rejects(orders.confirmCancelOrder(a.c, id), refusedWith(409, '请先申请取消'));
    await assert.rejects(orders.applyCancelOrder(a.c, id, { reason: 'x'.repeat(201) }), refusedWith(400));
    const applied = await orders.applyCancelOrder(a.c, id, { reason: '不想要了' });
    assert.deepEqual(applied, { orderId: id, status: 'AWAIT_PAYMENT', cancelState: 'APPLIED' });
    await assert.rejects(orders.applyCancelOrder(a.c, id), refusedWith(409));
    const cancelled = await orders.confirmCancelOrder(a.c, id);
    assert.equal(cancelled.status, 'CANCELLED');
    assert.equal(cancelled.cancelState, 'CONFIRMED');
    assert.equal(stockOf(s, x.skuId), stock + 2, 'stock back');
    assert.equal((await cart.getCart(a.c, 'CART')).loyaltyBalanceCents, balance + 100, 'points back');
    await assert.rejects(orders.confirmCancelOrder(a.c, id), refusedWith(409));
    await assert.rejects(orders.applyCancelOrder(a.c, id), refusedWith(409, '不能取消'));
    const done = await orders.getOrderCompletion(a.c, id);
    assert.equal(done.next, 'NONE');
    await assert.rejects(
      orders.createFriendPay(a.c, id, { payerName: PAYER.name, payerIdNumber: PAYER.idNumber }),
      refusedWith(409),
    );
  });

  test('an order paid in full with points is RECEIVED', async () => {
    const c = await shopper(s, '13900000003');
    const cheapest = s.app.db
      .prepare(
        `SELECT s.id AS skuId, p.merchant_id AS merchantId, CAST(round(s.cents * p.exchange_rate) AS INTEGER) AS fen
           FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id % 10 <> 0 ORDER BY fen LIMIT 1`,
      )
      .get() as { skuId: number; merchantId: number; fen: number };
    const sku = {
      skuId: String(cheapest.skuId),
      merchantId: String(cheapest.merchantId),
      productId: '',
      fen: cheapest.fen,
    };
    const groupId = await readyGroup(c, sku, 1, addAddress(s, c.userId), addPayer(s, c.userId));
    const balance = (await cart.getCart(c.c, 'CART')).loyaltyBalanceCents!;
    assert.ok(sku.fen <= balance, `cheapest sku (${sku.fen} fen) within the welcome balance (${balance})`);
    await cart.applyLoyaltyPoints(c.c, groupId, sku.fen);
    const o = await orders.createOrder(c.c, { groupId });
    assert.equal(o.status, 'RECEIVED');
    assert.equal(o.payableFen, 0);
    const done = await orders.getOrderCompletion(c.c, o.id);
    assert.equal(done.paid, true);
    assert.equal(done.next, 'WAIT');
    const ship = await orders.getItemShipping(c.c, o.id, groupId, o.groups![0].items[0].id);
    assert.equal(ship.state, 'PROCESSING');
    await assert.rejects(orders.createFriendPay(c.c, o.id, PAYER_BODY), refusedWith(409, '无需支付'));
  });

  test('internal bc-sell update: admin token only; false fails the placement and gives the stock back', async () => {
    const groupId = await readyGroup(a, x, 1, address, payer);
    const o = await orders.createOrder(a.c, { groupId });
    const stock = stockOf(s, x.skuId)!;
    await assert.rejects(orders.updateBcSell(a.c, { orderIds: [o.id], bcSell: true }), refusedWith(401, '管理员'));
    await assert.rejects(orders.updateBcSell(a.c, { orderIds: [o.id], bcSell: true }, 'wrong-token'), refusedWith(401));
    const g = guest(s);
    await assert.rejects(
      orders.updateBcSell(g.c, { orderIds: Array.from({ length: 101 }, () => o.id), bcSell: true }, ADMIN_TOKEN),
      refusedWith(400),
    );
    let r = await orders.updateBcSell(g.c, { orderIds: [o.id, '999999'], bcSell: true }, ADMIN_TOKEN);
    assert.deepEqual(r, { orders: [{ id: o.id, status: 'AWAIT_PAYMENT', bcSell: true }], skipped: ['999999'] });
    assert.equal((await orders.getOrder(a.c, o.id)).bcSell, true);
    r = await orders.updateBcSell(g.c, { orderIds: [o.id], bcSell: false }, ADMIN_TOKEN);
    assert.deepEqual(r.orders, [{ id: o.id, status: 'FAILED_TO_PLACE', bcSell: false }]);
    assert.equal(stockOf(s, x.skuId), stock + 1, 'stock back');
    r = await orders.updateBcSell(g.c, { orderIds: [o.id], bcSell: true }, ADMIN_TOKEN);
    assert.deepEqual(r.skipped, [o.id], 'an ended order is left as it is');
    assert.equal((await orders.listOrders(a.c, { status: 'FAILED_TO_PLACE' })).orders[0].id, o.id);

    // Guessing the token: after 10 failures a minute, even the right token gets 429.
    for (let i = 0; i < 8; i++)
      await assert.rejects(
        orders.updateBcSell(g.c, { orderIds: [o.id], bcSell: true }, `guess-${i}`),
        refusedWith(401),
      );
    await assert.rejects(orders.updateBcSell(g.c, { orderIds: [o.id], bcSell: true }, ADMIN_TOKEN), refusedWith(429));
  });
});

const PAYER_BODY = { payerName: PAYER.name, payerIdNumber: PAYER.idNumber };
