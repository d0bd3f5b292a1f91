// Reliability suite, load part at CI size (issue 12): 50 connections on the review detail
// endpoint and on a static review page asked for with brotli, served as `npm start` serves
// them (API and site on one origin). Zero errors, timeouts and non-2xx answers. The 30 s runs
// with p99 figures are the bench's (`npm run bench -- --only load`, docs/benchmarks.md);
// no timing is asserted here.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import autocannon from 'autocannon';
import { siteMissing, startSite, type Site } from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';

const SECONDS = 3;
const CONNECTIONS = 50;

async function hammer(url: string, paths: string[], headers: Record<string, string> = {}) {
  let i = 0;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  return { ok: r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, p99: r.latency.p99 };
}

describe('under load', { skip: siteMissing }, () => {
  let site: Site;
  let drops: HaulResponse['waterFall']['waterDrops'] = [];
  before(async () => {
    site = await startSite();
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=100&category=0`)
    ).json()) as HaulResponse;
    drops = feed.waterFall.waterDrops;
  });
  after(async () => {
    await site?.close();
  });

  test(`review detail endpoint: ${CONNECTIONS} connections, no errors`, async () => {
    const r = await hammer(
      site.server.url,
      drops.map((d) => `/api/v1/product-comment/products/${d.productId}/comments?commentId=${d.commentId}`),
    );
    console.log(`# load: review detail ${JSON.stringify(r)}`);
    assert.ok(r.ok > 0);
    assert.deepEqual(
      { non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts },
      { non2xx: 0, errors: 0, timeouts: 0 },
    );
  });

  test(`static review pages with brotli: ${CONNECTIONS} connections, no errors`, async () => {
    const pages = drops.slice(0, 20).map((d) => `/review/${d.productId}/${d.commentId}/`);
    const first = await fetch(site.base + pages[0], { headers: { 'accept-encoding': 'br' } });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-encoding'), 'br');
    const r = await hammer(site.server.url, pages, { 'accept-encoding': 'br' });
    console.log(`# load: static review page (br) ${JSON.stringify(r)}`);
    assert.ok(r.ok > 0);
    assert.deepEqual(
      { non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts },
      { non2xx: 0, errors: 0, timeouts: 0 },
    );
  });
});
