// The sitemap entries (gatsby/sitemap.ts) and the writer the builds use (gatsby/sitemap-stream.ts
// writeSitemapsStreamed): entries from the page data, limits per child file, valid XML that
// parses back to exactly the entries written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import {
  entryOf,
  isIndexable,
  markChanged,
  recordingSitemap,
  SITEMAP_INDEX,
  type SitemapEntry,
} from '../../../gatsby/sitemap';
import { listedReviews, sourcedFeed, writeSitemapsStreamed } from '../../../gatsby/sitemap-stream';
import { toRelatedViews } from '../../../src/review/view';
import { siteConfig } from '../../../src/site-config';
import type { PageInput } from '../../../gatsby/pages/types';
import { loadManifest, manifestEntry, saveManifest, stampChanges, type Manifest } from '../../../gatsby/patch/manifest';

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
      // Its own text: a thin review (no text, no media) has no sitemap entry (issue 22).
      content: `第 ${commentId} 条晒单的正文`,
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

test("an edited review's lastmod is the build that changed its page; unchanged pages keep theirs, new pages their data's", () => {
  const POSTED = 1_700_000_000_000;
  const build = (pages: PageInput[], last: Manifest | null, now: number) => {
    const sitemap = new Map<string, SitemapEntry>();
    const rec = recordingSitemap({ createPage: () => undefined }, () => null, sitemap);
    for (const p of pages) rec.createPage(p);
    const manifest = stampChanges(new Map(pages.map((p) => [p.path, manifestEntry(p)])), last, now);
    markChanged(manifest, sitemap);
    return { manifest, lastmod: (p: string) => sitemap.get(p)!.lastmod };
  };
  const edited = (p: PageInput) => ({
    ...p,
    context: { ...p.context, info: { ...(p.context.info as object), content: '改过' } },
  });
  const first = build([reviewPage('1', POSTED, []), reviewPage('2', POSTED, [])], null, 10);
  assert.equal(first.lastmod('/1001/1/'), POSTED, 'a first build: the posting date');
  const T1 = POSTED + 86_400_000;
  const second = build(
    [edited(reviewPage('1', POSTED, [])), reviewPage('2', POSTED, []), reviewPage('3', POSTED, [])],
    first.manifest,
    T1,
  );
  assert.equal(second.lastmod('/1001/1/'), T1, 'edited: when the build found it changed');
  assert.equal(second.lastmod('/1001/2/'), POSTED, 'unchanged');
  assert.equal(second.lastmod('/1001/3/'), POSTED, 'new: its posting date');
  // A later build that changes nothing keeps the edit's time (the gatsby build after a patch agrees).
  const third = build(
    [edited(reviewPage('1', POSTED, [])), reviewPage('2', POSTED, []), reviewPage('3', POSTED, [])],
    second.manifest,
    T1 + 5,
  );
  assert.equal(third.lastmod('/1001/1/'), T1);
  // The edit reverted (issue 44): the page is its first version again, and so is its lastmod;
  // edited again as before, it gets that version's time back too. Both survive a saved manifest.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
  try {
    saveManifest(dir, third.manifest);
    const saved = loadManifest(path.join(dir, 'next'));
    const reverted = build(
      [reviewPage('1', POSTED, []), reviewPage('2', POSTED, []), reviewPage('3', POSTED, [])],
      saved,
      T1 + 10,
    );
    assert.equal(reverted.lastmod('/1001/1/'), POSTED, 'a reverted edit leaves no new lastmod');
    const again = build(
      [edited(reviewPage('1', POSTED, [])), reviewPage('2', POSTED, []), reviewPage('3', POSTED, [])],
      reverted.manifest,
      T1 + 20,
    );
    assert.equal(again.lastmod('/1001/1/'), T1, 'the same edit again: its first time');
    const other = build(
      [
        { ...edited(reviewPage('1', POSTED, [])), context: { ...edited(reviewPage('1', POSTED, [])).context, x: 1 } },
        reviewPage('2', POSTED, []),
        reviewPage('3', POSTED, []),
      ],
      again.manifest,
      T1 + 30,
    );
    assert.equal(other.lastmod('/1001/1/'), T1 + 30, 'a new version: a new lastmod');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a review with a playable video: a video entry with the same facts as its VideoObject; none without a file', () => {
  const page = reviewPage('8', 1_700_000_000_000, []);
  const info = page.context!.info as Record<string, unknown>;
  info.content = '视频里颜色很正';
  info.sku = { name: '羊毛大衣' };
  const cover = image('/media/cover/v8/720x1280.jpg');
  const video = { id: 'v0', full: cover, thumb: cover, isVideoCover: true, videoDuration: 4 };
  info.gallery = [{ ...video, videoUrl: '/media/video/v8/180x320.mp4' }];
  const e = entryOf(page, () => null);
  assert.deepEqual(e.videos, [
    {
      thumbnail_loc: `${siteConfig.siteUrl}/media/cover/v8/720x1280.jpg`,
      content_loc: `${siteConfig.siteUrl}/media/video/v8/180x320.mp4`,
      title: '羊毛大衣晒单视频',
      description: '视频里颜色很正',
      duration: 4,
      publication_date: '2023-11-15T06:13:20+08:00',
    },
  ]);
  info.gallery = [{ ...video, videoUrl: null }];
  assert.equal(entryOf(page, () => null).videos, undefined);
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
    '/search/',
    '/search',
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

/** Writes `entries` as the builds do: here all of them as the pages before the feed's reviews. */
async function writeSitemaps(dir: string, entries: SitemapEntry[], limits: { maxUrls: number; maxBytes: number }) {
  const none = (async function* (): AsyncGenerator<SitemapEntry> {})();
  return writeSitemapsStreamed(dir, { pages: entries, reviews: none }, limits);
}

test('children hold at most the URL and byte limits', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
  try {
    const entries = Array.from({ length: 25 }, (_, i) => ({ path: `/1001/${i}/`, lastmod: null, images: [] }));
    const children = () =>
      fs
        .readdirSync(dir)
        .filter((f) => /^sitemap-\d+\.xml$/.test(f))
        .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    const perChild = async () => Promise.all(children().map(async (f) => (await parsed(path.join(dir, f))).length));

    assert.deepEqual(await writeSitemaps(dir, entries, { maxUrls: 10, maxBytes: 10 * 1024 * 1024 }), {
      urls: 25,
      files: 3,
      reviews: 0,
    });
    assert.deepEqual(await perChild(), [10, 10, 5]);

    // By size: 2,000 bytes hold a few of these URLs; every file is within the limit on disk.
    const { files } = await writeSitemaps(dir, entries, { maxUrls: 1000, maxBytes: 2_000 });
    assert.ok(files > 1, `${files} file(s)`);
    assert.equal(children().length, files, 'the children of the first write are removed');
    const counts = await perChild();
    assert.ok(counts.every((n) => n > 0));
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      25,
    );
    for (const f of children()) assert.ok(fs.statSync(path.join(dir, f)).size <= 2_000, f);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
      ...(i === 4
        ? {
            videos: [
              {
                thumbnail_loc: `${siteConfig.siteUrl}/media/cover/v4/720x1280.jpg`,
                content_loc: `${siteConfig.siteUrl}/media/video/v4/180x320.mp4`,
                title: '大衣晒单视频 <&>',
                description: '颜色很正',
                duration: 4,
              },
            ],
          }
        : {}),
    }));
    const { urls, files } = await writeSitemaps(dir, entries, { maxUrls: 10, maxBytes: 10 * 1024 * 1024 });
    assert.deepEqual({ urls, files }, { urls: 23, files: 3 });
    assert.ok(!fs.existsSync(path.join(dir, 'sitemap-9.xml')), 'children of an earlier build are removed');

    const index = await parseSitemapIndex(Readable.from(fs.readFileSync(path.join(dir, SITEMAP_INDEX))));
    assert.deepEqual(
      index.map((i) => i.url),
      [0, 1, 2].map((n) => `${siteConfig.siteUrl}/review/sitemap-${n}.xml`),
    );
    // Each child's lastmod in the index: its newest entry's (issue 44).
    assert.deepEqual(
      index.map((i) => Date.parse(i.lastmod ?? '')),
      [0, 1, 2].map(() => Date.UTC(2024, 0, 2, 3, 4, 5)),
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
    const four = items.find((i) => i.url.endsWith('/review/1001/4/'));
    assert.equal(four?.video[0]?.content_loc, `${siteConfig.siteUrl}/media/video/v4/180x320.mp4`, 'video entry');
    assert.equal(four?.video[0]?.title, '大衣晒单视频 <&>', 'video title escaped and parsed back');
    assert.equal(Number(four?.video[0]?.duration), 4);
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

test('a hub the bounded build deferred is listed once, where the feed first names its product, at that review', async () => {
  const now = Date.UTC(2026, 10, 1);
  const item = (productId: string, commentId: string, postedAt: number) => ({
    productId,
    commentId,
    content: `正文${commentId}`,
    postedAt,
  });
  const items = [
    item('1', 'a', now - 1000),
    item('2', 'b', now - 2000),
    item('2', 'c', now - 3000),
    item('3', 'd', now - 4000),
    item('2', 'e', now - 5000),
    item('4', 'f', now - 6000),
  ];
  const entries = [];
  for await (const e of listedReviews(
    sourcedFeed(
      toRelatedViews(items),
      items.map((i) => i.postedAt),
    ),
    {
      built: new Map(),
      unlisted: new Set(['/pd/4/']),
      // Product 3's only review is taken down: never listed, nor its hub.
      exclude: new Set(['3/d']),
      deferredHubs: new Set(['2', '3', '4']),
    },
    now,
  ))
    entries.push(e);
  const hubs = entries.filter((e) => e.path.startsWith('/pd/'));
  // Product 1's hub is built (recorded with the pages), product 4's left out by its data.
  assert.deepEqual(hubs, [{ path: '/pd/2/', lastmod: now - 2000, images: [] }]);
  assert.equal(entries.filter((e) => !e.path.startsWith('/pd/')).length, 5);
});
