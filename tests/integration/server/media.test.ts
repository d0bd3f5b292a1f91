// Media: every image URL in the data is a real JPEG/WebP with the stated dimensions, served
// with an immutable cache header, deterministic byte for byte; bad paths, ids the data does not
// reference and sizes it does not use are 404s that render and write nothing (issue 12 item 2).
// Limits (cache cap, atomic writes, queue, event loop) are in media-limits.test.ts.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { buildApp } from '../../../server/app';
import { assertError, startTestServer, type TestServer } from './helper';
import { filesUnder, mediaUrlsInData } from './media-data';

const DIMS = /\/(\d+)x(\d+)\.(jpg|webp)$/;

async function fetchImage(s: TestServer, url: string) {
  const res = await fetch(s.url + url);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

describe('media', () => {
  let s: TestServer;
  let other: TestServer;
  before(async () => {
    s = await startTestServer({ reviews: 60 });
    other = await startTestServer({ reviews: 60 });
  });
  after(async () => {
    await s.close();
    await other.close();
  });

  test('images of every kind in the data decode with the stated size and format', async () => {
    const urls = new Map<string, { width?: number; height?: number; format?: string }>();
    const add = (img: any) => {
      if (img?.url?.startsWith('/media/')) urls.set(img.url, img);
    };
    const feed = (await s.get('/api/v2/product_comment/haul?size=500')).body.waterFall.waterDrops;
    const withPics = s.app.db
      .prepare("SELECT id, product_id AS p FROM reviews WHERE pictures != '[]' AND id != 5000021 LIMIT 3")
      .all() as Array<{ id: number; p: number }>;
    const withVideo = s.app.db.prepare("SELECT id, product_id AS p FROM reviews WHERE videos != '[]' LIMIT 1").get() as
      { id: number; p: number } | undefined;
    assert.ok(withVideo, 'the demo data has a review with a video');
    for (const r of [...withPics, withVideo]) {
      const review = (await s.get(`/api/v1/product-comment/products/${r.p}/comments?commentId=${r.id}`)).body
        .comments[0];
      for (const p of review.pictures) {
        add(p.full);
        add(p.thumbnail);
      }
      for (const v of review.videos) add(v.cover);
      add({ url: review.userAvatar });
      for (const m of review.userMedals ?? []) add(m.image);
      add(review.sku?.images?.[0]?.full);
      add(review.sku?.images?.[0]?.thumbnail);
    }
    assert.ok(
      [...urls.keys()].some((u) => u.startsWith('/media/cover/')),
      'a video cover',
    );
    const product = (await s.get(`/api/v1/products/${feed[0].productId}`)).body;
    add(product.images[0].full);
    add(product.images[0].thumbnail);
    add({ url: (await s.get('/api/v2/merchants')).body.merchants[0].logo });
    add({ url: (await s.get('/api/v2/merchants')).body.merchants[0].banner });
    add({ url: (await s.get('/api/v1/brands')).body.brands[0].logo });
    const article = (await s.get('/api/v1/content/articles/search?withbanner=true')).body.articles[0];
    add(article.coverImage);
    add(article.bannerImage);

    const kinds = new Set([...urls.keys()].map((u) => u.split('/')[2]));
    for (const k of ['picture', 'avatar', 'sku', 'product', 'merchant', 'banner', 'brand', 'article'])
      assert.ok(kinds.has(k), `kind ${k}`);
    for (const [url, img] of urls) {
      const { res, bytes } = await fetchImage(s, url);
      assert.equal(res.status, 200, url);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const m = DIMS.exec(url)!;
      const meta = await sharp(bytes).metadata();
      assert.equal(meta.width, Number(m[1]), url);
      assert.equal(meta.height, Number(m[2]), url);
      assert.equal(meta.format, m[3] === 'jpg' ? 'jpeg' : 'webp');
      assert.equal(res.headers.get('content-type'), m[3] === 'jpg' ? 'image/jpeg' : 'image/webp');
      // The contract makes a picture's width, height and format optional: those it states are the file's.
      const stated = (['width', 'height', 'format'] as const).filter((k) => img[k] !== undefined);
      assert.deepEqual(
        stated.map((k) => img[k]),
        stated.map((k) => meta[k]),
        `${url}: the ${stated.join(', ')} the data states`,
      );
    }
    // ... and the demo data states them for the product pictures.
    const productFull = urls.get(product.images[0].full.url)!;
    assert.deepEqual(
      [typeof productFull.width, typeof productFull.height, typeof productFull.format],
      ['number', 'number', 'string'],
      'a product picture states its width, height and format',
    );
  });

  test('same URL => same bytes (fresh cache, other server); cached on disk; ETag revalidation', async () => {
    const url = mediaUrlsInData(s.app.db).find((u) => u.startsWith('/media/picture/') && u.endsWith('.jpg'))!;
    const a = await fetchImage(s, url);
    assert.equal(a.res.status, 200, url);
    const b = await fetchImage(other, url);
    assert.ok(a.bytes.equals(b.bytes), 'deterministic across caches');
    assert.ok(existsSync(join(s.dir, url)), 'cached under mediaDir');
    const c = await fetchImage(s, url);
    assert.ok(a.bytes.equals(c.bytes), 'served from the cache');
    const etag = a.res.headers.get('etag')!;
    const revalidated = await fetch(s.url + url, { headers: { 'If-None-Match': etag } });
    assert.equal(revalidated.status, 304);
  });

  test('HEAD of an existing image answers 200 with its type without drawing it', async () => {
    const url = mediaUrlsInData(s.app.db).find(
      (u) => u.startsWith('/media/picture/') && u.endsWith('.webp') && !existsSync(join(s.dir, u)),
    )!;
    const rendersBefore = s.app.mediaStore.stats.renders;
    const res = await fetch(s.url + url, { method: 'HEAD' });
    assert.equal(res.status, 200, url);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(s.app.mediaStore.stats.renders, rendersBefore, 'nothing rendered');
    assert.ok(!existsSync(join(s.dir, url)), 'nothing written');
    const get = await fetchImage(s, url);
    assert.equal(get.res.status, 200, 'GET still draws it');
    assert.equal(s.app.mediaStore.stats.renders, rendersBefore + 1);
  });

  test('concurrent first requests for one URL share one render', async () => {
    const url = mediaUrlsInData(s.app.db).find((u) => u.startsWith('/media/picture/') && !existsSync(join(s.dir, u)))!;
    const before = { ...s.app.mediaStore.stats };
    const many = await Promise.all(Array.from({ length: 8 }, () => fetchImage(s, url)));
    assert.ok(many.every((x) => x.res.status === 200 && x.bytes.equals(many[0].bytes)));
    const after = s.app.mediaStore.stats;
    assert.equal(after.renders - before.renders, 1, 'one render');
    assert.equal(after.coalesced - before.coalesced, 7, 'the other seven joined it');
  });

  test('ids the data does not reference are 404 with the error shape; nothing rendered or written', async () => {
    const rendersBefore = s.app.mediaStore.stats.renders;
    const filesBefore = filesUnder(join(s.dir, 'media')).files.length;
    const known = new Set(mediaUrlsInData(s.app.db));
    const unknown = [
      '/media/picture/r99999990/1080x1440.jpg',
      '/media/picture/r1/1080x1440.jpg',
      '/media/picture/x1/1080x1440.jpg',
      '/media/cover/v99999999/1280x720.jpg',
      '/media/avatar/u1/160x160.jpg',
      '/media/medal/m99/72x72.webp',
      '/media/product/p99999999-0/800x800.jpg',
      '/media/sku/s99999999/240x240.jpg',
      '/media/merchant/mc999/240x120.jpg',
      '/media/banner/a999999/1500x500.jpg',
      '/media/brand/b99999/200x100.jpg',
      '/media/article/a999999/690x388.jpg',
      '/media/picture/r50000210/1080x1440.jpg', // the hostile review's first picture is a javascript: URL in the data
    ];
    for (const url of unknown) {
      assert.ok(!known.has(url), url);
      const res = await s.get(url);
      assertError(res, 404, '图片不存在');
      assert.equal((await fetch(s.url + url, { method: 'HEAD' })).status, 404, `HEAD ${url}`);
    }
    assert.equal(s.app.mediaStore.stats.renders, rendersBefore, 'nothing rendered');
    assert.equal(filesUnder(join(s.dir, 'media')).files.length, filesBefore, 'nothing written');
  });

  test('a referenced id at a size or format the data does not use is 404', async () => {
    const rendersBefore = s.app.mediaStore.stats.renders;
    const urls = mediaUrlsInData(s.app.db);
    const picture = urls.find((u) => u.startsWith('/media/picture/') && u.endsWith('.jpg'))!;
    const [, w, h] = DIMS.exec(picture)!;
    const id = picture.split('/')[3];
    for (const url of [
      picture.replace(/\.jpg$/, '.webp'),
      picture.replace(`${w}x${h}`, `${h}x${w}`),
      picture.replace(`${w}x${h}`, '4000x3000'),
      picture.replace(`${w}x${h}`, '640x640'),
      `/media/picture/${id}/1x1.jpg`,
      urls.find((u) => u.startsWith('/media/avatar/'))!.replace('160x160', '161x161'),
      urls.find((u) => u.startsWith('/media/medal/'))!.replace('.webp', '.jpg'),
    ]) {
      if (urls.includes(url)) continue; // that size happens to be in the data too
      assertError(await s.get(url), 404, '图片不存在');
    }
    assert.equal(s.app.mediaStore.stats.renders, rendersBefore, 'nothing rendered');
  });

  test('paths that do not match the pattern are 404 (no traversal)', async () => {
    for (const p of [
      '/media/unknown/x1/10x10.jpg',
      '/media/picture/r1/0x10.jpg',
      '/media/picture/r1/10x10.png',
      '/media/picture/r1/10x10.JPG',
      '/media/picture/r1/5000x10.jpg',
      '/media/picture/r1/4000x4000.jpg',
      '/media/picture/R1/10x10.jpg',
      '/media/picture/r1/010x10.jpg',
      '/media/picture/%2e%2e/10x10.jpg',
      '/media/picture/..%2f..%2fetc/10x10.jpg',
      '/media/picture/r1/..%2f10x10.jpg',
      '/media/picture/r1/10x10.jpg/extra',
      '/media/picture/r1',
      '/media/',
      '/media/picture/r1/10x10.jpg%00.png',
    ]) {
      const res = await fetch(s.url + p);
      assert.equal(res.status, 404, p);
    }
  });

  test('MEDIA_BASE_URL prefixes media URLs in answers', async () => {
    const app = buildApp({
      dbFile: join(s.dir, 'storefront.sqlite'),
      mediaDir: join(s.dir, 'media'),
      mediaBaseUrl: 'https://cdn.example.com/',
    });
    try {
      const res = await app.inject('/api/v2/product_comment/haul?size=50');
      const drops = res.json().waterFall.waterDrops;
      assert.ok(drops.some((d: any) => d.userAvatar?.startsWith('https://cdn.example.com/media/avatar/')));
      assert.ok(
        drops.every(
          (d: any) =>
            d.image === null ||
            d.image.startsWith('https://cdn.example.com/media/') ||
            d.image === 'javascript:alert(1)',
        ),
      );
    } finally {
      await app.close();
    }
  });
});
