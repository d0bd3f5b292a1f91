// The client against the project's reference server (server/, Fastify + SQLite) on a random
// loopback port with a fresh, freshly seeded temporary database: the calls the server
// implements, with the shapes the site relies on.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type RunningServer } from '../../../server/start';
import { createStorefrontClient, type StorefrontClient } from '../../../src/storefront/client';
import { StorefrontError } from '../../../src/storefront/errors';
import { createSession } from '../../../src/storefront/session';
import { memoryStore } from '../../../src/storefront/storage';
import * as appConfig from '../../../src/storefront/app-config';
import * as articles from '../../../src/storefront/articles';
import * as comments from '../../../src/storefront/comments';
import * as products from '../../../src/storefront/products';
import * as review from '../../../src/storefront/review-page';
import * as signin from '../../../src/storefront/signin';

/** SMS codes the server would send, by phone (startServer's devCodeLog). */
const smsCodes = new Map<string, string>();

describe('client against the reference server', () => {
  let dir: string;
  let ref: RunningServer;
  let build: StorefrontClient;
  let feed: Awaited<ReturnType<typeof review.getReviewFeed>>;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'client-ref-'));
    ref = await startServer({
      port: 0,
      host: '127.0.0.1',
      dbFile: path.join(dir, 'storefront.sqlite'),
      mediaDir: path.join(dir, 'media'),
      seedReviews: 120,
      devCodeLog: (phone, code) => smsCodes.set(phone, code),
    });
    build = createStorefrontClient({ mode: 'build', baseURL: ref.url, retries: 0 });
    feed = await review.getReviewFeed(build, 0, 30, '0');
  });
  after(async () => {
    await ref?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('productcategories: the whole tree', async () => {
    const { categories } = await products.getProductCategories(build);
    assert.ok(categories.length >= 10);
    for (const g of categories) {
      assert.equal(typeof g.id, 'string');
      assert.ok(Array.isArray(g.children));
    }
  });

  test('review feed (0, 30, "0") and haul paging with the default size 10', async () => {
    assert.ok(feed.length > 0 && feed.length <= 30);
    for (const d of feed) assert.ok(d.commentId != null && d.productId != null);
    const first = await comments.getHaulFeed(build);
    assert.equal(first.waterFall.waterDrops.length, 10);
    assert.ok(typeof first.waterFall.delimiter === 'string');
    const second = await comments.getHaulFeed(build, { delimiter: first.waterFall.delimiter! });
    const ids = new Set(first.waterFall.waterDrops.map((d) => String(d.commentId)));
    assert.ok(
      second.waterFall.waterDrops.every((d) => !ids.has(String(d.commentId))),
      'pages do not overlap',
    );
    const beauty = await comments.getHaulFeed(build, { category: 'b', size: 5 });
    assert.ok(beauty.waterFall.waterDrops.length <= 5);
  });

  test('review detail is comments[0] of the commentId query; unknown -> null or 404', async () => {
    const item = feed[0];
    const r = await review.getReviewDetail(build, item.productId, item.commentId);
    assert.ok(r);
    assert.equal(String(r.id), String(item.commentId));
    const gone = await review.getReviewDetail(build, item.productId, 2_000_000_000).catch((e: unknown) => e);
    assert.ok(gone === null || (gone instanceof StorefrontError && gone.status === 404), String(gone));
  });

  test('comments list: defaults f=0 t=10 s=posted_at, newest first', async () => {
    const { comments: list } = await comments.listComments(build, feed[0].productId);
    assert.ok(list.length >= 1 && list.length <= 10);
    const times = list.map((c) => Number(c.postedAt));
    assert.deepEqual(
      [...times].sort((a, b) => b - a),
      times,
    );
  });

  test('replies of a comment (f=0, t=1)', async () => {
    const res = await comments.listReplies(build, feed[0].productId, feed[0].commentId);
    assert.ok(Array.isArray(res.replies) && res.replies.length <= 1);
  });

  test('similar products (helper 3) and the raw similar answer', async () => {
    const list = await review.getSimilarProducts(build, feed[0].productId);
    assert.ok(Array.isArray(list));
    for (const p of list) assert.ok(p.product?.id != null);
  });

  test('product, related, size chart, translation, brands, merchants, domestic shipping', async () => {
    const id = feed[0].productId;
    const p = await products.getProduct(build, id, { promo: true, groupBuy: true });
    assert.equal(String(p.id), String(id));
    assert.ok('promo' in p && 'groupBuy' in p);
    assert.ok(Array.isArray((await products.getRelatedProducts(build, id)).products));
    assert.ok(Array.isArray((await products.getSizeChart(build, id)).rows));
    assert.equal(String((await products.translateProduct(build, id)).productId), String(id));
    const { brands } = await products.listBrands(build);
    assert.ok(brands.length > 0);
    const { merchants } = await products.listMerchants(build);
    assert.ok(merchants.length > 0);
    const ship = await products.getDomesticShipping(build, String(merchants[0].id));
    assert.equal(String(ship.merchantId), String(merchants[0].id));
  });

  test('discover GET (defaults and category variant) and POST search', async () => {
    const d = await products.discover(build);
    assert.ok(d.products.length <= 10);
    const { categories } = await products.getProductCategories(build);
    const dc = await products.discoverCategory(build, [categories[0].id]);
    assert.ok(dc.products.length <= 15);
    const s = await products.searchProducts(build, 'a');
    assert.ok(Array.isArray(s.products));
  });

  test('appconfig and article search', async () => {
    const cfg = await appConfig.getAppConfig(build);
    assert.equal(cfg.giftPackageYuan, 688);
    const a = await articles.searchArticles(build, { withbanner: true });
    assert.ok(a.articles.length <= 10);
  });

  test('a 4xx answer carries the server text (messages[0])', async () => {
    const err = await products.getProduct(build, 'not-a-number').catch((e: unknown) => e);
    assert.ok(err instanceof StorefrontError);
    assert.ok(err.status >= 400 && err.status < 500);
    assert.match(err.text, /[\u4e00-\u9fff]/);
  });

  test('SMS sign-in, then like and unlike as the signed-in user; a guest gets 401 and is redirected', async () => {
    const session = createSession(memoryStore());
    const went: string[] = [];
    const c = createStorefrontClient({
      mode: 'browser',
      baseURL: ref.url,
      session,
      navigate: (u) => went.push(u),
      location: () => '/review/x/',
    });
    const target = feed[0];

    await assert.rejects(
      comments.likeComment(c, target.productId, target.commentId),
      (e: unknown) => e instanceof StorefrontError && e.status === 401,
    );
    assert.deepEqual(went, ['/review/login/?returnTo=%2Freview%2Fx%2F']);

    const phone = '13800138000';
    const sent = await signin.sendSmsCode(c, phone);
    assert.equal(sent.sent, true);
    const code = smsCodes.get(phone);
    assert.ok(code, 'the server logged the code');
    const result = await signin.verifySmsCode(c, phone, code);
    assert.ok(result.userId && result.userKey);
    session.signIn(result);

    const liked = await comments.likeComment(c, target.productId, target.commentId);
    assert.equal(liked.liked, true);
    const unliked = await comments.unlikeComment(c, target.productId, target.commentId);
    assert.equal(unliked.liked, false);
    assert.equal(unliked.likes, liked.likes - 1);
  });
});
