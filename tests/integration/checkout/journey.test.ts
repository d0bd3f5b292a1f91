// Issue 15's scripted shopper journey, in one test, through the storefront client only (real
// HTTP to the reference server on a random loopback port, real SQLite): sign in, two merchants'
// items in the cart, an address and a payer identity with an uploaded photo id, the pre-order
// check at step 0 and 1, the order, a two-step cancel, and an express buy of another item.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import * as cart from '../../../src/storefront/cart';
import * as express from '../../../src/storefront/express-buy';
import * as orders from '../../../src/storefront/orders';
import * as profile from '../../../src/storefront/profile';
import { defaultStock } from '../../../server/repositories/checkout-rules';
import type { TestServer } from '../server/helper';
import { pickSkus, refusedWith, shopper, startCheckoutServer, stockOf, type SkuPick } from './helper';

let s: TestServer;
before(async () => {
  s = await startCheckoutServer();
});
after(() => s?.close());

/** A photo of an id card, as a phone would send it (a JPEG of noise, 800 x 500). */
async function photo(): Promise<Blob> {
  const width = 800;
  const height = 500;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}

/** Two in-stock skus of two different merchants, and a third sku for the express buy. */
function pickItems(): { x: SkuPick; y: SkuPick; z: SkuPick } {
  const all = pickSkus(s, 'cheap', 20);
  const x = all[0];
  const y = all.find((k) => k.merchantId !== x.merchantId);
  const z = all.find((k) => k.skuId !== x.skuId && k.skuId !== y?.skuId);
  assert.ok(y && z, 'the seed has cheap skus of two merchants');
  return { x, y, z };
}

test('a shopper signs in, fills the cart from two merchants, orders, cancels in two steps and buys express', async () => {
  const { c } = await shopper(s, '13700000001');
  const { x, y, z } = pickItems();

  // The cart, grouped by merchant.
  await cart.addToCart(c, { skuId: x.skuId, quantity: 1 });
  const filled = await cart.addToCart(c, { skuId: y.skuId, quantity: 2 });
  assert.deepEqual(filled.groups.map((g) => g.groupId).sort(), [x.merchantId, y.merchantId].sort());

  // Without an address and a payer the order step of the check refuses; the cart step passes.
  assert.equal((await cart.preorderCheck(c, x.merchantId, 0)).ok, true);
  const early = await cart.preorderCheck(c, x.merchantId, 1);
  assert.equal(early.ok, false);
  assert.deepEqual(early.problems!.map((p) => p.code).sort(), ['NO_ADDRESS', 'NO_PAYER']);

  // Address from the world areas the address form offers, payer identity with a photo id.
  const { areas } = await profile.listWorldAreas(c);
  const province = areas[0];
  const city = (await profile.getWorldArea(c, province.id)).children![0];
  const district = (await profile.getWorldArea(c, city.id)).children?.[0];
  const address = await profile.createAddress(c, {
    name: '李四',
    phone: '13700000001',
    areaIds: [province.id, city.id, ...(district ? [district.id] : [])],
    street: '人民路 100 号 5 栋 301 室',
    postcode: '200000',
    isDefault: true,
  });
  const { photoId } = await profile.uploadPhotoId(c, await photo(), 'id-front.jpg');
  const payer = await profile.createPayerIdentity(c, {
    name: '李四',
    idNumber: '11010519491231002X',
    photoIds: [photoId],
    isDefault: true,
  });
  await cart.updateCartGroup(c, x.merchantId, {
    shippingAddressId: address.id,
    payerIdentityId: payer.id,
    paymentMethod: 'WECHATPAY',
  });

  // Pre-order check, cart step then order step.
  assert.equal((await cart.preorderCheck(c, x.merchantId, 0)).ok, true);
  const checked = await cart.preorderCheck(c, x.merchantId, 1);
  assert.equal(checked.ok, true, JSON.stringify(checked));

  // The order: stock taken, the ordered line gone from the cart, the other merchant's left.
  const stockBefore = stockOf(s, x.skuId) ?? defaultStock(Number(x.skuId));
  const order = await orders.createOrder(c, { groupId: x.merchantId });
  assert.ok(['AWAIT_PAYMENT', 'RECEIVED'].includes(order.status), order.status);
  const detail = await orders.getOrder(c, order.id);
  assert.deepEqual(
    (detail.groups ?? []).flatMap((g) => g.items.filter((i) => i.skuId).map((i) => [i.skuId, i.quantity])),
    [[x.skuId, 1]],
  );
  assert.equal(stockOf(s, x.skuId), stockBefore - 1, 'the order took its stock');
  const after = await cart.getCart(c, 'CART');
  assert.deepEqual(
    after.groups.map((g) => g.groupId),
    [y.merchantId],
  );

  // Cancel in two steps: a confirm before the apply is refused; then apply, confirm.
  await assert.rejects(orders.confirmCancelOrder(c, order.id), refusedWith(409));
  await orders.applyCancelOrder(c, order.id, { reason: '不想要了' });
  const cancelled = await orders.confirmCancelOrder(c, order.id);
  assert.equal(cancelled.status, 'CANCELLED');
  assert.equal(stockOf(s, x.skuId), stockBefore, 'the stock is given back');
  assert.equal((await orders.listOrders(c)).orders.find((o) => o.id === order.id)?.status, 'CANCELLED');

  // Express buy of another item: the default address and payer are already chosen.
  const buy = await express.startExpressBuy(c, { skuId: z.skuId, quantity: 1 });
  assert.equal(buy.shippingAddressId, address.id);
  assert.equal(buy.payerIdentityId, payer.id);
  const expressChecked = await express.expressBuyPreorderCheck(c, buy.id);
  assert.equal(expressChecked.ok, true, JSON.stringify(expressChecked));
});
