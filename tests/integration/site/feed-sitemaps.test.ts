// Sitemaps of every review of the feed the build sourced (issue 23, gatsby/sitemap-stream.ts): a
// feed of 120,000 reviews, taken 500 a page; the build knows only 1,000 of them as built pages
// (the rest are deferred). The children hold at most 50,000 URLs, every review URL appears once
// (thin ones never), and the writer streams: the first child is complete on disk while most of
// the feed is still untaken.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import { listedReviews, sourcedFeed, writeSitemapsStreamed, type FeedEntry } from '../../../gatsby/sitemap-stream';
import { toRelatedViews } from '../../../src/review/view';
import { SITEMAP_INDEX, type SitemapEntry } from '../../../gatsby/sitemap';
import { reviewPath } from '../../../src/paths';
import { siteConfig } from '../../../src/site-config';

const REVIEWS = 120_000;
const BUILT = 1_000;
const T0 = Date.UTC(2026, 10, 1);
const review = (i: number) => ({
  commentId: String(5_000_000 + i),
  productId: String(100_000 + (i % 997)),
  // Every 1,000th is thin: no text of its own, no picture.
  content: i % 1000 === 7 ? '' : `第 ${i} 条晒单`,
  image: i % 1000 === 7 ? null : `https://img.example.com/${i}.jpg`,
  userLabel: '买家',
  likes: i % 13,
  postedAt: T0 - i * 60_000,
});
const url = (i: number) =>
  siteConfig.siteUrl.replace(/\/+$/, '') + '/review' + reviewPath(review(i).productId, review(i).commentId);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-sitemaps-'));
const dir = path.join(tmp, 'public');
/** Per feed page: the child sitemaps already complete on disk when it was taken. */
const served: number[] = [];
const completeChildren = () =>
  fs.readdirSync(dir).filter((f) => {
    if (!/^sitemap-\d+\.xml$/.test(f)) return false;
    const fd = fs.openSync(path.join(dir, f), 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const tail = Buffer.alloc(Math.min(32, size));
      fs.readSync(fd, tail, 0, tail.length, size - tail.length);
      return tail.toString().trimEnd().endsWith('</urlset>');
    } finally {
      fs.closeSync(fd);
    }
  }).length;

before(() => fs.mkdirSync(dir));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The feed as the build sourced it (SourcedReviews feed and postedAt), 500 a page. */
const feedViews = toRelatedViews(Array.from({ length: REVIEWS }, (_, i) => review(i)));
const postedAt = Float64Array.from(feedViews, (_, i) => review(i).postedAt);

/** sourcedFeed's pages, noting for each the child sitemaps already complete on disk when it was taken. */
function* watched(pages: Iterable<FeedEntry[]>) {
  for (const page of pages) {
    served.push(completeChildren());
    yield page;
  }
}

async function urlsOf(file: string) {
  const items = await parseSitemap(fs.createReadStream(path.join(dir, file)));
  return items;
}

test('120,000 reviews, 1,000 of them built: children of 50,000 URLs at most, every review once, streamed', async () => {
  // The built pages' recorded entries (createPages), one of them noindex by its data.
  const built = new Map<string, SitemapEntry>();
  const unlisted = new Set<string>();
  for (let i = 0; i < BUILT; i++) {
    const r = review(i);
    // A thin review's page is created but not recorded: unlisted (gatsby/sitemap.ts).
    if (i % 1000 === 7) {
      unlisted.add(reviewPath(r.productId, r.commentId));
      continue;
    }
    built.set(reviewPath(r.productId, r.commentId), {
      path: reviewPath(r.productId, r.commentId),
      lastmod: T0,
      images: [`https://img.example.com/full/${i}.jpg`],
    });
  }
  const noindexBuilt = reviewPath(review(3).productId, review(3).commentId);
  built.delete(noindexBuilt);
  unlisted.add(noindexBuilt);
  const takenDown = review(50);
  const pages: SitemapEntry[] = [
    { path: '/', lastmod: T0, images: [] },
    { path: '/haul/', lastmod: T0, images: [] },
  ];
  const closedAt: number[] = [];
  const r = await writeSitemapsStreamed(
    dir,
    {
      pages,
      reviews: listedReviews(watched(sourcedFeed(feedViews, postedAt)), {
        built,
        unlisted,
        exclude: new Set([`${takenDown.productId}/${takenDown.commentId}`]),
      }),
    },
    // The protocol's 50 MB: the URL limit decides here (the site's 10 MB default would cut
    // these children at ~33,000 URLs; tests/unit/gatsby/sitemap.test.ts tests that split).
    { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 },
    () => closedAt.push(served.length),
  );

  const thin = REVIEWS / 1000;
  const expected = REVIEWS - thin - 2; // thin ones, the noindex built one, the taken-down one
  assert.equal(r.reviews, expected);
  assert.equal(r.urls, expected + pages.length);
  assert.equal(served.length, REVIEWS / 500, 'the feed taken page by page, once');

  const index = await parseSitemapIndex(fs.createReadStream(path.join(dir, SITEMAP_INDEX)));
  assert.equal(index.length, 3);
  const seen = new Map<string, { lastmod?: string; img: string[] }>();
  const perChild: number[] = [];
  for (let c = 0; c < 3; c++) {
    const items = await urlsOf(`sitemap-${c}.xml`);
    perChild.push(items.length);
    for (const it of items) {
      assert.ok(!seen.has(it.url), `${it.url} listed twice`);
      seen.set(it.url, { lastmod: it.lastmod, img: (it.img ?? []).map((x) => x.url) });
    }
  }
  assert.deepEqual(perChild, [50_000, 50_000, expected + 2 - 100_000]);
  // Every review of the feed once, built or deferred; thin, noindex, taken down never.
  for (let i = 0; i < REVIEWS; i++) {
    const listed = seen.has(url(i));
    const out = i % 1000 === 7 || i === 3 || i === 50;
    assert.equal(listed, !out, `review ${i}: ${listed ? 'listed' : 'missing'}`);
  }
  // A built review keeps its recorded entry; a deferred one is listed from its feed item.
  assert.deepEqual(seen.get(url(10))!.img, ['https://img.example.com/full/10.jpg']);
  assert.deepEqual(seen.get(url(5000))!.img, ['https://img.example.com/5000.jpg']);
  assert.equal(new Date(seen.get(url(5000))!.lastmod!).getTime(), review(5000).postedAt);

  // Streamed, not collected: the first child was complete on disk when barely more than its
  // 50,000 URLs had been read (101 of 240 feed pages), and two were complete before the last
  // page was asked for. A writer that held every entry would finish no child before the end.
  assert.ok(closedAt[0] <= 102, `first child closed after ${closedAt[0]} feed pages`);
  assert.ok(served.at(-1)! >= 2, `${served.at(-1)} children complete before the last feed page`);
});
