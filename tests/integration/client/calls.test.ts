// Every call of spec section 7, table-driven against a real recording HTTP server: method,
// path, query, body and headers of each request, and that the caller gets the body back.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createStorefrontClient, type StorefrontClient } from '../../../src/storefront/client';
import * as appConfig from '../../../src/storefront/app-config';
import * as articles from '../../../src/storefront/articles';
import * as cart from '../../../src/storefront/cart';
import * as claims from '../../../src/storefront/claims';
import * as comments from '../../../src/storefront/comments';
import * as customs from '../../../src/storefront/customs-resell';
import * as express from '../../../src/storefront/express-buy';
import * as orders from '../../../src/storefront/orders';
import * as products from '../../../src/storefront/products';
import * as profile from '../../../src/storefront/profile';
import * as review from '../../../src/storefront/review-page';
import * as search from '../../../src/storefront/search';
import * as signin from '../../../src/storefront/signin';
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server';

interface Row {
  name: string;
  call: (c: StorefrontClient) => Promise<unknown>;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

const PJ = { accept: cart.PROTOBUF_JSON };
const CM = '/api/v1/product-comment/products/p1/comments';

const rows: Row[] = [
  // Cart
  {
    name: 'getCart',
    call: (c) => cart.getCart(c, 'CART'),
    method: 'GET',
    path: '/api/v2/shoppingcart',
    query: { target: 'CART', ca: 'true' },
  },
  {
    name: 'addToCart',
    call: (c) => cart.addToCart(c, { skuId: 's1', quantity: 2 }),
    method: 'POST',
    path: '/api/v2/shoppingcart',
    body: { skuId: 's1', quantity: 2 },
  },
  {
    name: 'getCartMetaInfo',
    call: (c) => cart.getCartMetaInfo(c),
    method: 'GET',
    path: '/api/v2/shoppingcart/cart-meta-info',
    headers: PJ,
  },
  {
    name: 'getCartInfo',
    call: (c) => cart.getCartInfo(c),
    method: 'GET',
    path: '/api/v2/shoppingcart/cart-info',
    headers: PJ,
  },
  {
    name: 'updateCartGroup',
    call: (c) => cart.updateCartGroup(c, 'g 1', { paymentMethod: 'ALIPAY', paymentInstallment: 3 }),
    method: 'POST',
    path: '/api/v2/shoppingcart/groups/g%201',
    body: { paymentMethod: 'ALIPAY', paymentInstallment: 3 },
  },
  {
    name: 'updateCartGroup shipping',
    call: (c) => cart.updateCartGroup(c, 'g1', { shippingMethod: 'SUNSHINE_CUSTOM', shippingAddressId: 'a1' }),
    method: 'POST',
    path: '/api/v2/shoppingcart/groups/g1',
    body: { shippingMethod: 'SUNSHINE_CUSTOM', shippingAddressId: 'a1' },
  },
  {
    name: 'updateCartItem quantity',
    call: (c) => cart.updateCartItem(c, 'g1', 's1', { quantity: 3 }),
    method: 'POST',
    path: '/api/v2/shoppingcart/groups/g1/items/s1',
    body: { quantity: 3 },
  },
  {
    name: 'updateCartItem excluded',
    call: (c) => cart.updateCartItem(c, 'g1', 's1', { excludedFromOrder: true }),
    method: 'POST',
    path: '/api/v2/shoppingcart/groups/g1/items/s1',
    body: { excludedFromOrder: true },
  },
  {
    name: 'removeCartItem',
    call: (c) => cart.removeCartItem(c, 'g1', 's1'),
    method: 'DELETE',
    path: '/api/v2/shoppingcart/groups/g1/items/s1',
  },
  {
    name: 'setAllCartItemsExcluded',
    call: (c) => cart.setAllCartItemsExcluded(c, 'g1', false),
    method: 'POST',
    path: '/api/v2/shoppingcart/groups/g1/items/_all',
    body: { excludedFromOrder: false },
  },
  {
    name: 'applyLoyaltyPoints',
    call: (c) => cart.applyLoyaltyPoints(c, 'g1', 500),
    method: 'POST',
    path: '/api/v2/shoppingcart/groups/g1/loyalty-points',
    body: { applyCents: 500 },
  },
  {
    name: 'removeLoyaltyPoints',
    call: (c) => cart.removeLoyaltyPoints(c, 'g1'),
    method: 'DELETE',
    path: '/api/v2/shoppingcart/groups/g1/loyalty-points',
  },
  {
    name: 'preorderCheck step 0',
    call: (c) => cart.preorderCheck(c, 'g1', 0),
    method: 'GET',
    path: '/api/v2/shoppingcart/groups/g1/preordercheck',
    query: { step: '0' },
  },
  {
    name: 'preorderCheck step 1',
    call: (c) => cart.preorderCheck(c, 'g1', 1),
    method: 'GET',
    path: '/api/v2/shoppingcart/groups/g1/preordercheck',
    query: { step: '1' },
  },
  // Orders
  {
    name: 'createOrder',
    call: (c) => orders.createOrder(c, { groupId: 'g1', paymentMethod: 'WECHATPAY', utmParams: { utmSource: 'wx' } }),
    method: 'POST',
    path: '/api/v1/orders',
    body: { groupId: 'g1', paymentMethod: 'WECHATPAY', utmParams: { utmSource: 'wx' } },
  },
  {
    name: 'listOrders',
    call: (c) => orders.listOrders(c, { status: 'AWAIT_PAYMENT', f: 0, t: 20 }),
    method: 'GET',
    path: '/api/v1/orders',
    query: { status: 'AWAIT_PAYMENT', f: '0', t: '20' },
  },
  { name: 'listOrders no filter', call: (c) => orders.listOrders(c), method: 'GET', path: '/api/v1/orders' },
  {
    name: 'getOrder',
    call: (c) => orders.getOrder(c, 'o1'),
    method: 'GET',
    path: '/api/v1/orders/o1',
    query: { pv: 'true' },
  },
  {
    name: 'getOrderCompletion',
    call: (c) => orders.getOrderCompletion(c, 'o1'),
    method: 'GET',
    path: '/api/v1/orders/o1/completion',
  },
  {
    name: 'applyCancelOrder',
    call: (c) => orders.applyCancelOrder(c, 'o1', { reason: '不想要了' }),
    method: 'POST',
    path: '/api/v1/orders/o1/cancel2/_apply',
    body: { reason: '不想要了' },
  },
  {
    name: 'confirmCancelOrder',
    call: (c) => orders.confirmCancelOrder(c, 'o1'),
    method: 'POST',
    path: '/api/v1/orders/o1/cancel2/_confirm',
    body: {},
  },
  {
    name: 'getItemShipping',
    call: (c) => orders.getItemShipping(c, 'o1', 'g2', 'i3'),
    method: 'GET',
    path: '/api/v1/orders/o1/groups/g2/items/i3/shipping',
  },
  {
    name: 'getFriendPay',
    call: (c) => orders.getFriendPay(c, 'o1'),
    method: 'GET',
    path: '/api/v1/orders/o1/payment/friend-pay',
  },
  {
    name: 'createFriendPay',
    call: (c) => orders.createFriendPay(c, 'o1', { payerName: '张三' }),
    method: 'POST',
    path: '/api/v1/orders/o1/payment/friend-pay',
    body: { payerName: '张三' },
  },
  {
    name: 'checkFriendPayerIdentity',
    call: (c) => orders.checkFriendPayerIdentity(c, 'o1', { payerName: '张三', payerIdNumber: '110' }),
    method: 'POST',
    path: '/api/v1/orders/o1/payment/friend-pay/checkpayeridentity',
    body: { payerName: '张三', payerIdNumber: '110' },
  },
  {
    name: 'getPayOnBehalf',
    call: (c) => orders.getPayOnBehalf(c, 'o1'),
    method: 'GET',
    path: '/api/v1/orders/o1/pay-on-behalf',
  },
  {
    name: 'updateBcSell',
    call: (c) => orders.updateBcSell(c, { orderIds: ['o1'], bcSell: true }),
    method: 'POST',
    path: '/api/v1/_internal/order-admin/orders/update-bc-sell',
    body: { orderIds: ['o1'], bcSell: true },
  },
  // Express buy
  {
    name: 'startExpressBuy',
    call: (c) => express.startExpressBuy(c, { skuId: 's1', quantity: 1 }),
    method: 'POST',
    path: '/api/v1/express-buy/sku',
    body: { skuId: 's1', quantity: 1 },
  },
  {
    name: 'updateExpressBuy address',
    call: (c) => express.updateExpressBuy(c, 'e1', { shippingAddressId: 'a1' }),
    method: 'POST',
    path: '/api/v1/express-buy/details/e1',
    body: { shippingAddressId: 'a1' },
  },
  {
    name: 'updateExpressBuy fields',
    call: (c) => express.updateExpressBuy(c, 'e1', { quantity: 2, paymentMethod: 'WECHATMINIPAY' }),
    method: 'POST',
    path: '/api/v1/express-buy/details/e1',
    body: { quantity: 2, paymentMethod: 'WECHATMINIPAY' },
  },
  {
    name: 'expressBuyPreorderCheck',
    call: (c) => express.expressBuyPreorderCheck(c, 'e1'),
    method: 'GET',
    path: '/api/v1/express-buy/preordercheck/e1',
  },
  // Profile
  { name: 'listAddresses', call: (c) => profile.listAddresses(c), method: 'GET', path: '/api/v2/profile/addressbook' },
  {
    name: 'createAddress',
    call: (c) =>
      profile.createAddress(c, { name: '李四', phone: '13800000000', areaIds: ['31'], street: '南京西路1号' }),
    method: 'POST',
    path: '/api/v2/profile/addressbook',
    body: { name: '李四', phone: '13800000000', areaIds: ['31'], street: '南京西路1号' },
  },
  {
    name: 'updateAddress',
    call: (c) => profile.updateAddress(c, 'a1', { isDefault: true }),
    method: 'POST',
    path: '/api/v1/profile/addressbook/a1',
    body: { isDefault: true },
  },
  {
    name: 'deleteAddress',
    call: (c) => profile.deleteAddress(c, 'a1'),
    method: 'DELETE',
    path: '/api/v1/profile/addressbook/a1',
  },
  {
    name: 'listPayerIdentities',
    call: (c) => profile.listPayerIdentities(c),
    method: 'GET',
    path: '/api/v1/profile/payer-identities',
  },
  {
    name: 'createPayerIdentity',
    call: (c) => profile.createPayerIdentity(c, { name: '王五', idNumber: '310', flag: 1 }),
    method: 'POST',
    path: '/api/v1/profile/payer-identities',
    body: { name: '王五', idNumber: '310', flag: 1 },
  },
  {
    name: 'updatePayerIdentity',
    call: (c) => profile.updatePayerIdentity(c, 'p9', { flag: 2 }),
    method: 'POST',
    path: '/api/v1/profile/payer-identities/p9',
    body: { flag: 2 },
  },
  {
    name: 'deletePayerIdentity',
    call: (c) => profile.deletePayerIdentity(c, 'p9'),
    method: 'DELETE',
    path: '/api/v1/profile/payer-identities/p9',
  },
  {
    name: 'listWorldAreas',
    call: (c) => profile.listWorldAreas(c),
    method: 'GET',
    path: '/api/v1/basic-data/world-areas',
    query: { scenario: 'SHIPPING_ADDRESS' },
  },
  {
    name: 'getWorldArea',
    call: (c) => profile.getWorldArea(c, '31'),
    method: 'GET',
    path: '/api/v1/basic-data/world-areas/31',
    query: { scenario: 'SHIPPING_ADDRESS' },
  },
  // Login
  {
    name: 'sendSmsCode',
    call: (c) => signin.sendSmsCode(c, '13800000000'),
    method: 'POST',
    path: '/api/v2/signin/sms',
    body: { phone: '13800000000' },
  },
  {
    name: 'verifySmsCode',
    call: (c) => signin.verifySmsCode(c, '13800000000', '123456'),
    method: 'POST',
    path: '/api/v2/signin/sms/verification',
    body: { phone: '13800000000', code: '123456' },
  },
  {
    name: 'wechatWebLogin',
    call: (c) => signin.wechatWebLogin(c, 'oauth-code'),
    method: 'POST',
    path: '/api/v1/wechat-login/login/web',
    body: { code: 'oauth-code' },
  },
  {
    name: 'bindWechatPhone',
    call: (c) => signin.bindWechatPhone(c, { phone: '138', code: '1', bindToken: 'bt' }),
    method: 'POST',
    path: '/api/v1/wechat-login/bind/phone',
    body: { phone: '138', code: '1', bindToken: 'bt' },
  },
  {
    name: 'sendWechatBindSms',
    call: (c) => signin.sendWechatBindSms(c, '138', 'bt'),
    method: 'POST',
    path: '/api/v1/wechat-login/sms/bind',
    body: { phone: '138', bindToken: 'bt' },
  },
  {
    name: 'getWechatOpenId',
    call: (c) => signin.getWechatOpenId(c, 'c0de'),
    method: 'GET',
    path: '/api/v1/wechat/openId',
    query: { code: 'c0de' },
  },
  {
    name: 'getWechatJsTicket',
    call: (c) => signin.getWechatJsTicket(c, 'https://www.example-haitao.cn/review/1/2/?a=b&c=d'),
    method: 'GET',
    path: '/api/v1/wechat-jsticket',
    query: { url: 'https://www.example-haitao.cn/review/1/2/?a=b&c=d' },
  },
  {
    name: 'getMiniProgramGiftAmount',
    call: (c) => signin.getMiniProgramGiftAmount(c),
    method: 'GET',
    path: '/api/v1/wechat/miniprogram/gift-amount',
  },
  {
    name: 'getShihuoLogin',
    call: (c) => signin.getShihuoLogin(c, { token: 't' }),
    method: 'GET',
    path: '/api/v1/shihuo/login',
    query: { token: 't' },
  },
  {
    name: 'shihuoLogin',
    call: (c) => signin.shihuoLogin(c, { token: 't' }),
    method: 'POST',
    path: '/api/v1/shihuo/login',
    body: { token: 't' },
  },
  {
    name: 'getShihuoLoginSign',
    call: (c) => signin.getShihuoLoginSign(c),
    method: 'GET',
    path: '/api/v1/shihuo/login/sign',
  },
  {
    name: 'shihuoLoginSign',
    call: (c) => signin.shihuoLoginSign(c, { ts: 1 }),
    method: 'POST',
    path: '/api/v1/shihuo/login/sign',
    body: { ts: 1 },
  },
  // Products and discovery
  { name: 'getProduct', call: (c) => products.getProduct(c, 42), method: 'GET', path: '/api/v1/products/42' },
  {
    name: 'getProduct promo',
    call: (c) => products.getProduct(c, 42, { promo: true, groupBuy: true }),
    method: 'GET',
    path: '/api/v1/products/42',
    query: { promo: 'true', groupBuy: 'true' },
  },
  {
    name: 'getRelatedProducts',
    call: (c) => products.getRelatedProducts(c, 42),
    method: 'GET',
    path: '/api/v1/products/42/related',
  },
  {
    name: 'getSimilar',
    call: (c) => products.getSimilar(c, 42),
    method: 'GET',
    path: '/api/v2/products/42/similar/context/PRODUCT_DETAILS',
  },
  {
    name: 'getSizeChart',
    call: (c) => products.getSizeChart(c, 42),
    method: 'GET',
    path: '/api/v1/sizecharts/products/42',
  },
  {
    name: 'translateProduct',
    call: (c) => products.translateProduct(c, 42),
    method: 'GET',
    path: '/api/v1/translate/product/42',
  },
  {
    name: 'listBrands defaults',
    call: (c) => products.listBrands(c),
    method: 'GET',
    path: '/api/v1/brands',
    query: { f: '0', t: '10000' },
  },
  {
    name: 'listBrands np',
    call: (c) => products.listBrands(c, { np: true }),
    method: 'GET',
    path: '/api/v1/brands',
    query: { f: '0', t: '10000', np: 'true' },
  },
  {
    name: 'getProductCategories',
    call: (c) => products.getProductCategories(c),
    method: 'GET',
    path: '/api/v2/productcategories',
  },
  { name: 'listMerchants', call: (c) => products.listMerchants(c), method: 'GET', path: '/api/v2/merchants' },
  {
    name: 'getDomesticShipping',
    call: (c) => products.getDomesticShipping(c, 'm1'),
    method: 'GET',
    path: '/api/v1/merchants/m1/domesticshipping',
  },
  {
    name: 'discover defaults',
    call: (c) => products.discover(c),
    method: 'GET',
    path: '/api/v2/discover',
    query: { pr: '0-100', f: '0', t: '10' },
  },
  {
    name: 'discover ranges',
    call: (c) => products.discover(c, { pr: '100-500', dr: '0-50', f: 10, t: 20 }),
    method: 'GET',
    path: '/api/v2/discover',
    query: { pr: '100-500', dr: '0-50', f: '10', t: '20' },
  },
  {
    name: 'discoverCategory',
    call: (c) => products.discoverCategory(c, ['8a', '8b']),
    method: 'GET',
    path: '/api/v2/discover',
    query: { cids: '8a,8b', pr: '0-100', f: '0', t: '15' },
  },
  {
    name: 'searchProducts',
    call: (c) => products.searchProducts(c, '羊绒 大衣'),
    method: 'POST',
    path: '/api/v3/discover',
    body: { q: '羊绒 大衣' },
  },
  // Review search (ours, issue 43)
  {
    name: 'searchReviews defaults',
    call: (c) => search.searchReviews(c, '面霜 "x*'),
    method: 'GET',
    path: '/api/v1/product-comment/search',
    query: { q: '面霜 "x*', f: '0', t: '10' },
  },
  {
    name: 'searchReviews filters',
    call: (c) => search.searchReviews(c, '奶粉', { f: 20, t: 30, sort: 'likes', media: 'picture', score: 5 }),
    method: 'GET',
    path: '/api/v1/product-comment/search',
    query: { q: '奶粉', f: '20', t: '30', sort: 'likes', media: 'picture', score: '5' },
  },
  {
    name: 'recommendBottom',
    call: (c) => products.recommendBottom(c, { productId: '42' }),
    method: 'POST',
    path: '/api/v2/recommend/product/bottom',
    body: { f: 0, t: 10, productId: '42' },
  },
  // Comments
  {
    name: 'listComments defaults',
    call: (c) => comments.listComments(c, 'p1'),
    method: 'GET',
    path: CM,
    query: { f: '0', t: '10', s: 'posted_at' },
  },
  {
    name: 'listComments tag',
    call: (c) => comments.listComments(c, 'p1', { f: 10, t: 20, tag: '质量好' }),
    method: 'GET',
    path: CM,
    query: { f: '10', t: '20', s: 'posted_at', tag: '质量好' },
  },
  {
    name: 'listReplies',
    call: (c) => comments.listReplies(c, 'p1', 'c1'),
    method: 'GET',
    path: `${CM}/c1/replies`,
    query: { f: '0', t: '1', s: 'posted_at' },
  },
  { name: 'likeComment', call: (c) => comments.likeComment(c, 'p1', 'c1'), method: 'POST', path: `${CM}/c1/likes` },
  {
    name: 'unlikeComment',
    call: (c) => comments.unlikeComment(c, 'p1', 'c1'),
    method: 'DELETE',
    path: `${CM}/c1/likes`,
  },
  {
    name: 'getHaulFeed defaults',
    call: (c) => comments.getHaulFeed(c),
    method: 'GET',
    path: '/api/v2/product_comment/haul',
    query: { category: '0', delimiter: '0', size: '10' },
  },
  {
    name: 'getHaulFeed page',
    call: (c) => comments.getHaulFeed(c, { category: 'b', delimiter: 'abc', size: 50 }),
    method: 'GET',
    path: '/api/v2/product_comment/haul',
    query: { category: 'b', delimiter: 'abc', size: '50' },
  },
  // Review page helpers (contract, pinned paths)
  {
    name: 'getReviewDetail',
    call: (c) => review.getReviewDetail(c, 'p1', 'c1'),
    method: 'GET',
    path: CM,
    query: { commentId: 'c1' },
  },
  {
    name: 'getReviewFeed',
    call: (c) => review.getReviewFeed(c, 0, 30, '0'),
    method: 'GET',
    path: '/api/v2/product_comment/haul',
    query: { category: '0', delimiter: '0', size: '30' },
  },
  {
    name: 'getSimilarProducts',
    call: (c) => review.getSimilarProducts(c, 'p1'),
    method: 'GET',
    path: '/api/v2/products/p1/similar/context/PRODUCT_DETAILS',
  },
  // Other
  { name: 'getAppConfig', call: (c) => appConfig.getAppConfig(c), method: 'GET', path: '/api/v1/appconfig' },
  { name: 'getUnreadPopups', call: (c) => appConfig.getUnreadPopups(c), method: 'GET', path: '/api/v1/popup/unread' },
  {
    name: 'getUnreadPopups channel',
    call: (c) => appConfig.getUnreadPopups(c, 'wechat'),
    method: 'GET',
    path: '/api/v1/popup/unread',
    query: { channel_source: 'wechat' },
  },
  {
    name: 'markPopupsRead',
    call: (c) => appConfig.markPopupsRead(c, ['x1']),
    method: 'POST',
    path: '/api/v1/popup/read',
    body: { popupIds: ['x1'] },
  },
  {
    name: 'getSuitProductClaimPopup',
    call: (c) => claims.getSuitProductClaimPopup(c, '42'),
    method: 'GET',
    path: '/api/v1/claim/popup/SUITPRODUCT/42',
  },
  {
    name: 'claim',
    call: (c) => claims.claim(c, 'SUITPRODUCT', '42'),
    method: 'POST',
    path: '/api/v1/claim/SUITPRODUCT/42',
  },
  {
    name: 'listCustomsResell',
    call: (c) => customs.listCustomsResell(c),
    method: 'GET',
    path: '/api/v1/customs-resell',
  },
  {
    name: 'createCustomsResell',
    call: (c) => customs.createCustomsResell(c, { orderId: 'o1' }),
    method: 'POST',
    path: '/api/v1/customs-resell',
    body: { orderId: 'o1' },
  },
  {
    name: 'getCustomsResell',
    call: (c) => customs.getCustomsResell(c, 'r1'),
    method: 'GET',
    path: '/api/v1/customs-resell/r1',
  },
  {
    name: 'updateCustomsResell',
    call: (c) => customs.updateCustomsResell(c, 'r1', { status: 'DONE' }),
    method: 'POST',
    path: '/api/v1/customs-resell/r1',
    body: { status: 'DONE' },
  },
  {
    name: 'searchArticles defaults',
    call: (c) => articles.searchArticles(c),
    method: 'GET',
    path: '/api/v1/content/articles/search',
    query: { f: '0', t: '10' },
  },
  {
    name: 'searchArticles banner tags',
    call: (c) => articles.searchArticles(c, { f: 0, t: 5, withbanner: true, tags: ['海淘', '攻略'] }),
    method: 'GET',
    path: '/api/v1/content/articles/search',
    query: { f: '0', t: '5', withbanner: 'true', tags: '海淘,攻略' },
  },
];

describe('every storefront call (recording server)', () => {
  let srv: RecordingServer;
  let client: StorefrontClient;
  before(async () => {
    srv = await startRecordingServer(() => ({ status: 200, body: { ok: true, echo: 1 } }));
    client = createStorefrontClient({
      mode: 'browser',
      baseURL: srv.url,
      session: { key: 'key-1', user: 'user-1' },
      agentName: 'test-agent',
      agentVersion: '9.9.9',
      navigate: () => assert.fail('no redirect expected'),
      location: () => '/review/',
    });
  });
  after(() => srv.close());

  for (const row of rows) {
    test(`${row.name}: ${row.method} ${row.path}`, async () => {
      srv.reset();
      const result = await row.call(client);
      assert.equal(srv.requests.length, 1, 'exactly one request');
      const r = srv.requests[0];
      assert.equal(r.method, row.method);
      assert.equal(r.path, row.path);
      assert.deepEqual(r.query, row.query ?? {});
      assert.deepEqual(r.body, row.body);
      if (row.body === undefined) {
        assert.equal(r.rawBody, '');
        assert.equal(r.headers['content-type'], undefined, 'no body, no content type');
      } else assert.match(String(r.headers['content-type']), /^application\/json/);
      assert.equal(r.headers['x-session-key'], 'key-1');
      assert.equal(r.headers['x-session-user'], 'user-1');
      assert.equal(r.headers['x-client-agent'], 'test-agent/9.9.9 (web)');
      for (const [k, v] of Object.entries(row.headers ?? { accept: 'application/json' })) {
        assert.equal(r.headers[k], v, `header ${k}`);
      }
      assert.equal(r.headers.cookie, undefined);
      // The body is handed back unwrapped; the review helpers read into it (see below).
      if (!row.name.startsWith('getReview') && row.name !== 'getSimilarProducts') {
        assert.deepEqual(result, { ok: true, echo: 1 });
      }
    });
  }

  test('uploadPhotoId: multipart POST /api/v2/profile/photo-ids with the image', async () => {
    srv.reset();
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
    await profile.uploadPhotoId(client, jpeg, 'front.jpg');
    const r = srv.requests[0];
    assert.equal(r.method, 'POST');
    assert.equal(r.path, '/api/v2/profile/photo-ids');
    assert.match(String(r.headers['content-type']), /^multipart\/form-data; boundary=/);
    assert.match(r.rawBody, /name="image"; filename="front.jpg"/);
    assert.match(r.rawBody, /Content-Type: image\/jpeg/);
    assert.equal(r.headers['x-session-user'], 'user-1');
  });

  test('review helpers read comments[0], waterFall.waterDrops and products', async () => {
    srv.reset();
    const review1 = { id: 'c1', content: '很好' };
    const drop = { commentId: 'c2', productId: 'p2' };
    const item = { product: { id: 'p3' } };
    srv.respond((req) => {
      if (req.path.endsWith('/comments')) return { body: { comments: [review1, { id: 'other' }] } };
      if (req.path.endsWith('/haul')) return { body: { waterFall: { waterDrops: [drop], delimiter: null } } };
      return { body: { products: [item] } };
    });
    assert.deepEqual(await review.getReviewDetail(client, 'p1', 'c1'), review1);
    assert.deepEqual(await review.getReviewFeed(client), [drop]);
    assert.deepEqual(await review.getSimilarProducts(client, 'p1'), [item]);
    assert.equal(srv.requests[1].query.size, '30', 'feed defaults to (0, 30, "0")');

    srv.respond(() => ({ body: {} }));
    assert.equal(await review.getReviewDetail(client, 'p1', 'gone'), null);
    assert.deepEqual(await review.getReviewFeed(client), []);
    assert.deepEqual(await review.getSimilarProducts(client, 'p1'), []);
  });
});
