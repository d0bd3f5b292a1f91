// What the build publishes, byte by byte (issue 11, "Done when"): every HTML and page-data
// file of public/ is valid UTF-8 without NUL or U+FFFD; the visible text of a sample of review
// pages equals the source records exactly; the sitemaps list every review page and every URL
// they list answers 200 from the site server; robots.txt points to the sitemap index.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import type { Browser } from 'playwright-core';
import { launch, PUBLIC_DIR, ROOT, siteMissing, startSite, type Site } from './helpers/site';
import { siteConfig } from '../../src/site-config';
import { isIndexable } from '../../gatsby/sitemap';
import { altText } from '../../src/review/format';
import type { HaulResponse, Review } from '../../src/storefront/types';

const NUL = Buffer.from([0]);
const REPLACEMENT = Buffer.from('\uFFFD', 'utf8');
const utf8 = new TextDecoder('utf-8', { fatal: true });

function* walk(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}

/** A review page of public/: /{productId}/{commentId}/index.html. */
const REVIEW_FILE = /^([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\/index\.html$/;
const SECTIONS = new Set(['category', 'pd', 'haul', 'page-data', 'static', 'product']);
function reviewPagePaths(): string[] {
  const out: string[] = [];
  for (const f of walk(PUBLIC_DIR)) {
    const m = REVIEW_FILE.exec(path.relative(PUBLIC_DIR, f).split(path.sep).join('/'));
    if (m && !SECTIONS.has(m[1])) out.push(`/review/${m[1]}/${m[2]}/`);
  }
  return out;
}

describe('published build output', { skip: siteMissing }, () => {
  let site: Site;
  let browser: Browser;
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('every HTML and page-data file is valid UTF-8 without NUL or U+FFFD', () => {
    let html = 0;
    let data = 0;
    const bad: string[] = [];
    for (const f of walk(PUBLIC_DIR)) {
      const isHtml = f.endsWith('.html');
      const isData = f.endsWith('page-data.json');
      if (!isHtml && !isData) continue;
      if (isHtml) html++;
      else data++;
      const buf = fs.readFileSync(f);
      const rel = path.relative(PUBLIC_DIR, f);
      if (buf.includes(NUL)) bad.push(`${rel}: NUL at byte ${buf.indexOf(NUL)}`);
      if (buf.includes(REPLACEMENT)) bad.push(`${rel}: U+FFFD at byte ${buf.indexOf(REPLACEMENT)}`);
      try {
        utf8.decode(buf);
      } catch {
        bad.push(`${rel}: not valid UTF-8`);
      }
    }
    assert.ok(html > 100 && data > 100, `scanned ${html} HTML and ${data} page-data files`);
    assert.deepEqual(bad.slice(0, 20), [], `${bad.length} corrupted files`);
  });

  test("review pages show their records' text exactly, as a browser without JavaScript reads the HTML", async () => {
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=200&category=0`)
    ).json()) as HaulResponse;
    const drops = feed.waterFall.waterDrops;
    // Every 7th review of the feed that has a built page: long and short texts, hostile records included.
    const sample = drops
      .filter((_, i) => i % 7 === 0)
      .filter((d) => fs.existsSync(path.join(PUBLIC_DIR, String(d.productId), String(d.commentId), 'index.html')));
    assert.ok(sample.length >= 20, `sampled ${sample.length} review pages`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      let withText = 0;
      // Each conditional check below runs on part of the sample: counted, and each count asserted.
      const checked = { h1: 0, label: 0, alt: 0 };
      for (const d of sample) {
        const res = await fetch(
          `${site.server.url}/api/v1/product-comment/products/${d.productId}/comments?commentId=${d.commentId}`,
        );
        const source = ((await res.json()) as { comments: Review[] }).comments[0];
        const url = `${site.base}/review/${d.productId}/${d.commentId}/`;
        // The text is in the HTML: no need to wait for the pictures (rendered on demand by the server).
        assert.equal((await page.goto(url, { waitUntil: 'domcontentloaded' }))?.status(), 200, url);
        const product = (await (await fetch(`${site.server.url}/api/v1/products/${d.productId}`)).json()) as {
          nameCN?: string;
          product?: { nameCN?: string };
        };
        const shown = await page.evaluate(() => ({
          h1: [...document.querySelectorAll('h1')].map((h) => h.textContent),
          text: document.querySelector('.review__text')?.textContent ?? null,
          label: document.querySelector('.reviewer__label')?.textContent ?? null,
          alt: document.querySelector('.gallery__frame img')?.getAttribute('alt') ?? null,
        }));
        const content = typeof source.content === 'string' ? source.content : '';
        // The page names the product (issue 11, defect 2): its one <h1> is the product's name.
        const nameCN = product.nameCN ?? product.product?.nameCN;
        if (nameCN && typeof source.sku?.name === 'string' && source.sku.name.split('|')[0].trim()) {
          assert.deepEqual(shown.h1, [nameCN], `${url}: h1`);
          checked.h1++;
        }
        assert.equal(shown.text, content, `${url}: review text`);
        if (typeof source.userLabel === 'string' && source.userLabel.trim()) {
          assert.equal(shown.label, source.userLabel, `${url}: reviewer label`);
          checked.label++;
        }
        if (shown.alt != null && content) {
          assert.equal(shown.alt, altText(content), `${url}: gallery alt text`);
          checked.alt++;
        }
        if (/[\u4e00-\u9fff]/.test(content)) withText++;
      }
      assert.ok(withText >= 10, `${withText} sampled pages carry Chinese text`);
      assert.ok(checked.h1 > 0 && checked.label > 0 && checked.alt > 0, JSON.stringify(checked));
    } finally {
      await context.close();
    }
  });

  test('the sitemaps list every review page, and every URL they list answers 200', async () => {
    const origin = siteConfig.siteUrl.replace(/\/+$/, '');
    const local = (url: string) => {
      assert.ok(url.startsWith(`${origin}/review/`), `${url} is on the site`);
      return site.base + url.slice(origin.length);
    };
    const indexRes = await fetch(`${site.base}/review/sitemap-index.xml`);
    assert.equal(indexRes.status, 200);
    const children = await parseSitemapIndex(Readable.from(Buffer.from(await indexRes.arrayBuffer())));
    assert.ok(children.length >= 1);
    const urls: string[] = [];
    for (const child of children) {
      const res = await fetch(local(child.url));
      assert.equal(res.status, 200, child.url);
      const body = Buffer.from(await res.arrayBuffer());
      assert.ok(body.length <= 10 * 1024 * 1024, `${child.url} is at most 10 MB`);
      const items = await parseSitemap(Readable.from(body));
      assert.ok(items.length <= 50_000, `${child.url} has at most 50,000 URLs`);
      urls.push(...items.map((i) => i.url));
    }
    assert.equal(new Set(urls).size, urls.length, 'no URL listed twice');
    const listed = new Set(urls.map((u) => u.slice(origin.length)));
    const reviews = reviewPagePaths();
    assert.ok(reviews.length > 100, `${reviews.length} review pages built`);
    // A page whose HTML says noindex (issue 22: thin reviews) is rightly left out.
    const noindex = (p: string) =>
      /<meta[^>]*name="robots"[^>]*content="noindex"/.test(
        fs.readFileSync(path.join(PUBLIC_DIR, p.replace(/^\/review\//, ''), 'index.html'), 'utf8'),
      );
    const missing = reviews.filter((p) => !listed.has(p) && !noindex(p));
    assert.deepEqual(missing.slice(0, 10), [], `${missing.length} review pages missing from the sitemaps`);
    // Every built page of every kind, but those that carry noindex or are not pages of their own.
    const pages = [...walk(PUBLIC_DIR)]
      .filter((f) => f.endsWith(`${path.sep}index.html`))
      .map((f) => `/${path.relative(PUBLIC_DIR, path.dirname(f)).split(path.sep).join('/')}/`.replace(/^\/\/$/, '/'))
      .filter(isIndexable)
      .map((p) => `/review${p}`);
    const unlisted = pages.filter((p) => !listed.has(p) && !noindex(p));
    assert.deepEqual(
      unlisted.slice(0, 10),
      [],
      `${unlisted.length} of ${pages.length} built pages missing from the sitemaps`,
    );
    for (const p of ['/review/', '/review/haul/', '/review/about/']) assert.ok(listed.has(p), `${p} listed`);
    for (const p of ['/review/404/', '/review/404.html', '/review/login/', '/review/haul-detail/'])
      assert.ok(!listed.has(p), `${p} (noindex) not listed`);

    const failures: string[] = [];
    for (let i = 0; i < urls.length; i += 16) {
      await Promise.all(
        urls.slice(i, i + 16).map(async (u) => {
          const res = await fetch(local(u), { redirect: 'manual' });
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${u}: ${res.status}`);
        }),
      );
    }
    assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${urls.length} sitemap URLs do not answer 200`);
  });

  test('every review of the feed is built or reported: skipped ones have a reason in var/build-report.json and no page', async () => {
    const drops: HaulResponse['waterFall']['waterDrops'] = [];
    for (let delimiter: string | null = '0'; delimiter !== null && drops.length < 100_000;) {
      const res = await fetch(
        `${site.server.url}/api/v2/product_comment/haul?delimiter=${encodeURIComponent(delimiter)}&size=100&category=0`,
      );
      const page = (await res.json()) as HaulResponse;
      drops.push(...page.waterFall.waterDrops);
      delimiter = page.waterFall.waterDrops.length ? page.waterFall.delimiter : null;
    }
    const report = JSON.parse(fs.readFileSync(path.join(ROOT, 'var', 'build-report.json'), 'utf8')) as {
      reviewPages: number;
      skipped: Array<{ productId: string | null; commentId: string | null; reason: string }>;
    };
    const skipped = new Map(report.skipped.map((s) => [String(s.commentId), s]));
    assert.ok(skipped.size >= 1, 'the seeded malformed record is reported (server/seed/special.ts)');
    for (const s of report.skipped) assert.ok(s.reason.length > 0, `${s.commentId} has a reason`);
    const built = new Set(reviewPagePaths());
    const problems: string[] = [];
    for (const d of drops) {
      const p = `/review/${d.productId}/${d.commentId}/`;
      if (skipped.has(String(d.commentId)) === built.has(p))
        problems.push(`${p}: ${built.has(p) ? 'built and reported as skipped' : 'neither built nor reported'}`);
    }
    assert.deepEqual(problems.slice(0, 10), [], `${problems.length} of ${drops.length} feed reviews`);
    assert.equal(report.reviewPages, drops.length - skipped.size, 'the report counts the pages built');
  });

  test('no soft 404: URLs of things that do not exist answer 404', async () => {
    for (const p of [
      '/review/999999999/999999999/',
      '/review/100001/999999999/',
      '/review/no-such-section/',
      '/review/category/no-such-id/',
      '/review/pd/999999999/',
    ]) {
      const res = await fetch(site.base + p, { redirect: 'manual' });
      await res.arrayBuffer();
      assert.equal(res.status, 404, p);
    }
  });

  test('robots.txt points crawlers to the sitemap index', async () => {
    const res = await fetch(`${site.base}/robots.txt`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const body = await res.text();
    assert.ok(
      body.split('\n').includes(`Sitemap: ${siteConfig.siteUrl.replace(/\/+$/, '')}/review/sitemap-index.xml`),
      body,
    );
    assert.ok(body.includes('User-agent: *'));
  });
});
