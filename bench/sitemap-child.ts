// Child of bench/sitemap.ts: builds the sitemap entries from a seeded database and times the
// builds' sitemap writer (gatsby/sitemap-stream.ts writeSitemapsStreamed: the other pages, then
// the reviews as the feed walk yields them). Prints RESULT={...}.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SitemapEntry } from '../gatsby/sitemap';
import { writeSitemapsStreamed } from '../gatsby/sitemap-stream';
import { categoryPath, haulPath, productPath, reviewPath, absoluteUrl } from '../src/paths';
import { siteConfig } from '../src/site-config';
import { HAUL_MAX_PAGES, HAUL_PAGE_SIZE } from '../src/listing/pagination';

const [dbFile, outDir] = process.argv.slice(2);
const db = new Database(dbFile, { readonly: true });
const media = (u: string) => (u.startsWith('/') ? siteConfig.siteUrl + u : u);
const entries: SitemapEntry[] = [];
const newestByProduct = new Map<number, number>();
const newestByCategory = new Map<string, number>();
for (const r of db
  .prepare('SELECT id, product_id, category_id, posted_at, pictures FROM reviews')
  .iterate() as Iterable<{
  id: number;
  product_id: number;
  category_id: string;
  posted_at: number;
  pictures: string;
}>) {
  const pics = (JSON.parse(r.pictures) as Array<{ full?: { url?: string } }>)
    .map((p) => p.full?.url)
    .filter((u): u is string => !!u)
    .map(media);
  entries.push({ path: reviewPath(r.product_id, r.id), lastmod: r.posted_at, images: pics });
  newestByProduct.set(r.product_id, Math.max(newestByProduct.get(r.product_id) ?? 0, r.posted_at));
  newestByCategory.set(r.category_id, Math.max(newestByCategory.get(r.category_id) ?? 0, r.posted_at));
}
const reviews = entries.length;
for (const [id, t] of newestByProduct) entries.push({ path: productPath(id), lastmod: t, images: [] });
for (const [id, t] of newestByCategory) entries.push({ path: categoryPath(id), lastmod: t, images: [] });
for (let p = 1; p <= Math.min(Math.ceil(reviews / HAUL_PAGE_SIZE), HAUL_MAX_PAGES); p++)
  entries.push({ path: haulPath(p), lastmod: null, images: [] });
db.close();

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
// Floor: the same URLs as one plain text list.
const f0 = performance.now();
fs.writeFileSync(path.join(outDir, 'urls.txt'), entries.map((e) => absoluteUrl(siteConfig.siteUrl, e.path)).join('\n'));
const floorMs = performance.now() - f0;
fs.rmSync(path.join(outDir, 'urls.txt'));

if (global.gc) global.gc();
const rss0 = process.memoryUsage().rss;
let peak = rss0;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const t0 = performance.now();
// As the build orders them (gatsby/sitemap-post-build.ts): other pages by path, then reviews.
const pages = entries.slice(reviews).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
async function* reviewEntries() {
  for (let i = 0; i < reviews; i++) yield entries[i];
}
writeSitemapsStreamed(outDir, { pages, reviews: reviewEntries() }).then(({ urls, files }) => {
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  fs.rmSync(outDir, { recursive: true, force: true });
  process.stdout.write(
    `RESULT=${JSON.stringify({ urls, files, ms: Math.round(ms), floorMs: Math.round(floorMs), grewMB: Math.round((peak - rss0) / 2 ** 20), maxRssMB: Math.round(peak / 2 ** 20) })}\n`,
  );
});
