// Products, similar (pinned helper 3), related, size charts, translations, brands, merchants,
// discovery and search.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError, startTestServer, type TestServer } from './helper';

describe('products and discovery', () => {
  let s: TestServer;
  let pid: number;
  before(async () => {
    s = await startTestServer({ reviews: 60 });
    pid =
      (
        s.app.db
          .prepare("SELECT id FROM products WHERE promo IS NOT NULL AND size_chart != 'null' ORDER BY id LIMIT 1")
          .get() as { id: number } | undefined
      )?.id ?? (s.app.db.prepare('SELECT id FROM products ORDER BY id LIMIT 1').get() as { id: number }).id;
  });
  after(async () => {
    await s.close();
  });

  test('GET /api/v1/products/{id}: detail with SKUs; promo and groupBuy only when asked', async () => {
    const res = await s.get(`/api/v1/products/${pid}`);
    assert.equal(res.status, 200);
    const p = res.body;
    assert.equal(p.id, pid);
    for (const k of [
      'name',
      'nameCN',
      'description',
      'descriptionCN',
      'priceTag',
      'priceTagCN',
      'origin',
      'categoryId',
      'currency',
    ])
      assert.equal(typeof p[k], 'string', k);
    assert.match(p.priceTag, /^[$€£]\d+\.\d\d$/);
    assert.equal(p.priceTagCN, `¥${(Math.round(p.cents * p.exchangeRate) / 100).toFixed(2)}`);
    assert.ok(Number.isInteger(p.cents) && p.exchangeRate > 5);
    assert.ok(s.app.catalogue.leafById.has(p.categoryId), 'products sit on leaf categories');
    assert.ok(p.skus.length >= 1);
    for (const sku of p.skus) {
      assert.equal(sku.productId, pid);
      assert.equal(sku.attributes.attributes.exchangeRateUsed.choices[0], p.exchangeRate);
    }
    assert.equal('promo' in p, false);
    assert.equal('groupBuy' in p, false);
    const withCtx = (await s.get(`/api/v1/products/${pid}?promo=true&groupBuy=true`)).body;
    assert.ok('promo' in withCtx && 'groupBuy' in withCtx);
    assertError(await s.get(`/api/v1/products/${pid}?promo=maybe`), 400);
    assertError(await s.get('/api/v1/products/999999'), 404, '商品不存在');
    assertError(await s.get('/api/v1/products/abc'), 400);
  });

  test('similar: at most 12, never the product itself, same leaf first then the same group', async () => {
    const all = s.app.db
      .prepare('SELECT id, category_id AS c, group_id AS g, review_count AS n FROM products')
      .all() as Array<{ id: number; c: string; g: string; n: number }>;
    const byId = new Map(all.map((x) => [x.id, x]));
    for (const x of all.slice(0, 15)) {
      const res = await s.get(`/api/v2/products/${x.id}/similar/context/PRODUCT_DETAILS`);
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body), ['products']);
      const items = res.body.products;
      // The whole order: same leaf first, then the group; most reviewed first, then by id.
      const want = all
        .filter((y) => y.g === x.g && y.id !== x.id)
        .sort((a, b) => Number(b.c === x.c) - Number(a.c === x.c) || b.n - a.n || a.id - b.id)
        .slice(0, 12)
        .map((y) => y.id);
      assert.deepEqual(
        items.map((it: { product: { id: number } }) => it.product.id),
        want,
      );
      assert.ok(items.length <= 12);
      const expected = Math.min(12, all.filter((y) => y.g === x.g && y.id !== x.id).length);
      assert.equal(items.length, expected);
      let seenOther = false;
      for (const it of items) {
        assert.notEqual(it.product.id, x.id);
        const y = byId.get(it.product.id)!;
        assert.equal(y.g, x.g);
        if (y.c !== x.c) seenOther = true;
        else assert.equal(seenOther, false, 'same-leaf products come first');
        assert.equal(typeof it.product.name, 'string');
        assert.equal(typeof it.product.nameCN, 'string');
        assert.match(it.product.priceTagCN, /^¥\d+\.\d\d$/);
        assert.ok(Array.isArray(it.product.images) && Array.isArray(it.product.marks));
        assert.ok(Array.isArray(it.labelView.shortLabels));
        for (const g of it.labelView.shortLabels)
          assert.ok(g.labels.length > 0 && g.labels.every((l: any) => typeof l.text === 'string'));
        assert.equal(typeof it.origin, 'string');
      }
    }
    assertError(await s.get('/api/v2/products/999999/similar/context/PRODUCT_DETAILS'), 404);
    assertError(await s.get('/api/v2/products/x/similar/context/PRODUCT_DETAILS'), 400);
  });

  test('related, size chart, translation', async () => {
    const rel = await s.get(`/api/v1/products/${pid}/related`);
    assert.equal(rel.status, 200);
    assert.ok(rel.body.products.length <= 12 && rel.body.total === rel.body.products.length);
    assert.ok(rel.body.products.every((p: any) => p.id !== pid));
    const chart = await s.get(`/api/v1/sizecharts/products/${pid}`);
    assert.equal(chart.status, 200);
    assert.equal(chart.body.productId, pid);
    assert.ok(Array.isArray(chart.body.rows));
    const apparel = s.app.db.prepare("SELECT id FROM products WHERE size_chart != 'null' LIMIT 1").get() as
      { id: number } | undefined;
    if (apparel) {
      const c = (await s.get(`/api/v1/sizecharts/products/${apparel.id}`)).body;
      assert.ok(c.rows.length >= 2 && c.rows.every((r: string[]) => r.length === c.rows[0].length));
    }
    const tr = await s.get(`/api/v1/translate/product/${pid}`);
    assert.equal(tr.body.language, 'zh-CN');
    assert.match(tr.body.name, /[\u4e00-\u9fff]/);
    for (const p of [
      '/api/v1/products/999999/related',
      '/api/v1/sizecharts/products/999999',
      '/api/v1/translate/product/999999',
    ])
      assertError(await s.get(p), 404);
  });

  test('brands (f, t, np) and merchants with domestic shipping', async () => {
    const all = await s.get('/api/v1/brands');
    assert.equal(all.status, 200);
    assert.ok(all.body.brands.every((b: any) => b.productCount > 0));
    assert.equal(all.body.total, all.body.brands.length);
    const withEmpty = await s.get('/api/v1/brands?np=true');
    assert.ok(withEmpty.body.total >= all.body.total);
    const page = await s.get('/api/v1/brands?f=1&t=3');
    assert.deepEqual(
      page.body.brands.map((b: any) => b.id),
      all.body.brands.slice(1, 3).map((b: any) => b.id),
    );
    assertError(await s.get('/api/v1/brands?f=0&t=10001'), 400);
    assertError(await s.get('/api/v1/brands?np=x'), 400);

    const m = await s.get('/api/v2/merchants');
    assert.equal(m.status, 200);
    assert.ok(m.body.merchants.length >= 10);
    for (const x of m.body.merchants) {
      assert.ok(['USD', 'EUR', 'GBP'].includes(x.currency));
      assert.ok(x.logo.startsWith('/media/merchant/'));
    }
    const ship = await s.get(`/api/v1/merchants/${m.body.merchants[0].id}/domesticshipping`);
    assert.equal(ship.status, 200);
    assert.equal(ship.body.merchantId, m.body.merchants[0].id);
    assert.ok(ship.body.freeShippingThresholdCents > 0 && ship.body.feeCents > 0);
    assertError(await s.get('/api/v1/merchants/9999/domesticshipping'), 404, '商家');
    assertError(await s.get('/api/v1/merchants/x/domesticshipping'), 400);
  });

  test('discover: price range in yuan, discount range, category ids, window', async () => {
    const all = await s.get('/api/v2/discover?pr=-&t=100');
    assert.equal(all.status, 200);
    const total = (s.app.db.prepare('SELECT count(*) AS n FROM products').get() as { n: number }).n;
    assert.equal(all.body.total, total);
    const cheap = await s.get('/api/v2/discover?pr=0-100&t=100');
    assert.ok(cheap.body.products.every((p: any) => p.priceYuan <= 100));
    assert.equal(
      cheap.body.total,
      (s.app.db.prepare('SELECT count(*) AS n FROM products WHERE price_yuan <= 100').get() as { n: number }).n,
    );
    const disc = await s.get('/api/v2/discover?dr=20-100&t=100&pr=-');
    assert.ok(disc.body.products.every((p: any) => p.discountPercent >= 20));
    const g = s.app.db
      .prepare('SELECT group_id AS g, count(*) AS n FROM products GROUP BY g ORDER BY n DESC LIMIT 1')
      .get() as { g: string; n: number };
    const cat = await s.get(`/api/v2/discover?cids=${g.g}&f=0&t=15&pr=-`);
    assert.equal(cat.body.total, g.n);
    assert.equal(cat.body.products.length, Math.min(15, g.n));
    assert.ok(cat.body.products.every((p: any) => p.rootCategoryId === g.g));
    for (const q of ['pr=abc', 'pr=100-10', 'dr=x-y', 'f=3&t=1', 't=101', 'cids=a,,b', 'sort=random'])
      assertError(await s.get(`/api/v2/discover?${q}`), 400);
    assertError(await s.get('/api/v2/discover?cids=zz9'), 404);
  });

  test('POST /api/v3/discover {q}: search names, brands and categories', async () => {
    const p = s.app.db
      .prepare('SELECT p.name_cn AS n, b.name AS b FROM products p JOIN brands b ON b.id = p.brand_id LIMIT 1')
      .get() as { n: string; b: string };
    const word = p.n.split(' ')[1];
    const res = await s.req('POST', '/api/v3/discover', { body: { q: word } });
    assert.equal(res.status, 200);
    assert.equal(res.body.q, word);
    assert.ok(res.body.total >= 1);
    const brand = await s.req('POST', '/api/v3/discover', { body: { q: p.b.toUpperCase(), t: 50 } });
    assert.ok(brand.body.products.some((x: any) => x.brand.name === p.b));
    const none = await s.req('POST', '/api/v3/discover', { body: { q: '%_%' } });
    assert.equal(none.body.total, 0, 'LIKE wildcards are literal');
    assertError(await s.req('POST', '/api/v3/discover', { body: {} }), 400);
    assertError(await s.req('POST', '/api/v3/discover', { body: { q: '' } }), 400);
    assertError(await s.req('POST', '/api/v3/discover', { body: { q: 'x'.repeat(101) } }), 400);
    assertError(
      await s.req('POST', '/api/v3/discover', { raw: 'q=1', headers: { 'content-type': 'text/plain' } }),
      400,
    );
    assertError(
      await s.req('POST', '/api/v3/discover', { raw: '<q>1</q>', headers: { 'content-type': 'application/xml' } }),
      415,
    );
  });

  test('appconfig and article search (f, t, withbanner, tags)', async () => {
    const cfg = await s.get('/api/v1/appconfig');
    assert.equal(cfg.body.giftPackageYuan, 688);
    assert.equal(cfg.body.defaultPraise, '此用户未填写评价内容，默认好评');
    const a = await s.get('/api/v1/content/articles/search');
    assert.equal(a.status, 200);
    assert.equal(a.body.articles.length, 10);
    assert.ok(a.body.total >= 12);
    const times = a.body.articles.map((x: any) => x.publishedAt);
    assert.deepEqual(
      times,
      [...times].sort((x, y) => y - x),
    );
    for (const x of a.body.articles) {
      assert.match(x.title, /[\u4e00-\u9fff]/);
      assert.ok(x.cover.startsWith('/media/article/'));
    }
    const banners = await s.get('/api/v1/content/articles/search?withbanner=true&t=100');
    assert.ok(
      banners.body.total >= 1 && banners.body.articles.every((x: any) => x.banner?.startsWith('/media/banner/')),
    );
    const tagged = await s.get(`/api/v1/content/articles/search?tags=${encodeURIComponent('海淘攻略,母婴')}&t=100`);
    assert.ok(
      tagged.body.total >= 2 &&
        tagged.body.articles.every((x: any) => x.tags.includes('海淘攻略') || x.tags.includes('母婴')),
    );
    assertError(await s.get('/api/v1/content/articles/search?withbanner=yes'), 400);
    assertError(await s.get('/api/v1/content/articles/search?t=500'), 400);
  });
});
