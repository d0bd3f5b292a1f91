// Every function of src/storefront/cart.ts against the reference server: the happy path and
// refusals (401 for guests, 400 on bad input, 404 on a group or item not in the cart), and the
// pre-order check's rules in both steps (docs/server.md, "Checkout").
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cart from '../../../src/storefront/cart';
import type { TestServer } from '../server/helper';
import {
  addAddress,
  addPayer,
  guest,
  pickSkus,
  refusedWith,
  shopper,
  startCheckoutServer,
  type Shopper,
  type SkuPick,
} from './helper';

describe('cart grouped by merchant', () => {
  let s: TestServer;
  let a: Shopper;
  let cheap: SkuPick[];

  before(async () => {
    s = await startCheckoutServer();
    a = await shopper(s, '13800000001');
    cheap = pickSkus(s, 'cheap', 2);
  });
  after(() => s?.close());

  test('a guest gets 401 on every cart call and is sent to the login page', async () => {
    const g = guest(s);
    const calls: Array<() => Promise<unknown>> = [
      () => cart.getCart(g.c, 'CART'),
      () => cart.addToCart(g.c, { skuId: cheap[0].skuId, quantity: 1 }),
      () => cart.getCartMetaInfo(g.c),
      () => cart.getCartInfo(g.c),
      () => cart.updateCartGroup(g.c, '1', { paymentMethod: 'ALIPAY' }),
      () => cart.updateCartItem(g.c, '1', cheap[0].skuId, { quantity: 2 }),
      () => cart.removeCartItem(g.c, '1', cheap[0].skuId),
      () => cart.setAllCartItemsExcluded(g.c, '1', true),
      () => cart.applyLoyaltyPoints(g.c, '1', 100),
      () => cart.removeLoyaltyPoints(g.c, '1'),
      () => cart.preorderCheck(g.c, '1', 0),
    ];
    for (const call of calls) await assert.rejects(call(), refusedWith(401));
    assert.deepEqual([...new Set(g.went)], ['/review/login/?returnTo=%2Freview%2Fcart%2F'], 'a 401 redirects to login');
  });

  test('add, read grouped by merchant, quantities, exclusion, removal', async () => {
    const empty = await cart.getCart(a.c, 'CART');
    assert.deepEqual(empty.groups, []);

    const [x, y] = cheap;
    let c = await cart.addToCart(a.c, { skuId: x.skuId, quantity: 2, productId: x.productId });
    c = await cart.addToCart(a.c, { skuId: y.skuId, quantity: 1 });
    c = await cart.addToCart(a.c, { skuId: x.skuId, quantity: 1 });
    const gx = c.groups.find((g) => g.groupId === x.merchantId)!;
    assert.ok(gx, 'grouped under the merchant');
    const ix = gx.items.find((i) => i.skuId === x.skuId)!;
    assert.equal(ix.quantity, 3, 'adding again adds to the quantity');
    assert.equal(ix.excludedFromOrder, false);
    assert.ok(ix.kind === 'AVAILABLE' || ix.kind === 'SPECIAL_OFFER');

    // getCart with ca=true carries the amounts and the target.
    const read = await cart.getCart(a.c, 'CART');
    assert.equal(read.target, 'CART');
    assert.equal(typeof read.totalCents, 'number');
    assert.equal(read.groups.find((g) => g.groupId === x.merchantId)!.itemsFen, gx.itemsFen);

    c = await cart.updateCartItem(a.c, x.merchantId, x.skuId, { quantity: 1 });
    assert.equal(c.groups.find((g) => g.groupId === x.merchantId)!.items.find((i) => i.skuId === x.skuId)!.quantity, 1);
    c = await cart.updateCartItem(a.c, x.merchantId, x.skuId, { excludedFromOrder: true });
    const gx2 = c.groups.find((g) => g.groupId === x.merchantId)!;
    assert.equal(gx2.items.find((i) => i.skuId === x.skuId)!.excludedFromOrder, true);

    c = await cart.setAllCartItemsExcluded(a.c, x.merchantId, true);
    assert.ok(c.groups.find((g) => g.groupId === x.merchantId)!.items.every((i) => i.excludedFromOrder));
    assert.equal(c.groups.find((g) => g.groupId === x.merchantId)!.itemsFen, 0);
    c = await cart.setAllCartItemsExcluded(a.c, x.merchantId, false);
    assert.ok(c.groups.find((g) => g.groupId === x.merchantId)!.items.every((i) => !i.excludedFromOrder));

    c = await cart.removeCartItem(a.c, y.merchantId, y.skuId);
    assert.ok(!c.groups.some((g) => g.items.some((i) => i.skuId === y.skuId)), 'removed');
    c = await cart.removeCartItem(a.c, x.merchantId, x.skuId);
    assert.deepEqual(c.groups, []);
  });

  test('bad input is refused with 400; a group or item not in the cart with 404', async () => {
    const [x] = cheap;
    await assert.rejects(cart.addToCart(a.c, { skuId: x.skuId, quantity: 0 }), refusedWith(400));
    await assert.rejects(cart.addToCart(a.c, { skuId: x.skuId, quantity: 100 }), refusedWith(400));
    await assert.rejects(cart.addToCart(a.c, { skuId: 'abc', quantity: 1 }), refusedWith(400));
    await assert.rejects(cart.addToCart(a.c, { skuId: '999999', quantity: 1 }), refusedWith(404, '商品不存在'));
    await assert.rejects(
      cart.addToCart(a.c, { skuId: x.skuId, quantity: 1, productId: '1' }),
      refusedWith(400, '不匹配'),
    );
    await assert.rejects(cart.updateCartGroup(a.c, x.merchantId, { paymentMethod: 'WECHATPAY' }), refusedWith(404));

    await cart.addToCart(a.c, { skuId: x.skuId, quantity: 98 });
    await assert.rejects(cart.addToCart(a.c, { skuId: x.skuId, quantity: 2 }), refusedWith(400, '99'));
    await assert.rejects(cart.updateCartItem(a.c, x.merchantId, x.skuId, { quantity: 0 }), refusedWith(400));
    await assert.rejects(cart.updateCartItem(a.c, x.merchantId, x.skuId, {} as never), refusedWith(400));
    await assert.rejects(cart.updateCartItem(a.c, x.merchantId, '999999', { quantity: 1 }), refusedWith(404));
    await assert.rejects(cart.removeCartItem(a.c, '999', x.skuId), refusedWith(404));
    await assert.rejects(cart.setAllCartItemsExcluded(a.c, '999', true), refusedWith(404));
    await assert.rejects(cart.updateCartGroup(a.c, x.merchantId, {} as never), refusedWith(400));
    await assert.rejects(
      cart.updateCartGroup(a.c, x.merchantId, { paymentMethod: 'PAYPAL' as never }),
      refusedWith(400),
    );
    await cart.removeCartItem(a.c, x.merchantId, x.skuId);
  });

  test('group settings: payment method and installments, shipping, address and payer of the user only', async () => {
    const [x] = cheap;
    await cart.addToCart(a.c, { skuId: x.skuId, quantity: 1 });
    let c = await cart.updateCartGroup(a.c, x.merchantId, { paymentMethod: 'ALIPAY', paymentInstallment: 3 });
    let g = c.groups.find((gr) => gr.groupId === x.merchantId)!;
    assert.equal(g.paymentMethod, 'ALIPAY');
    assert.equal(g.paymentInstallment, 3);
    // Installments are Alipay's.
    await assert.rejects(
      cart.updateCartGroup(a.c, x.merchantId, { paymentMethod: 'WECHATPAY', paymentInstallment: 6 }),
      refusedWith(400, '分期'),
    );
    await assert.rejects(cart.updateCartGroup(a.c, x.merchantId, { paymentInstallment: 5 }), refusedWith(400));
    c = await cart.updateCartGroup(a.c, x.merchantId, { paymentMethod: 'WECHATMINIPAY' });
    g = c.groups.find((gr) => gr.groupId === x.merchantId)!;
    assert.equal(g.paymentMethod, 'WECHATMINIPAY');
    assert.equal(g.paymentInstallment, undefined, 'another method resets the installments');

    const b = await shopper(s, '13800000002');
    const othersAddress = addAddress(s, b.userId);
    const othersPayer = addPayer(s, b.userId);
    await assert.rejects(
      cart.updateCartGroup(a.c, x.merchantId, { shippingAddressId: othersAddress }),
      refusedWith(400, '收货地址'),
    );
    await assert.rejects(
      cart.updateCartGroup(a.c, x.merchantId, { payerIdentityId: othersPayer }),
      refusedWith(400, '支付人'),
    );
    const address = addAddress(s, a.userId);
    const payer = addPayer(s, a.userId);
    c = await cart.updateCartGroup(a.c, x.merchantId, {
      shippingMethod: 'SUNSHINE_CUSTOM',
      shippingAddressId: address,
      payerIdentityId: payer,
    });
    g = c.groups.find((gr) => gr.groupId === x.merchantId)!;
    assert.equal(g.shippingMethod, 'SUNSHINE_CUSTOM');
    assert.equal(g.shippingAddressId, address);
    assert.equal(g.payerIdentityId, payer);
    await cart.removeCartItem(a.c, x.merchantId, x.skuId);
  });

  test('loyalty points: apply within the balance and the goods, remove', async () => {
    const [x] = cheap;
    let c = await cart.addToCart(a.c, { skuId: x.skuId, quantity: 1 });
    const balance = c.loyaltyBalanceCents!;
    assert.ok(balance > 0, 'a signed-in user has a seeded balance');
    const apply = Math.min(balance, x.fen, 500);
    c = await cart.applyLoyaltyPoints(a.c, x.merchantId, apply);
    let g = c.groups.find((gr) => gr.groupId === x.merchantId)!;
    assert.deepEqual(g.loyaltyPoints, { applyCents: apply });
    assert.equal(g.payableFen, g.itemsFen! - apply);
    await assert.rejects(cart.applyLoyaltyPoints(a.c, x.merchantId, balance + 1), refusedWith(400, '积分余额不足'));
    await assert.rejects(cart.applyLoyaltyPoints(a.c, x.merchantId, 0), refusedWith(400));
    await assert.rejects(cart.applyLoyaltyPoints(a.c, x.merchantId, -5), refusedWith(400));
    c = await cart.removeLoyaltyPoints(a.c, x.merchantId);
    g = c.groups.find((gr) => gr.groupId === x.merchantId)!;
    assert.equal(g.loyaltyPoints, undefined);
    assert.equal(g.payableFen, g.itemsFen);
    await assert.rejects(cart.removeLoyaltyPoints(a.c, '999'), refusedWith(404));
    await cart.removeCartItem(a.c, x.merchantId, x.skuId);

    // Within the balance but above the goods: refused for the goods. A product cheaper than the
    // balance, alone in its merchant's group.
    const [small] = pickSkus(s, 'under100');
    assert.ok(small.fen < balance, `a product (${small.fen} fen) under the balance (${balance} fen)`);
    c = await cart.addToCart(a.c, { skuId: small.skuId, quantity: 1 });
    assert.equal(c.groups.find((gr) => gr.groupId === small.merchantId)!.itemsFen, small.fen);
    await assert.rejects(cart.applyLoyaltyPoints(a.c, small.merchantId, small.fen + 1), refusedWith(400, '商品金额'));
    await cart.removeCartItem(a.c, small.merchantId, small.skuId);
  });

  test('cart-meta-info and cart-info answer the protobuf-json content type', async () => {
    const [x, y] = cheap;
    await cart.addToCart(a.c, { skuId: x.skuId, quantity: 2 });
    await cart.addToCart(a.c, { skuId: y.skuId, quantity: 1 });
    await cart.updateCartItem(a.c, y.merchantId, y.skuId, { excludedFromOrder: true });
    const meta = await cart.getCartMetaInfo(a.c);
    assert.equal(meta.itemCount, 2);
    assert.equal(meta.includedCount, 1);
    assert.equal(meta.quantity, 3);
    const info = await cart.getCartInfo(a.c);
    assert.equal(
      info.groups.reduce((n, g) => n + g.itemCount, 0),
      2,
    );
    assert.equal(typeof info.loyaltyBalanceCents, 'number');
    for (const path of ['cart-meta-info', 'cart-info']) {
      const raw = await fetch(`${s.url}/api/v2/shoppingcart/${path}`, { headers: a.headers });
      assert.equal(raw.status, 200);
      assert.match(raw.headers.get('content-type') ?? '', /^application\/x-protobuf-json/);
      assert.equal(typeof (await raw.json()), 'object');
      const wrong = await fetch(`${s.url}/api/v2/shoppingcart/${path}`, {
        headers: { ...a.headers, 'X-Session-Key': 'wrong' },
      });
      assert.equal(wrong.status, 401);
    }
    await cart.removeCartItem(a.c, x.merchantId, x.skuId);
    await cart.removeCartItem(a.c, y.merchantId, y.skuId);
  });

  test('the pre-order check: step 0 (cart) and step 1 (order) refuse with the reasons, then pass', async () => {
    const b = await shopper(s, '13800000003');
    const [x] = cheap;
    const soldOut = pickSkus(s, 'soldOut')[0];
    const dear = pickSkus(s, 'dear')[0];

    // Nothing included.
    await cart.addToCart(b.c, { skuId: x.skuId, quantity: 1 });
    await cart.setAllCartItemsExcluded(b.c, x.merchantId, true);
    let r = await cart.preorderCheck(b.c, x.merchantId, 0);
    assert.equal(r.ok, false);
    assert.deepEqual(
      r.problems!.map((p) => p.code),
      ['EMPTY'],
    );
    await cart.setAllCartItemsExcluded(b.c, x.merchantId, false);

    // Step 0 passes; step 1 wants an address and, for cross-border goods, a payer.
    r = await cart.preorderCheck(b.c, x.merchantId, 0);
    assert.equal(r.ok, true, JSON.stringify(r));
    r = await cart.preorderCheck(b.c, x.merchantId, 1);
    assert.equal(r.ok, false);
    assert.deepEqual(
      r.problems!.map((p) => p.code),
      ['NO_ADDRESS', 'NO_PAYER'],
    );
    assert.ok(r.messages!.includes('请选择收货地址'));
    await cart.updateCartGroup(b.c, x.merchantId, { shippingAddressId: addAddress(s, b.userId) });
    r = await cart.preorderCheck(b.c, x.merchantId, 1);
    assert.deepEqual(
      r.problems!.map((p) => p.code),
      ['NO_PAYER'],
    );
    assert.match(r.messages![0], /跨境/);
    await cart.updateCartGroup(b.c, x.merchantId, { payerIdentityId: addPayer(s, b.userId) });
    r = await cart.preorderCheck(b.c, x.merchantId, 1);
    assert.equal(r.ok, true, JSON.stringify(r));

    // Out of stock: a sold-out sku shows as UNAVAILABLE and fails the check.
    const c = await cart.addToCart(b.c, { skuId: soldOut.skuId, quantity: 1 });
    const item = c.groups.flatMap((g) => g.items).find((i) => i.skuId === soldOut.skuId)!;
    assert.equal(item.kind, 'UNAVAILABLE');
    r = await cart.preorderCheck(b.c, soldOut.merchantId, 0);
    assert.equal(r.ok, false);
    assert.ok(r.problems!.some((p) => p.code === 'OUT_OF_STOCK' && p.skuId === soldOut.skuId));
    await cart.removeCartItem(b.c, soldOut.merchantId, soldOut.skuId);

    // More than the stock.
    await cart.updateCartItem(b.c, x.merchantId, x.skuId, { quantity: 99 });
    r = await cart.preorderCheck(b.c, x.merchantId, 0);
    assert.ok(
      r.problems!.some((p) => p.code === 'TOO_MANY'),
      JSON.stringify(r),
    );
    await cart.updateCartItem(b.c, x.merchantId, x.skuId, { quantity: 1 });

    // Over the customs value limit (5000 yuan per order).
    await cart.addToCart(b.c, { skuId: dear.skuId, quantity: 1 });
    r = await cart.preorderCheck(b.c, dear.merchantId, 0);
    assert.ok(
      r.problems!.some((p) => p.code === 'CUSTOMS_LIMIT'),
      JSON.stringify(r),
    );
    assert.ok(r.messages!.some((m) => m.includes('5000')));

    await assert.rejects(cart.preorderCheck(b.c, x.merchantId, 2 as never), refusedWith(400));
    await assert.rejects(cart.preorderCheck(b.c, '999', 0), refusedWith(404));
  });

  test('a gift package joins a group whose goods reach 688 yuan', async () => {
    const b = await shopper(s, '13800000004');
    const [x] = cheap;
    const n = Math.min(99, Math.ceil(68_800 / x.fen));
    const c = await cart.addToCart(b.c, { skuId: x.skuId, quantity: n });
    const g = c.groups.find((gr) => gr.groupId === x.merchantId)!;
    assert.ok(g.itemsFen! >= 68_800, 'the chosen quantity reaches the threshold');
    assert.ok(g.items.some((i) => i.kind === 'GIFT' && i.cents === 0));
    const less = await cart.updateCartItem(b.c, x.merchantId, x.skuId, { quantity: 1 });
    assert.ok(x.fen < 68_800, `one of the cheap product (${x.fen} fen) is under the threshold`);
    assert.ok(
      !less.groups.find((gr) => gr.groupId === x.merchantId)!.items.some((i) => i.kind === 'GIFT'),
      'under the threshold, no gift',
    );
  });
});
