// Byte budgets of issue 7 (deterministic, so tests rather than benchmarks), on the site that
// `npm test` builds before the e2e layer (scripts/build-site.ts): the review page's first-load
// JavaScript under 100 KB gzipped and its HTML under 25 KB gzipped. Sizes come from
// bench/page-weight.ts, the module `npm run bench` reports with (gzip -9 of each file).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { KB, pageWeight, pagesByKind, reviewPages } from '../../bench/page-weight';
import { PUBLIC_DIR } from './helpers/site';

const siteMissing =
  fs.existsSync(path.join(PUBLIC_DIR, 'index.html')) && fs.existsSync(path.join(PUBLIC_DIR, 'webpack.stats.json'))
    ? false
    : 'no built site (scripts/build-site.ts runs before the e2e tests in npm test)';

const JS_BUDGET = 100 * KB;
const HTML_BUDGET = 25 * KB;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

describe('page weight budgets (issue 7)', { skip: siteMissing }, () => {
  // Swiper, axios, the session store and the review helpers are lazy chunks; what remains is
  // Gatsby + React (~65 KB), react-helmet, dayjs and the page's own components.
  test('review page first-load JavaScript < 100 KB gzipped', () => {
    const review = pagesByKind(PUBLIC_DIR).review;
    assert.ok(review, 'a review page was built');
    const w = pageWeight(PUBLIC_DIR, review);
    assert.equal(w.component, 'component---src-templates-review-tsx');
    // Markers of the two libraries in minified code: axios' error class, a Swiper default param.
    const read = (f: string) => fs.readFileSync(path.join(PUBLIC_DIR, f.replace(/^\/+/, '')), 'utf8');
    const first = w.js.files.map(read).join('\n');
    const all = fs
      .readdirSync(PUBLIC_DIR)
      .filter((f) => f.endsWith('.js'))
      .map(read)
      .join('\n');
    // Issue 21: the photo viewer, the video player, the share panel and the WeChat card load on
    // interaction only (a history-state key, class names and a JS-SDK call of those chunks).
    for (const marker of [
      'AxiosError',
      'loopAdditionalSlides',
      'photoViewer',
      'gallery__video-error',
      'share__qr',
      'updateAppMessageShareData',
    ]) {
      assert.ok(all.includes(marker), `${marker} is bundled somewhere (lazy chunk)`);
      assert.ok(!first.includes(marker), `${marker} is not in the review page's first load`);
    }
    assert.ok(
      w.js.gzip < JS_BUDGET,
      `first-load JS ${kb(w.js.gzip)} gzipped (budget ${kb(JS_BUDGET)}): ${w.js.files.join(', ')}`,
    );
  });

  test('every review page HTML < 25 KB gzipped', () => {
    const pages = reviewPages(PUBLIC_DIR);
    assert.ok(pages.length > 0, 'review pages were built');
    let worst = { page: '', gzip: 0 };
    for (const p of pages) {
      const gzip = zlib.gzipSync(fs.readFileSync(path.join(PUBLIC_DIR, p, 'index.html')), { level: 9 }).length;
      if (gzip > worst.gzip) worst = { page: p, gzip };
    }
    assert.ok(
      worst.gzip < HTML_BUDGET,
      `heaviest review page ${worst.page}: ${kb(worst.gzip)} gzipped (budget ${kb(HTML_BUDGET)})`,
    );
  });

  test('the entry chunk does not grow with the page count: no page path is listed in app.js', () => {
    // A client-only match path covering /:productId/:commentId/ made Gatsby list every static
    // page it covers in match-paths.json, imported by app.js (docs/benchmarks.md).
    // The app chunk the pages load (public/ may keep older builds' chunks).
    const app = pageWeight(PUBLIC_DIR, pagesByKind(PUBLIC_DIR).review!).js.files.find((f) =>
      /^app-[0-9a-f]+\.js$/.test(f),
    );
    assert.ok(app, 'app chunk');
    const code = fs.readFileSync(path.join(PUBLIC_DIR, app), 'utf8');
    const pages = reviewPages(PUBLIC_DIR);
    assert.ok(pages.length > 100);
    const listed = pages.filter(
      (p) =>
        code.includes(`"${p.replace(/^\/?/, '/')}"`) || code.includes(`"${p.replace(/^\/?/, '/').replace(/\/$/, '')}"`),
    );
    assert.deepEqual(listed.slice(0, 5), [], `${listed.length} review page paths are in ${app}`);
    assert.ok(!code.includes('matchPath":"/:productId'), 'no review match path');
  });

  test('the weighed files are those the page loads (webpack.stats.json agrees with the HTML)', () => {
    const review = pagesByKind(PUBLIC_DIR).review!;
    const w = pageWeight(PUBLIC_DIR, review);
    // The HTML's own scripts are part of the set, and the component chunk is found.
    assert.ok(
      w.js.files.some((f) => /^app-[0-9a-f]+\.js$/.test(f)),
      'app chunk',
    );
    assert.ok(
      w.js.files.some((f) => /^framework-[0-9a-f]+\.js$/.test(f)),
      'framework chunk',
    );
    assert.ok(
      w.js.files.some((f) => f.startsWith('component---src-templates-review-tsx-')),
      'review component chunk',
    );
    assert.ok(w.html.gzip > 0 && w.css.gzip > 0);
  });
  // Issue 22: the product review hub (summary, filters, sort, JSON-LD with up to 10 reviews).
  test('product hub: first-load JavaScript < 100 KB gzipped, every /pd/ page HTML < 30 KB gzipped', () => {
    const hub = pagesByKind(PUBLIC_DIR).product;
    assert.ok(hub, 'a product hub was built');
    const w = pageWeight(PUBLIC_DIR, hub);
    assert.equal(w.component, 'component---src-templates-product-tsx');
    assert.ok(w.js.gzip < JS_BUDGET, `first-load JS ${kb(w.js.gzip)} gzipped: ${w.js.files.join(', ')}`);
    const budget = 30 * KB;
    let worst = { page: '', gzip: 0 };
    for (const id of fs.readdirSync(path.join(PUBLIC_DIR, 'pd'))) {
      const file = path.join(PUBLIC_DIR, 'pd', id, 'index.html');
      if (!fs.existsSync(file)) continue;
      const gzip = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
      if (gzip > worst.gzip) worst = { page: `/pd/${id}/`, gzip };
    }
    assert.ok(worst.gzip > 0 && worst.gzip < budget, `heaviest hub ${worst.page}: ${kb(worst.gzip)} gzipped`);
  });
});
