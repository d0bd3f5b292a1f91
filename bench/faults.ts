// Section 10 (issue 12, reliability suite, build under faults), a real Gatsby build:
// 1. 5% of the reviews' detail answers malformed in eight ways (bench/lib/fault-proxy.ts):
//    the build succeeds, every good review gets its page and page data, no bad one does, and
//    every bad one is in var/build-report.json with a reason.
// 2. Then the same site with a required endpoint down (503): the build exits non-zero and the
//    previous public/ is byte for byte as it was (size, mtime and sha256 of every file) and is
//    still served. The CI-size twin of part 2 is tests/integration/site/build-faults.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { fig, log, type SectionResult } from './lib/report';
import { seededDb, startReferenceServer, type BenchContext } from './lib/data';
import { gatsbyBuild, siteCopy } from './lib/site';
import { startFaultProxy, CORRUPTIONS } from './lib/fault-proxy';
import { registerSite } from '../server/site';

const SHARE = 0.05;

function digest(root: string): string {
  const h = crypto.createHash('sha256');
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        walk(p);
        continue;
      }
      const st = fs.statSync(p);
      h.update(`${path.relative(root, p)} ${st.size} ${st.mtimeMs} `).update(fs.readFileSync(p));
    }
  };
  walk(root);
  return h.digest('hex');
}

export async function runFaults(ctx: BenchContext, reviews: number): Promise<SectionResult> {
  const { file } = seededDb(ctx, reviews, 'faults');
  const api = await startReferenceServer(ctx, file);
  const proxy = await startFaultProxy(api.url, SHARE);
  const dir = siteCopy(ctx, `faults-${reviews}`);
  const label = reviews.toLocaleString('en-US');
  try {
    const run = await gatsbyBuild(ctx, dir, file, `faults ${label}`, { STOREFRONT_API_URL: proxy.url });
    if (!run.ok) throw new Error(`the build with ${SHARE * 100}% malformed reviews failed: ${run.log.slice(-1500)}`);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'var', 'build-report.json'), 'utf8')) as {
      skipped: Array<{ productId: string | null; commentId: string | null; reason: string }>;
    };
    const reported = new Map(report.skipped.map((s) => [String(s.commentId), s.reason]));
    const pub = path.join(dir, 'public');
    const built = (p: string, c: string) =>
      fs.existsSync(path.join(pub, p, c, 'index.html')) &&
      fs.existsSync(path.join(pub, 'page-data', p, c, 'page-data.json'));
    let good = 0,
      bad = 0,
      goodMissing = 0,
      goodSkippedBySite = 0,
      badBuilt = 0,
      badUnreported = 0;
    const byKind = new Map<string, number>();
    for (const [commentId, { productId, corruption }] of proxy.asked) {
      if (corruption) {
        bad++;
        byKind.set(corruption, (byKind.get(corruption) ?? 0) + 1);
        if (built(productId, commentId)) badBuilt++;
        if (!reported.has(commentId)) badUnreported++;
      } else if (reported.has(commentId)) {
        goodSkippedBySite++; // the seeded malformed records (server/seed/special.ts)
        if (built(productId, commentId)) badBuilt++;
      } else {
        good++;
        if (!built(productId, commentId)) goodMissing++;
      }
    }
    log(
      `faults ${label}: ${proxy.asked.size} reviews asked, ${bad} malformed by the proxy, ${good} good; missing good ${goodMissing}, bad built ${badBuilt}, bad unreported ${badUnreported}`,
    );

    // Part 2: the previous output is served while a build with a required endpoint down runs.
    const before = digest(pub);
    const site = Fastify({ logger: false });
    await registerSite(site, pub, { reviewExists: async () => false });
    await site.listen({ host: '127.0.0.1', port: 0 });
    const siteUrl = `http://127.0.0.1:${(site.server.address() as { port: number }).port}`;
    const [firstGood] = [...proxy.asked].filter(([c, v]) => !v.corruption && !reported.has(c));
    const pagePath = `/review/${firstGood[1].productId}/${firstGood[0]}/`;
    const servedBefore = await (await fetch(siteUrl + pagePath)).text();
    proxy.down = '/api/v2/productcategories';
    const t0 = performance.now();
    const down = await gatsbyBuild(ctx, dir, file, `faults ${label} endpoint down`, { STOREFRONT_API_URL: proxy.url });
    const failSeconds = (performance.now() - t0) / 1000;
    const after = digest(pub);
    const res = await fetch(siteUrl + pagePath);
    const servedSame = res.status === 200 && (await res.text()) === servedBefore;
    await site.close();
    const named = /Required storefront endpoint failed: GET \/api\/v2\/productcategories/.test(down.log);

    return {
      section: 'faults',
      title: `10. Reliability: build under faults (${label} reviews, ${SHARE * 100}% malformed detail answers; then a required endpoint down)`,
      figures: [
        fig('malformed reviews (by the proxy)', bad, 'reviews'),
        fig('good reviews without a page', goodMissing, 'pages', undefined, { text: '0', met: goodMissing === 0 }),
        fig('malformed reviews with a page', badBuilt, 'pages', undefined, { text: '0', met: badBuilt === 0 }),
        fig('malformed reviews not in the build report', badUnreported, 'reviews', undefined, {
          text: '0',
          met: badUnreported === 0,
        }),
        fig('build with malformed reviews: wall', run.ms / 1000, 's'),
        fig('endpoint down: time to a non-zero exit', failSeconds, 's', undefined, {
          text: 'non-zero exit naming the endpoint',
          met: !down.ok && named,
        }),
        fig('endpoint down: files of public/ changed', before === after ? 0 : 1, 'trees', undefined, {
          text: '0 (byte for byte)',
          met: before === after,
        }),
        fig('endpoint down: previous page still served, same bytes', servedSame ? 1 : 0, 'yes=1', undefined, {
          text: '1',
          met: servedSame,
        }),
      ],
      notes: [
        `${proxy.asked.size.toLocaleString('en-US')} review details asked for; malformed by kind: ${CORRUPTIONS.map((k) => `${k} ${byKind.get(k) ?? 0}`).join(', ')}.`,
        `${good.toLocaleString('en-US')} good reviews, all with page and page data; ${goodSkippedBySite} more skipped by the build's own checks (the seeded malformed records of server/seed/special.ts), reported too.`,
        'A 5xx or 429 for one review is an outage, not a bad record: it fails the build (gatsby/sourcing/errors.ts isOutage), so it is not among the corruptions.',
      ],
    };
  } finally {
    await proxy.close();
    await api.stop();
  }
}
