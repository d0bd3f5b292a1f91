// The width variants of a media server picture (src/common/media-variants.ts): the one rule of
// the site's srcset and the reference server's served sizes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mediaVariants, srcSetOf, variantSize, variantSizes } from '../../../src/common/media-variants';
import { isServedSize } from '../../../server/media/sizes';
import { parseMediaPath, thumbSize } from '../../../server/media/urls';
import { PICTURE_SIZES } from '../../../server/seed/vocab';
import { toReviewView } from '../../../src/review/view';

test('a review picture has 360, 540 and 720 px wide variants of its own aspect ratio, same id and format', () => {
  assert.deepEqual(mediaVariants('/media/picture/r50000011/1080x1440.webp'), [
    { url: '/media/picture/r50000011/360x480.webp', width: 360, height: 480 },
    { url: '/media/picture/r50000011/540x720.webp', width: 540, height: 720 },
    { url: '/media/picture/r50000011/720x960.webp', width: 720, height: 960 },
    { url: '/media/picture/r50000011/1080x1440.webp', width: 1080, height: 1440 },
  ]);
  // A thumbnail: its variants are wider than itself (the card's need at DPR 2), height rounded.
  assert.deepEqual(
    mediaVariants('/media/picture/r7/213x320.jpg').map((v) => `${v.width}x${v.height}`),
    ['213x320', '360x541', '540x811', '720x1082'],
  );
  // Its own width is not listed twice.
  assert.deepEqual(
    mediaVariants('/media/picture/r7/720x1280.jpg').map((v) => v.width),
    [360, 540, 720],
  );
  assert.deepEqual(variantSize(1280, 720, 360), [360, 203]);
});

test('srcset: width descriptors narrowest first; a MEDIA_BASE_URL origin is kept', () => {
  assert.equal(
    srcSetOf('https://img.example.com/cdn/media/picture/r1/1200x800.jpg'),
    'https://img.example.com/cdn/media/picture/r1/360x240.jpg 360w, https://img.example.com/cdn/media/picture/r1/540x360.jpg 540w, https://img.example.com/cdn/media/picture/r1/720x480.jpg 720w, https://img.example.com/cdn/media/picture/r1/1200x800.jpg 1200w',
  );
  // Product pictures: the card's 240 and the page's 800.
  assert.equal(
    srcSetOf('/media/product/p3-1/240x240.jpg'),
    '/media/product/p3-1/240x240.jpg 240w, /media/product/p3-1/800x800.jpg 800w',
  );
});

test('no srcset for anything but a media server picture with variants, nor for an unsafe URL', () => {
  for (const url of [
    '/media/cover/v1/720x1280.jpg', // covers have no variants
    '/media/avatar/u1/160x160.jpg',
    '/media/product/p3-1/500x500.jpg', // not one of the product sizes
    'https://example.com/a.jpg',
    'javascript:alert(1)//media/picture/r1/720x960.jpg',
    '//evil.example/media/picture/r1/720x960.jpg', // protocol-relative
    '/media/picture/r1/720x960.jpg 1x, /evil.jpg', // a srcset in a URL
    '/media/picture/r1,2/720x960.jpg',
    '/x y/media/picture/r1/720x960.jpg',
    ' /media/picture/r1/720x960.jpg', // not as safeUrl gives it
    'data:image/jpeg;base64,/media/picture/r1/720x960.jpg',
    '/media/picture/R1/720x960.jpg',
    '/media/picture/r1/720x960.png',
    '/media/picture/r1/0720x960.jpg',
  ])
    assert.equal(srcSetOf(url), undefined, url);
  assert.deepEqual(variantSizes('cover', 720, 1280), []);
});

test('the server serves every variant of every picture size the data writes, and the variants of nothing else', () => {
  const own = [...PICTURE_SIZES, ...PICTURE_SIZES.map(([w, h]) => thumbSize(w, h))];
  for (const ext of ['jpg', 'webp'] as const)
    for (const [w, h] of own)
      for (const v of mediaVariants(`/media/picture/r1/${w}x${h}.${ext}`)) {
        const [, , kind, id, file] = v.url.split('/');
        const key = parseMediaPath(kind, id, file);
        assert.ok(key && isServedSize(key), v.url);
      }
  for (const url of ['/media/picture/r1/361x480.jpg', '/media/picture/r1/720x720.png', '/media/cover/v1/360x640.jpg']) {
    const [, , kind, id, file] = url.split('/');
    const key = parseMediaPath(kind, id, file);
    assert.ok(!key || !isServedSize(key), url);
  }
});

test("the build's review view carries each picture's srcset; the browser's does not", () => {
  const wire = {
    id: 5000001,
    productId: 100001,
    pictures: [
      {
        id: 50000010,
        full: { url: '/media/picture/r50000010/1080x1440.jpg', width: 1080, height: 1440 },
        thumbnail: { url: '/media/picture/r50000010/240x320.jpg', width: 240, height: 320 },
      },
      { id: 50000011, full: { url: 'https://example.com/a.jpg', width: 800, height: 800 } },
    ],
  };
  const built = toReviewView(wire, '100001', { srcSetOf });
  assert.ok(built.ok);
  assert.deepEqual(
    built.review.gallery.map((g) => g.srcSet),
    [srcSetOf('/media/picture/r50000010/1080x1440.jpg'), undefined],
  );
  const browser = toReviewView(wire, '100001');
  assert.ok(browser.ok);
  assert.ok(browser.review.gallery.every((g) => !('srcSet' in g)));
});
