// Issue 45 on the review page: its product box shows the product's facts (the hub's, from the same
// build-time markup), in real Chromium at 375 and 1280 on the built site, checked against the
// reference API's answers: a garment review's size chart is the API's with exactly the size its
// reviewer bought (the review's sku) marked, for the eye and by aria-current; the fit counts are
// those of the product's reviews; delivery with both legs and their sources; the landed cost's
// parts add up from the product's price; the original name one tap away. A lipstick review has
// no chart, and still its delivery and landed cost. Another review of the garment, reached by a
// navigation in the app (its page data, no server HTML), marks its own size. No console error,
// no sideways scroll.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  PUBLIC_DIR,
  TEST_DB,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import {
  expectDelivery,
  expectFit,
  expectLandedCost,
  expectOriginalName,
  expectedFit,
  fitsViewport,
  publishedReviews,
} from './helpers/facts';
import { getCatalogue, getCategory } from '../../src/catalogue';
import { round2 } from '../../src/review/format';
import type { DomesticShipping, ProductDetail, ProductTranslation, SizeChart } from '../../src/storefront/products';

const VIEWPORTS = [
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
] as const;

interface Picked {
  productId: string;
  commentId: string;
  size: string | null;
}

describe("facts in the review page's product box (issue 45)", { skip: siteMissing }, () => {
  let site: Site;
  let browser: Browser;
  /** Two reviews of one garment, bought in two sizes of its chart. */
  let garment: [Picked, Picked];
  let lipstick: Picked;
  const api = async <T>(p: string): Promise<T> => {
    const r = await fetch(`${site.server.url}${p}`);
    assert.equal(r.status, 200, p);
    return (await r.json()) as T;
  };

  before(async () => {
    site = await startSite();
    browser = await launch();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(TEST_DB, { readonly: true });
    const rows = db
      .prepare(
        `SELECT r.id, r.product_id, p.category_id, p.size_chart, s.size FROM reviews r
         JOIN products p ON p.id = r.product_id LEFT JOIN skus s ON s.id = r.sku_id
         ORDER BY p.review_count DESC, r.product_id, r.id`,
      )
      .all() as Array<{ id: number; product_id: number; category_id: string; size_chart: string; size: string | null }>;
    db.close();
    const built = rows.filter((r) =>
      fs.existsSync(path.join(PUBLIC_DIR, String(r.product_id), String(r.id), 'index.html')),
    );
    const pick = (r: (typeof rows)[number]): Picked => ({
      productId: String(r.product_id),
      commentId: String(r.id),
      size: r.size,
    });
    // The stored chart: [{ rows: [[size, ...measures], ...] }] (server/seed/size-charts.ts).
    const inChart = (r: (typeof rows)[number]) =>
      ((JSON.parse(r.size_chart) as Array<{ rows: string[][] }> | null)?.[0]?.rows ?? []).some(
        (row) => row[0] === r.size,
      );
    const sized = built.filter(inChart);
    const pair = sized
      .map((a) => [a, sized.find((b) => b.product_id === a.product_id && b.size !== a.size)] as const)
      .find(([, b]) => b);
    const catalogue = getCatalogue();
    const l = built.find((r) => /口红|唇/.test(getCategory(catalogue, r.category_id)?.name ?? ''));
    assert.ok(pair && l, 'two reviews of a garment in two sizes, and a lipstick review, in the build');
    garment = [pick(pair[0]), pick(pair[1]!)];
    lipstick = pick(l);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  const reviewUrl = (r: Picked) => `/review/${r.productId}/${r.commentId}/`;
  async function open(viewport: { width: number; height: number }, r: Picked) {
    const w = await newPage(browser, viewport);
    await w.page.goto(site.base + reviewUrl(r));
    await hydrated(w.page);
    return w;
  }

  /**
   * The chart's marked rows (aria-current) by their labels, whether the mark shows in words
   * (晒单买家所购) and whether the marked row's tint differs from an unmarked row's.
   */
  async function marked(page: Page) {
    const rows = await page.locator('.review .pd-chart tbody').evaluate((tbody) => {
      const trs = [...tbody.querySelectorAll('tr')];
      const current = trs.filter((tr) => tr.getAttribute('aria-current') === 'true');
      const plain = trs.find((tr) => !tr.hasAttribute('aria-current'));
      // Inline, no named function: the test's compiler would name it with a helper the page lacks.
      const [a, b] = [current[0], plain].map((tr) => tr && getComputedStyle(tr.querySelector('td')!).backgroundColor);
      return {
        labels: current.map((tr) => (tr.querySelector('th') as HTMLElement).innerText.trim()),
        tinted: current.length === 1 && !!b && a !== b,
      };
    });
    const words = page.locator('.review .pd-chart tr[aria-current="true"] .pd-chart__mark');
    return { ...rows, visible: (await words.isVisible()) && (await words.innerText()) === '（晒单买家所购）' };
  }

  for (const [label, viewport] of VIEWPORTS) {
    test(`${label}: a garment review's product box: its size marked in the chart, fit counts, delivery, landed cost`, async () => {
      const [r] = garment;
      const detail = await api<ProductDetail>(`/api/v1/products/${r.productId}?promo=true&groupBuy=true`);
      const chart = await api<SizeChart>(`/api/v1/sizecharts/products/${r.productId}`);
      const shipping = await api<DomesticShipping>(`/api/v1/merchants/${detail.merchant!.id}/domesticshipping`);
      const translation = await api<ProductTranslation>(`/api/v1/translate/product/${r.productId}`);
      const reviews = await publishedReviews(api, r.productId);
      // The size this reviewer bought, as the API's review says.
      const bought = reviews.find((c) => String(c.id) === r.commentId)?.sku?.size?.name;
      assert.ok(bought && bought === r.size, `review ${r.commentId} names its size`);
      const { page, context, problems } = await open(viewport, r);

      // The facts are in the product box, after the link to the product, hydrated as they were.
      const box = page.locator('.review__content .pd-facts');
      await box.waitFor();
      assert.equal(await page.locator('.pd-facts').count(), 1);
      assert.ok(
        await page.evaluate(
          () =>
            !!(
              document
                .querySelector('.review__actions')!
                .compareDocumentPosition(document.querySelector('.pd-facts')!) & Node.DOCUMENT_POSITION_FOLLOWING
            ),
        ),
        'after the product link',
      );
      // The size chart: the API's header and rows, the size bought marked, and it alone.
      const table = page.locator('.review .pd-chart table');
      assert.deepEqual(await table.locator('thead th').allInnerTexts(), chart.rows![0]);
      assert.deepEqual(
        (await table.locator('tbody th').allInnerTexts()).map((t) => t.replace('（晒单买家所购）', '').trim()),
        chart.rows!.slice(1).map((row) => row[0]),
      );
      const mark = await marked(page);
      assert.deepEqual(mark.labels, [`${bought}（晒单买家所购）`]);
      assert.ok(mark.visible, 'the words 晒单买家所购 shown');
      assert.ok(mark.tinted, "the bought row's tint differs from the others'");

      await expectFit(page, expectedFit(reviews));
      await expectDelivery(page, shipping);
      // The landed cost starts from the product's price now (not the price this reviewer paid).
      const price = await expectLandedCost(page, detail, shipping);
      assert.equal(price, round2((detail.cents! * detail.exchangeRate!) / 100));
      await expectOriginalName(page, translation.sourceName!);

      assert.ok(await fitsViewport(page), 'no sideways scroll of the page');
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`${label}: a lipstick review's product box has no size chart, and still its delivery and landed cost`, async () => {
      const chart = await api<SizeChart>(`/api/v1/sizecharts/products/${lipstick.productId}`);
      assert.deepEqual(chart.rows, []);
      const { page, context, problems } = await open(viewport, lipstick);
      await page.locator('.review .pd-facts__cost [data-part="total"]').waitFor();
      assert.equal(await page.locator('.pd-chart').count(), 0);
      assert.equal(await page.locator('[aria-current="true"]').count(), 0);
      assert.equal(await page.locator('.review .pd-facts [data-leg="cross-border"]').count(), 1);
      assert.ok(await fitsViewport(page), 'no sideways scroll of the page');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test('another review of the garment, reached in the app (its page data), marks its own size', async () => {
    const [first, other] = garment;
    const { page, context, problems } = await open(MOBILE, first);
    assert.deepEqual((await marked(page)).labels, [`${first.size}（晒单买家所购）`]);
    // A navigation in the app renders the page from its page data alone: the window stays.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.evaluate(
      (to) => (window as unknown as { ___navigate(to: string): void }).___navigate(to),
      reviewUrl(other),
    );
    await page.waitForURL(`**${reviewUrl(other)}`);
    await page.waitForFunction(
      (label) =>
        [...document.querySelectorAll('.review .pd-chart tr[aria-current="true"] th')].some(
          (th) => th.textContent === label,
        ),
      `${other.size}（晒单买家所购）`,
    );
    assert.deepEqual((await marked(page)).labels, [`${other.size}（晒单买家所购）`]);
    assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, 'no page load');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
