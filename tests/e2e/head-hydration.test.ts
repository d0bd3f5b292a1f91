// The page's head is not computed again while React hydrates (issue 26): the server HTML already
// carries it, so react-helmet must not mount and compare every head tag in the load. Once the
// head must change (a client navigation to another page), Helmet takes over and the head
// follows. Helmet's work is seen through the queries it makes for its own tags
// (`meta[data-react-helmet]`, ...), recorded from before the page's first script.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pagesByKind } from '../../bench/page-weight';
import { MOBILE, PUBLIC_DIR, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';

/** Counts querySelectorAll calls for react-helmet's attribute (a string: see idle-work.test.ts). */
const spyHelmet = (context: BrowserContext) =>
  context.addInitScript(`(() => {
  window.__helmetQueries = 0;
  var qsa = Element.prototype.querySelectorAll;
  Element.prototype.querySelectorAll = function (sel) {
    if (typeof sel === 'string' && sel.indexOf('data-react-helmet') !== -1) window.__helmetQueries++;
    return qsa.call(this, sel);
  };
})()`);

const helmetQueries = (page: Page) =>
  page.evaluate(() => (window as unknown as { __helmetQueries: number }).__helmetQueries);
/** Waits for the browser's next idle period (what the deferred work of the load waits for). */
const idle = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 5000 })));

/** The site paths of each page kind in the e2e build (the bench's pick, plus a content page). */
function pagesOf(): [string, string][] {
  const k = pagesByKind(PUBLIC_DIR);
  return [
    ['review', k.review],
    ['home', k.home],
    ['showcase', k.haul],
    ['category', k.category],
    ['product', k.product],
    ['content', '/about/'],
  ];
}

/** What the built HTML says in its head: title and canonical URL. */
function builtHead(sitePath: string) {
  const html = fs.readFileSync(path.join(PUBLIC_DIR, sitePath, 'index.html'), 'utf8');
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const canonical = /<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1] ?? null;
  const decode = (s: string) =>
    s
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'");
  return { title: decode(title), canonical: canonical && decode(canonical) };
}

const headNow = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
    jsonLd: document.querySelectorAll('script[type="application/ld+json"]').length,
  }));

let site: Site;
let browser: Browser;

describe('the head is not computed again in hydration', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [kind, sitePath] of siteMissing ? [] : pagesOf()) {
    test(`${kind} ${sitePath}: the server's head stays, react-helmet does not run in the load`, async () => {
      const { page, context, problems } = await newPage(browser, MOBILE);
      await spyHelmet(context);
      const jsonLdBuilt = (
        fs.readFileSync(path.join(PUBLIC_DIR, sitePath, 'index.html'), 'utf8').match(/type="application\/ld\+json"/g) ??
        []
      ).length;
      await page.goto(`${site.base}/review${sitePath}`);
      await hydrated(page);
      await idle(page);
      assert.equal(await helmetQueries(page), 0, 'react-helmet queried its tags during the load');
      const built = builtHead(sitePath);
      const now = await headNow(page);
      assert.equal(now.title, built.title);
      assert.deepEqual(now.canonicals, built.canonical ? [built.canonical] : []);
      assert.equal(now.jsonLd, jsonLdBuilt);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test('after a client navigation Helmet writes the new page head', async () => {
    const [[, reviewPath]] = pagesOf();
    const { page, context, problems } = await newPage(browser, MOBILE);
    await spyHelmet(context);
    await page.goto(`${site.base}/review${reviewPath}`);
    await hydrated(page);
    const before = await headNow(page);
    // The breadcrumb's first crumb is the home page: an in-app link (no new document).
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.click('nav.breadcrumb a[href="/review/"]');
    await page.waitForFunction(() => location.pathname === '/review/');
    const home = builtHead('/');
    await page.waitForFunction((t) => document.title === t, home.title);
    assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true);
    assert.ok((await helmetQueries(page)) > 0, 'Helmet ran for the new page');
    const now = await headNow(page);
    assert.notEqual(now.title, before.title);
    assert.deepEqual(now.canonicals, home.canonical ? [home.canonical] : []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
