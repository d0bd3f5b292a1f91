// The "Other" calls and page helpers (src/storefront/app-config.ts, claims.ts,
// customs-resell.ts, products.ts recommendBottom, articles.ts) against the reference server:
// popups per channel, coupon claims and their types, customs resell declarations, bottom
// recommendations and the article search's f/t/withbanner/tags.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StorefrontClient } from '../../../src/storefront/client';
import * as appConfig from '../../../src/storefront/app-config';
import * as articles from '../../../src/storefront/articles';
import * as claims from '../../../src/storefront/claims';
import * as cart from '../../../src/storefront/cart';
import * as customs from '../../../src/storefront/customs-resell';
import * as orders from '../../../src/storefront/orders';
import * as profile from '../../../src/storefront/profile';
import * as products from '../../../src/storefront/products';
import { clientAs, refuses, signInByPhone, startTestServer, type TestServer } from './helper';

const DAY = 86_400_000;

describe('popups, claims, customs resell, recommendations, articles', () => {
  let s: TestServer;
  let clock = Date.now();
  let alice: StorefrontClient;
  let bob: StorefrontClient;
  let guest: StorefrontClient;
  let productId: string;

  before(async () => {
    s = await startTestServer({ reviews: 30, now: () => clock });
    alice = (await signInByPhone(s, '13800000021')).c;
    bob = (await signInByPhone(s, '13800000022')).c;
    guest = clientAs(s);
    productId = String((await products.recommendBottom(guest)).products[0].id);
  });
  after(() => s?.close());

  test('app config is answered (gift package 688)', async () => {
    assert.equal((await appConfig.getAppConfig(guest)).giftPackageYuan, 688);
  });

  test('popups: per channel; read ones disappear for that user only; 401 and 400 refusals', async () => {
    const all = (await appConfig.getUnreadPopups(alice)).popups.map((p) => p.id);
    const wechat = (await appConfig.getUnreadPopups(alice, 'wechat')).popups.map((p) => p.id);
    assert.ok(all.length >= 2);
    assert.ok(wechat.length > all.length, 'the wechat channel has its own popup besides the common ones');
    await appConfig.markPopupsRead(alice, [wechat[0], wechat[wechat.length - 1]]);
    const after = (await appConfig.getUnreadPopups(alice, 'wechat')).popups.map((p) => p.id);
    assert.deepEqual(after, wechat.slice(1, -1));
    assert.deepEqual(
      (await appConfig.getUnreadPopups(bob, 'wechat')).popups.map((p) => p.id),
      wechat,
    );
    assert.deepEqual(
      (await appConfig.getUnreadPopups(guest, 'wechat')).popups.map((p) => p.id),
      wechat,
    );
    await refuses(appConfig.markPopupsRead(guest, [wechat[0]]), 401, '请先登录');
    await refuses(appConfig.markPopupsRead(alice, ['99999']), 400, '弹窗不存在');
    await refuses(appConfig.markPopupsRead(alice, []), 400);
    await refuses(appConfig.getUnreadPopups(alice, 'bad channel!'), 400, 'channel_source');
  });

  test('claims: UNCLAIM, then NORMAL or WILLEXPIRE; expiry; 401, 404 and 400 refusals', async () => {
    let { coupons } = await claims.getSuitProductClaimPopup(alice, productId);
    assert.equal(coupons.length, 3);
    assert.ok(coupons.every((c) => c.claimType === 'UNCLAIM'));
    const long = coupons[0];
    const short = coupons[2];
    const r1 = await claims.claim(alice, 'SUITPRODUCT', long.id);
    assert.equal(r1.claimed, true);
    assert.equal(r1.coupon?.claimType, 'NORMAL');
    assert.ok(r1.coupon?.expiresAt && r1.coupon.expiresAt > clock);
    assert.equal((await claims.claim(alice, 'SUITPRODUCT', long.id)).claimed, false, 'claiming twice is a no-op');
    const r2 = await claims.claim(alice, 'SUITPRODUCT', short.id);
    assert.equal(r2.coupon?.claimType, 'WILLEXPIRE', 'a 2-day coupon expires soon from the start');
    ({ coupons } = await claims.getSuitProductClaimPopup(alice, productId));
    assert.deepEqual(
      coupons.map((c) => c.claimType),
      ['NORMAL', 'UNCLAIM', 'WILLEXPIRE'],
    );
    assert.ok((await claims.getSuitProductClaimPopup(bob, productId)).coupons.every((c) => c.claimType === 'UNCLAIM'));
    // 28 days later the 30-day coupon expires soon; the 2-day one has expired and may be claimed again.
    clock += 28 * DAY;
    ({ coupons } = await claims.getSuitProductClaimPopup(alice, productId));
    assert.deepEqual(
      coupons.map((c) => c.claimType),
      ['WILLEXPIRE', 'UNCLAIM', 'UNCLAIM'],
    );
    assert.equal((await claims.claim(alice, 'SUITPRODUCT', short.id)).claimed, true);
    await refuses(claims.claim(guest, 'SUITPRODUCT', long.id), 401, '请先登录');
    await refuses(claims.claim(alice, 'SUITPRODUCT', '999999-1'), 404, '优惠券不存在');
    await refuses(claims.claim(alice, 'SUITPRODUCT', `${productId}-9`), 404, '优惠券不存在');
    await refuses(claims.claim(alice, 'SHOP', long.id), 400, '不支持的领取类型');
    await refuses(claims.claim(alice, 'SUITPRODUCT', 'abc'), 400);
    await refuses(claims.getSuitProductClaimPopup(alice, '999999'), 404, '商品不存在');
  });

  /** A real order of the user's: a cheap sku of the seed ordered with a new address and payer. */
  async function orderOf(c: StorefrontClient): Promise<string> {
    const sku = s.app.db
      .prepare(
        `SELECT s.id AS skuId, p.merchant_id AS merchantId FROM skus s JOIN products p ON p.id = s.product_id
         WHERE s.id % 10 <> 0 AND s.cents * p.exchange_rate < 100000 ORDER BY s.id LIMIT 1`,
      )
      .get() as { skuId: number; merchantId: number };
    const address = await profile.createAddress(c, {
      name: '张三',
      phone: '13800138000',
      areaIds: ['310000', '310100', '310104'],
      street: '漕溪北路1号',
    });
    const payer = await profile.createPayerIdentity(c, { name: '张三', idNumber: '11010519491231002X' });
    await cart.addToCart(c, { skuId: String(sku.skuId), quantity: 1 });
    await cart.updateCartGroup(c, String(sku.merchantId), {
      shippingAddressId: address.id,
      payerIdentityId: payer.id,
      paymentMethod: 'ALIPAY',
    });
    return (await orders.createOrder(c, { groupId: String(sku.merchantId) })).id;
  }

  test('customs resell: create, list, read, update, cancel; 401, 404 (also for another user record), 409, 400 refusals', async () => {
    const orderId = await orderOf(alice);
    const bobsOrder = await orderOf(bob);
    const r = await customs.createCustomsResell(alice, {
      orderId,
      reason: '尺码不合适',
      declaredValueCents: 12000,
    });
    assert.equal(r.status, 'SUBMITTED');
    assert.equal(r.orderId, orderId);
    assert.deepEqual(
      (await customs.listCustomsResell(alice)).items.map((x) => x.id),
      [r.id],
    );
    assert.deepEqual((await customs.listCustomsResell(bob)).items, []);
    const got = await customs.getCustomsResell(alice, r.id);
    assert.equal(got.reason, '尺码不合适');
    const up = await customs.updateCustomsResell(alice, r.id, { note: '请尽快处理', contactPhone: '13812345678' });
    assert.equal(up.note, '请尽快处理');
    assert.equal(up.reason, '尺码不合适');
    await refuses(customs.getCustomsResell(bob, r.id), 404, '申报记录不存在');
    await refuses(customs.updateCustomsResell(bob, r.id, { note: 'x' }), 404, '申报记录不存在');
    await refuses(customs.listCustomsResell(guest), 401);
    await refuses(customs.createCustomsResell(guest, { orderId: 'ORD-1' }), 401);
    await refuses(customs.createCustomsResell(alice, { orderId }), 409, '已有申报');
    await refuses(customs.createCustomsResell(alice, { orderId: bobsOrder }), 404, '订单不存在');
    await refuses(customs.createCustomsResell(alice, { orderId: '99999999' }), 404, '订单不存在');
    await refuses(customs.createCustomsResell(alice, { orderId: 'ORD-1001' }), 404, '订单不存在');
    await refuses(customs.createCustomsResell(alice, { orderId: 'bad id!' }), 400, 'orderId');
    await refuses(customs.updateCustomsResell(alice, r.id, { status: 'DONE' }), 400, '申报状态无效');
    await refuses(customs.updateCustomsResell(alice, r.id, { contactPhone: '123' }), 400, '手机号');
    await refuses(customs.getCustomsResell(alice, '999999'), 404, '申报记录不存在');
    const cancelled = await customs.updateCustomsResell(alice, r.id, { status: 'CANCELLED' });
    assert.equal(cancelled.status, 'CANCELLED');
    await refuses(customs.updateCustomsResell(alice, r.id, { note: '再改' }), 400, '申报已取消');
  });

  test('recommendBottom: popular without a product, related with one; window checked', async () => {
    const popular = await products.recommendBottom(guest);
    assert.ok(popular.products.length > 0 && popular.products.length <= 10);
    const related = await products.recommendBottom(guest, { productId, f: 0, t: 5 });
    assert.ok(related.products.length <= 5);
    assert.ok(related.products.every((p) => String(p.id) !== productId));
    await refuses(products.recommendBottom(guest, { productId: '999999' }), 404);
    await refuses(products.recommendBottom(guest, { f: 5, t: 1 }), 400, '不能小于');
    await refuses(products.recommendBottom(guest, { f: 0, t: 500 }), 400, '最多');
  });

  test('article search: f/t window, withbanner, tags', async () => {
    const all = await articles.searchArticles(guest, { f: 0, t: 50 });
    assert.ok(all.articles.length > 0, 'seeded articles');
    const page = await articles.searchArticles(guest, { f: 1, t: 3 });
    assert.deepEqual(
      page.articles.map((a) => a.id),
      all.articles.slice(1, 3).map((a) => a.id),
    );
    const banners = await articles.searchArticles(guest, { withbanner: true, t: 50 });
    assert.ok(banners.articles.every((a) => a.banner));
    const tag = all.articles.find((a) => a.tags?.length)?.tags?.[0];
    assert.ok(tag, 'an article with a tag');
    const tagged = await articles.searchArticles(guest, { tags: [tag, 'no-such-tag'], t: 50 });
    assert.ok(tagged.articles.length > 0 && tagged.articles.every((a) => a.tags?.includes(tag)));
    await refuses(articles.searchArticles(guest, { f: 0, t: 1000 }), 400, '最多');
  });
});
