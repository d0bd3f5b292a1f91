// lastmod of deferred reviews in the sitemaps (issue 23): the reference server's feed items carry
// `postedAt` (an optional extension, docs/api-client.md), the build keeps it as it sources the
// feed (gatsby/sourcing/fetch-reviews.ts), and the streamed writer (gatsby/sitemap-stream.ts)
// writes it as each deferred review's <lastmod>, in the form of the
// built pages' entries (toItem's +08:00 time, which the sitemap package writes as UTC ISO). A feed of the pinned contract only (no postedAt) gives
// entries without lastmod; a bad or absurd date is dropped, never written.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSitemap } from 'sitemap';
import { startTestServer, type TestServer } from '../server/helper';
import { createStorefrontClient } from '../../../src/storefront/client';
import { reviewSourceApi } from '../../../gatsby/sourcing/review-source-api';
import { feedLastmod, listedReviews, sourcedFeed, writeSitemapsStreamed } from '../../../gatsby/sitemap-stream';
import { fetchReviews, type ReviewSourceApi } from '../../../gatsby/sourcing/fetch-reviews';
import type { SitemapEntry } from '../../../gatsby/sitemap';
import { reviewPath } from '../../../src/paths';
import { siteConfig } from '../../../src/site-config';
import type { RelatedReviewItem } from '../../../src/storefront/types';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-sitemap-lastmod-'));
let server: TestServer;

before(async () => {
  server = await startTestServer({ reviews: 60 });
});
after(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const noBuilt = { built: new Map<string, SitemapEntry>(), unlisted: new Set<string>(), exclude: new Set<string>() };
const absolute = (p: string) => siteConfig.siteUrl.replace(/\/+$/, '') + '/review' + p;

async function writeAndRead(dir: string, reviews: AsyncIterable<SitemapEntry>) {
  fs.mkdirSync(dir, { recursive: true });
  await writeSitemapsStreamed(dir, { pages: [], reviews });
  const byUrl = new Map<string, string | undefined>();
  for (const f of fs.readdirSync(dir).filter((n) => /^sitemap-\d+\.xml$/.test(n)))
    for (const it of await parseSitemap(fs.createReadStream(path.join(dir, f)))) byUrl.set(it.url, it.lastmod);
  return byUrl;
}

/** The reviews' entries as a bounded build lists them: its sourced feed (nothing built ahead), then listedReviews. */
async function sourcedEntries(api: ReviewSourceApi, now?: number) {
  const data = await fetchReviews(api, { staticLimit: 0, feedPageSize: 7 });
  return listedReviews(sourcedFeed(data.feed, data.postedAt), noBuilt, now);
}

test("the reference server's feed gives every deferred review its posting time as <lastmod>", async () => {
  const client = createStorefrontClient({ mode: 'build', baseURL: server.url });
  const byUrl = await writeAndRead(path.join(tmp, 'ref'), await sourcedEntries(reviewSourceApi(client)));
  const rows = server.app.db.prepare('SELECT id, product_id, posted_at FROM reviews').all() as Array<{
    id: number;
    product_id: number;
    posted_at: number;
  }>;
  let listed = 0;
  for (const r of rows) {
    const url = absolute(reviewPath(String(r.product_id), String(r.id)));
    if (!byUrl.has(url)) continue; // thin, or hidden from the feed
    listed++;
    // The built pages' form (gatsby/sitemap.ts toItem, then the sitemap package): UTC ISO.
    assert.equal(byUrl.get(url), new Date(r.posted_at).toISOString(), `review ${r.id}`);
  }
  assert.ok(listed >= 40, `${listed} of ${rows.length} reviews listed`);
});

test('a feed of the pinned contract only (no postedAt) lists the same reviews without lastmod', async () => {
  // The reference server's answers with the extension removed: what a pinned-only server sends.
  const client = createStorefrontClient({ mode: 'build', baseURL: server.url });
  const source = reviewSourceApi(client);
  const pinned: ReviewSourceApi = {
    ...source,
    haulPage: async (delimiter: string, size: number) => {
      const page = await source.haulPage(delimiter, size);
      for (const d of page.waterFall.waterDrops) delete d.postedAt;
      return page;
    },
  };
  const withDates = await writeAndRead(path.join(tmp, 'ext'), await sourcedEntries(source));
  const without = await writeAndRead(path.join(tmp, 'pinned'), await sourcedEntries(pinned));
  assert.deepEqual([...without.keys()], [...withDates.keys()]);
  assert.ok(without.size > 0);
  for (const [url, lastmod] of without) assert.equal(lastmod, undefined, url);
});

test('a bad or absurd postedAt is dropped, not written', async () => {
  const now = Date.UTC(2026, 10, 26, 7, 0, 0);
  const good = Date.UTC(2026, 5, 1, 4, 30, 0);
  const item = (i: number, postedAt: unknown): RelatedReviewItem => ({
    commentId: String(9_000_000 + i),
    productId: '100001',
    content: `第 ${i} 条晒单`,
    image: null,
    userLabel: '买家',
    likes: 0,
    postedAt: postedAt as number,
  });
  const values: unknown[] = [
    good,
    '2024-02-30', // a string (the seeded malformed review's kind)
    Math.floor(good / 1000), // seconds instead of milliseconds: 1970
    -1,
    1e20, // beyond any date
    now + 30 * 86_400_000, // a month in the future
    good + 0.5, // not whole milliseconds
    Number.NaN,
    null,
    { $date: good },
  ];
  // A feed of these items alone (one page), sourced as the build does.
  const api: ReviewSourceApi = {
    categories: async () => ({ categories: [{ id: 1, name: '美妆' }] }) as never,
    haulPage: async () => ({ waterFall: { waterDrops: values.map((v, i) => item(i, v)), delimiter: null } }) as never,
    reviewDetail: async () => null,
    similarProducts: async () => [],
  };
  const entries: SitemapEntry[] = [];
  for await (const e of await sourcedEntries(api, now)) entries.push(e);
  assert.equal(entries.length, values.length, 'every review listed');
  assert.deepEqual(
    entries.map((e) => e.lastmod),
    [good, ...values.slice(1).map(() => null)],
  );
  const byUrl = await writeAndRead(
    path.join(tmp, 'bad'),
    (async function* () {
      yield* entries;
    })(),
  );
  const written = [...byUrl.values()];
  assert.deepEqual(written, [new Date(good).toISOString(), ...values.slice(1).map(() => undefined)]);
  // Within a day of the clock is taken (API and build clocks differ a little).
  assert.equal(feedLastmod(now + 3_600_000, now), now + 3_600_000);
});
