// Every function of src/storefront/express-buy.ts against the reference server: sku -> details
// (fields or the shipping address) -> pre-order check (the order step's rules on one sku).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as express from '../../../src/storefront/express-buy';
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
} from './helper';

describe('express buy', () => {
  let s: TestServer;
  let a: Shopper;
  let b: Shopper;

  before(async () => {
    s = await startCheckoutServer();
    a = await shopper(s, '13700000001');
    b = await shopper(s, '13700000002');
  });
  after(() => s?.close());

  test('a guest gets 401', async () => {
    const g = guest(s);
    const [x] = pickSkus(s, 'cheap');
    await assert.rejects(express.startExpressBuy(g.c, { skuId: x.skuId, quantity: 1 }), refusedWith(401));
    await assert.rejects(express.updateExpressBuy(g.c, '1', { quantity: 2 }), refusedWith(401));
    await assert.rejects(express.expressBuyPreorderCheck(g.c, '1'), refusedWith(401));
  });

  test('sku -> details -> check: refused without address and payer, then passes', async () => {
    const [x] = pickSkus(s, 'cheap');
    const d = await express.startExpressBuy(a.c, { skuId: x.skuId, quantity: 1 });
    assert.equal(d.skuId, x.skuId);
    assert.equal(d.quantity, 1);
    assert.equal(d.itemsFen, x.fen);
    assert.equal(d.shippingAddressId, undefined, 'no address yet');

    let r = await express.expressBuyPreorderCheck(a.c, d.id);
    assert.equal(r.ok, false);
    assert.deepEqual(
      r.problems!.map((p) => p.code),
      ['NO_ADDRESS', 'NO_PAYER'],
    );

    const address = addAddress(s, a.userId);
    let u = await express.updateExpressBuy(a.c, d.id, { shippingAddressId: address });
    assert.equal(u.shippingAddressId, address);
    u = await express.updateExpressBuy(a.c, d.id, {
      quantity: 2,
      paymentMethod: 'ALIPAY',
      shippingMethod: 'SUNSHINE_CUSTOM',
    });
    assert.equal(u.quantity, 2);
    assert.equal(u.paymentMethod, 'ALIPAY');
    assert.equal(u.itemsFen, x.fen * 2);
    r = await express.expressBuyPreorderCheck(a.c, d.id);
    assert.deepEqual(
      r.problems!.map((p) => p.code),
      ['NO_PAYER'],
    );
    u = await express.updateExpressBuy(a.c, d.id, { payerIdentityId: addPayer(s, a.userId) });
    r = await express.expressBuyPreorderCheck(a.c, d.id);
    assert.equal(r.ok, true, JSON.stringify(r));

    // A new express buy starts with the user's default address and payer.
    const next = await express.startExpressBuy(a.c, { skuId: x.skuId, quantity: 1 });
    assert.equal(next.shippingAddressId, address);
    assert.equal((await express.expressBuyPreorderCheck(a.c, next.id)).ok, true);
  });

  test('the check refuses a sold-out sku, more than the stock, and goods over the customs limit', async () => {
    addAddress(s, b.userId);
    addPayer(s, b.userId);
    const [soldOut] = pickSkus(s, 'soldOut');
    let d = await express.startExpressBuy(b.c, { skuId: soldOut.skuId, quantity: 1 });
    assert.equal(d.kind, 'UNAVAILABLE');
    let r = await express.expressBuyPreorderCheck(b.c, d.id);
    assert.deepEqual(
      r.problems!.map((p) => p.code),
      ['OUT_OF_STOCK'],
    );

    const [x] = pickSkus(s, 'cheap');
    d = await express.startExpressBuy(b.c, { skuId: x.skuId, quantity: 99 });
    r = await express.expressBuyPreorderCheck(b.c, d.id);
    assert.ok(
      r.problems!.some((p) => p.code === 'TOO_MANY'),
      JSON.stringify(r),
    );

    const [dear] = pickSkus(s, 'dear');
    d = await express.startExpressBuy(b.c, { skuId: dear.skuId, quantity: 1 });
    r = await express.expressBuyPreorderCheck(b.c, d.id);
    assert.deepEqual(
      r.problems!.map((p) => p.code),
      ['CUSTOMS_LIMIT'],
    );
  });

  test("bad input 400, unknown 404, another user's express buy 404", async () => {
    const [x] = pickSkus(s, 'cheap');
    await assert.rejects(express.startExpressBuy(a.c, { skuId: x.skuId, quantity: 0 }), refusedWith(400));
    await assert.rejects(express.startExpressBuy(a.c, { skuId: '1e3', quantity: 1 }), refusedWith(400));
    await assert.rejects(express.startExpressBuy(a.c, { skuId: '999999', quantity: 1 }), refusedWith(404));
    const d = await express.startExpressBuy(a.c, { skuId: x.skuId, quantity: 1 });
    await assert.rejects(express.updateExpressBuy(a.c, d.id, {}), refusedWith(400));
    await assert.rejects(express.updateExpressBuy(a.c, d.id, { quantity: 100 }), refusedWith(400));
    await assert.rejects(
      express.updateExpressBuy(a.c, d.id, { shippingAddressId: addAddress(s, b.userId) }),
      refusedWith(400, '收货地址'),
    );
    await assert.rejects(express.updateExpressBuy(b.c, d.id, { quantity: 2 }), refusedWith(404));
    await assert.rejects(express.expressBuyPreorderCheck(b.c, d.id), refusedWith(404));
    await assert.rejects(express.expressBuyPreorderCheck(a.c, '999999'), refusedWith(404));
  });

  test('a user keeps the latest 20 express buys', async () => {
    const c = await shopper(s, '13700000003');
    const [x] = pickSkus(s, 'cheap');
    const first = await express.startExpressBuy(c.c, { skuId: x.skuId, quantity: 1 });
    let last = first;
    for (let i = 0; i < 20; i++) last = await express.startExpressBuy(c.c, { skuId: x.skuId, quantity: 1 });
    await assert.rejects(express.expressBuyPreorderCheck(c.c, first.id), refusedWith(404));
    assert.equal((await express.updateExpressBuy(c.c, last.id, { quantity: 2 })).quantity, 2);
  });
});
