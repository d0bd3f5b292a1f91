// The sitemap writer (gatsby/sitemap.ts): entries from the page data, limits per child file,
// valid XML that parses back to exactly the entries written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import {
  chunkEntries,
  entryOf,
  isIndexable,
  recordingSitemap,
  writeSitemaps,
  SITEMAP_INDEX,
  type SitemapEntry,
} from '../../../gatsby/sitemap';
import { siteConfig } from '../../../src/site-config';
import type { PageInput } from '../../../gatsby/pages/types';

const tpl = (name: string) => `/site/src/templates/${name}.tsx`;
const image = (url: string) => ({ url, width: 800, height: 800, format: 'jpg' });
const reviewPage = (commentId: string, postedAt: number | null, urls: string[]): PageInput => ({
  path: `/1001/${commentId}/`,
  component: tpl('review'),
  context: {
    info: {
      id: commentId,
      productId: '1001',
      postedAt,
      gallery: urls.map((u, i) => ({
        id: String(i),
        full: image(u),
        thumb: image(u),
        isVideoCover: false,
        videoUrl: null,
      })),
    },
  },
});

test("a review page: lastmod is the review's postedAt, its pictures are absolute image entries, unsafe URLs dropped", () => {
  const e = entryOf(
    reviewPage('7', 1_700_000_000_000, [
      '/media/picture/a/800x800.jpg',
      'javascript:alert(1)',
      'https://cdn.example.com/b.jpg',
      '/media/picture/a/800x800.jpg',
    ]),
    () => null,
  );
  assert.equal(e.lastmod, 1_700_000_000_000);
  assert.deepEqual(e.images, [`${siteConfig.siteUrl}/media/picture/a/800x800.jpg`, 'https://cdn.example.com/b.jpg']);
});

test("listing pages: lastmod is their newest review (from the items or the build's review dates); content pages have none", () => {
  const postedAt = new Map([
    ['1001/7', 100],
    ['1001/8', 300],
    ['1002/9', 200],
  ]);
  const of = (p: string, c: string) => postedAt.get(`${p}/${c}`) ?? null;
  const items = [
    { productId: '1001', commentId: '7' },
    { productId: '1001', commentId: '8' },
    { productId: '1002', commentId: '9' },
  ];
  assert.equal(entryOf({ path: '/', component: tpl('home'), context: { latest: items } }, of).lastmod, 300);
  assert.equal(
    entryOf({ path: '/haul/', component: tpl('haul'), context: { items: items.slice(0, 1) } }, of).lastmod,
    100,
  );
  assert.equal(
    entryOf({ path: '/category/8/', component: tpl('category'), context: { reviews: [] } }, of).lastmod,
    null,
  );
  assert.equal(
    entryOf(
      {
        path: '/pd/1001/',
        component: tpl('product'),
        context: { reviews: [{ id: '7', productId: '1001', postedAt: 150 }] },
      },
      of,
    ).lastmod,
    150,
  );
  assert.equal(entryOf({ path: '/about/', component: tpl('content'), context: {} }, of).lastmod, null);
});

test('pages that carry noindex or are not pages of their own stay out', () => {
  for (const p of [
    '/404/',
    '/404.html',
    '/500/',
    '/500.html',
    '/login/',
    '/haul-detail/',
    '/product/',
    '/dev-404-page/',
    '/offline-plugin-app-shell-fallback/',
  ]) {
    assert.equal(isIndexable(p), false, p);
  }
  for (const p of ['/', '/1001/7/', '/category/8/', '/pd/1001/', '/haul/page/2/', '/about/', '/products-guide/'])
    assert.equal(isIndexable(p), true, p);
  const created: string[] = [];
  const actions = recordingSitemap({ createPage: (p) => created.push(p.path) }, () => null);
  actions.createPage({ path: '/product/', matchPath: '/product/:id', component: tpl('product-alias'), context: {} });
  assert.deepEqual(created, ['/product/'], 'every page is still created');
});

test('issue 22: a thin review (no text of its own, no media) and a page marked noindex are created but not listed', () => {
  const withContent = (page: PageInput, content: string): PageInput => ({
    ...page,
    context: { info: { ...(page.context.info as object), content } },
  });
  const into = new Map<string, SitemapEntry>();
  const created: string[] = [];
  const actions = recordingSitemap({ createPage: (p) => created.push(p.path) }, () => null, into);
  actions.createPage(withContent(reviewPage('1', 1, []), siteConfig.defaultPraise));
  actions.createPage(withContent(reviewPage('2', 1, []), '   '));
  actions.createPage(withContent(reviewPage('3', 1, []), '真不错'));
  actions.createPage(withContent(reviewPage('4', 1, ['/media/a.jpg']), siteConfig.defaultPraise));
  actions.createPage({ path: '/haul/video/', component: tpl('haul'), context: { items: [], noindex: true } });
  assert.deepEqual(created, ['/1001/1/', '/1001/2/', '/1001/3/', '/1001/4/', '/haul/video/']);
  assert.deepEqual([...into.keys()], ['/1001/3/', '/1001/4/']);
});

test('chunks hold at most the URL and byte limits', () => {
  const items = Array.from({ length: 25 }, (_, i) => ({ url: `https://x.example/review/${i}/` }));
  assert.deepEqual(
    chunkEntries(items, 10).map((c) => c.length),
    [10, 10, 5],
  );
  const bySize = chunkEntries(items, 1000, 2_000);
  assert.ok(bySize.length > 1 && bySize.every((c) => c.length > 0));
  assert.equal(bySize.flat().length, 25);
});

async function parsed(file: string) {
  return parseSitemap(Readable.from(fs.readFileSync(file)));
}

test('written sitemaps parse back to exactly the entries, under the limits, listed by the index', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
  try {
    fs.writeFileSync(path.join(dir, 'sitemap-9.xml'), 'stale');
    const entries: SitemapEntry[] = Array.from({ length: 23 }, (_, i) => ({
      path: `/1001/${i}/`,
      lastmod: i % 2 ? Date.UTC(2024, 0, 2, 3, 4, 5) : null,
      images: i % 3 ? [] : [`${siteConfig.siteUrl}/media/picture/p${i}/800x800.jpg?a=1&b=2`],
    }));
    const { urls, files } = await writeSitemaps(dir, entries, { maxUrls: 10, maxBytes: 10 * 1024 * 1024 });
    assert.deepEqual({ urls, files }, { urls: 23, files: 3 });
    assert.ok(!fs.existsSync(path.join(dir, 'sitemap-9.xml')), 'children of an earlier build are removed');

    const index = await parseSitemapIndex(Readable.from(fs.readFileSync(path.join(dir, SITEMAP_INDEX))));
    assert.deepEqual(
      index.map((i) => i.url),
      [0, 1, 2].map((n) => `${siteConfig.siteUrl}/review/sitemap-${n}.xml`),
    );

    const items = (await Promise.all([0, 1, 2].map((n) => parsed(path.join(dir, `sitemap-${n}.xml`))))).flat();
    assert.equal(items.length, 23);
    assert.deepEqual(
      new Set(items.map((i) => i.url)),
      new Set(entries.map((e) => `${siteConfig.siteUrl}/review${e.path}`)),
    );
    const one = items.find((i) => i.url.endsWith('/review/1001/1/'));
    assert.equal(Date.parse(one?.lastmod ?? ''), Date.UTC(2024, 0, 2, 3, 4, 5), "lastmod is the data's instant");
    assert.equal(
      items.find((i) => i.url.endsWith('/review/1001/0/'))?.lastmod,
      undefined,
      'no lastmod without a date (never the build time)',
    );
    const three = items.find((i) => i.url.endsWith('/review/1001/3/'));
    assert.deepEqual(
      three?.img.map((i) => i.url),
      [`${siteConfig.siteUrl}/media/picture/p3/800x800.jpg?a=1&b=2`],
      'escaped and parsed back',
    );
    for (const n of [0, 1, 2]) assert.ok(fs.statSync(path.join(dir, `sitemap-${n}.xml`)).size < 10 * 1024 * 1024);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a child that would exceed the byte limit fails the writer loudly instead of publishing it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
  try {
    const entries: SitemapEntry[] = [
      {
        path: '/1/2/',
        lastmod: null,
        images: Array.from({ length: 20 }, (_, i) => `https://x.example/${'a'.repeat(200)}/${i}.jpg`),
      },
    ];
    await assert.rejects(writeSitemaps(dir, entries, { maxUrls: 10, maxBytes: 1_000 }), /over the 1000-byte limit/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
