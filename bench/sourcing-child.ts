// Child process of the sourcing section, so its time and peak memory are its own.
//   node --import tsx bench/sourcing-child.ts <apiUrl> <concurrency> [--raw]
// Default: the build's sourcing (gatsby/sourcing/fetch-reviews.ts through reviewSourceApi and
// a build-mode storefront client), keeping every page's data as the build does.
// --raw: the transport floor: the same requests (feed pages, every review's detail, every
// product's similar products) with Node's fetch at the same concurrency, JSON parsed and
// dropped. Prints one JSON line.
import { createStorefrontClient } from '../src/storefront/client';
import { fetchReviews } from '../gatsby/sourcing/fetch-reviews';
import { reviewSourceApi } from '../gatsby/sourcing/review-source-api';
import { mapLimit } from '../publish/limit';

const [apiUrl, conc, mode] = process.argv.slice(2);
const concurrency = Number(conc ?? 8);

async function raw() {
  const get = async (p: string) => {
    const r = await fetch(apiUrl + p, { headers: { accept: 'application/json' } });
    if (!r.ok) throw new Error(`${r.status} ${p}`);
    return r.json() as Promise<any>;
  };
  await get('/api/v2/productcategories');
  const feed: { commentId: string; productId: string }[] = [];
  let delimiter: string | null = '0';
  while (delimiter != null) {
    const page: any = await get(`/api/v2/product_comment/haul?delimiter=${delimiter}&size=500&category=0`);
    for (const d of page.waterFall.waterDrops)
      feed.push({ commentId: String(d.commentId), productId: String(d.productId) });
    delimiter = page.waterFall.delimiter;
  }
  const products = [...new Set(feed.map((f) => f.productId))];
  await mapLimit(feed, concurrency, async (f) => {
    await get(`/api/v1/product-comment/products/${f.productId}/comments?commentId=${f.commentId}`);
  });
  await mapLimit(products, concurrency, async (p) => {
    await get(`/api/v2/products/${p}/similar/context/PRODUCT_DETAILS`);
  });
  return { reviews: feed.length, products: products.length, pages: feed.length, skipped: 0 };
}

async function sourced() {
  const client = createStorefrontClient({ mode: 'build', baseURL: apiUrl });
  const data = await fetchReviews(reviewSourceApi(client), { concurrency });
  return {
    reviews: data.feed.length,
    products: new Set(data.feed.map((f) => f.productId)).size,
    pages: data.pages.length,
    skipped: data.skipped.length,
    keep: data,
  };
}

async function main() {
  const t0 = performance.now();
  const r = mode === '--raw' ? await raw() : await sourced();
  const ms = performance.now() - t0;
  const heapMB = process.memoryUsage().heapUsed / 2 ** 20; // data still referenced (r.keep)
  const out = {
    mode: mode === '--raw' ? 'raw' : 'fetchReviews',
    ms,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    heapUsedMB: heapMB,
    reviews: r.reviews,
    products: r.products,
    pages: r.pages,
    skipped: r.skipped,
  };
  process.stdout.write(`RESULT=${JSON.stringify(out)}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
