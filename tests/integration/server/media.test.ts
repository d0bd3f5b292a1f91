// Media: every image URL in the data is a real JPEG/WebP with the stated dimensions, served
// with an immutable cache header, deterministic byte for byte; bad paths are 404s.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { buildApp } from '../../../server/app';
import { startTestServer, type TestServer } from './helper';

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
  after(async () => { await s.close(); await other.close(); });

  test('images of every kind in the data decode with the stated size and format', async () => {
    const urls = new Map<string, { width?: number; height?: number; format?: string }>();
    const add = (img: any) => { if (img?.url?.startsWith('/media/')) urls.set(img.url, img); };
    const feed = (await s.get('/api/v2/product_comment/haul?size=500')).body.waterFall.waterDrops;
    const withPics = (s.app.db.prepare("SELECT id, product_id AS p FROM reviews WHERE pictures != '[]' AND id != 5000021 LIMIT 3").all()) as Array<{ id: number; p: number }>;
    const withVideo = s.app.db.prepare("SELECT id, product_id AS p FROM reviews WHERE videos != '[]' LIMIT 1").get() as { id: number; p: number } | undefined;
    for (const r of [...withPics, ...(withVideo ? [withVideo] : [])]) {
      const review = (await s.get(`/api/v1/product-comment/products/${r.p}/comments?commentId=${r.id}`)).body.comments[0];
      for (const p of review.pictures) { add(p.full); add(p.thumbnail); }
      for (const v of review.videos) add(v.cover);
      add({ url: review.userAvatar });
      for (const m of review.userMedals ?? []) add(m.image);
      add(review.sku?.images?.[0]?.full);
      add(review.sku?.images?.[0]?.thumbnail);
    }
    if (withVideo) assert.ok([...urls.keys()].some((u) => u.startsWith('/media/cover/')), 'a video cover');
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
    for (const k of ['picture', 'avatar', 'sku', 'product', 'merchant', 'banner', 'brand', 'article']) assert.ok(kinds.has(k), `kind ${k}`);
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
      if (img.width) assert.equal(img.width, meta.width);
      if (img.height) assert.equal(img.height, meta.height);
      if (img.format) assert.equal(img.format, meta.format);
    }
  });

  test('same URL => same bytes (fresh cache, other server); cached on disk; ETag revalidation', async () => {
    const url = '/media/picture/r50000010/1080x1440.jpg';
    const a = await fetchImage(s, url);
    const b = await fetchImage(other, url);
    assert.ok(a.bytes.equals(b.bytes), 'deterministic across caches');
    assert.ok(existsSync(join(s.dir, 'media', 'picture', 'r50000010', '1080x1440.jpg')), 'cached under mediaDir');
    const c = await fetchImage(s, url);
    assert.ok(a.bytes.equals(c.bytes), 'served from the cache');
    const etag = a.res.headers.get('etag')!;
    const revalidated = await fetch(s.url + url, { headers: { 'If-None-Match': etag } });
    assert.equal(revalidated.status, 304);
    // Concurrent first requests share one render.
    const many = await Promise.all(Array.from({ length: 5 }, () => fetchImage(s, '/media/cover/v5000099/720x1280.jpg')));
    assert.ok(many.every((x) => x.res.status === 200 && x.bytes.equals(many[0].bytes)));
  });

  test('paths that do not match the pattern are 404 (no traversal)', async () => {
    for (const p of [
      '/media/unknown/x1/10x10.jpg', '/media/picture/r1/0x10.jpg', '/media/picture/r1/10x10.png', '/media/picture/r1/10x10.JPG',
      '/media/picture/r1/5000x10.jpg', '/media/picture/r1/4000x4000.jpg', '/media/picture/R1/10x10.jpg', '/media/picture/r1/010x10.jpg',
      '/media/picture/%2e%2e/10x10.jpg', '/media/picture/..%2f..%2fetc/10x10.jpg', '/media/picture/r1/..%2f10x10.jpg',
      '/media/picture/r1/10x10.jpg/extra', '/media/picture/r1', '/media/', '/media/picture/r1/10x10.jpg%00.png',
    ]) {
      const res = await fetch(s.url + p);
      assert.equal(res.status, 404, p);
    }
  });

  test('MEDIA_BASE_URL prefixes media URLs in answers', async () => {
    const app = buildApp({ dbFile: join(s.dir, 'storefront.sqlite'), mediaDir: join(s.dir, 'media'), mediaBaseUrl: 'https://cdn.example.com/' });
    try {
      const res = await app.inject('/api/v2/product_comment/haul?size=50');
      const drops = res.json().waterFall.waterDrops;
      assert.ok(drops.some((d: any) => d.userAvatar?.startsWith('https://cdn.example.com/media/avatar/')));
      assert.ok(drops.every((d: any) => d.image === null || d.image.startsWith('https://cdn.example.com/media/') || d.image === 'javascript:alert(1)'));
    } finally {
      await app.close();
    }
  });
});
