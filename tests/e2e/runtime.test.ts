// Runtime behaviour Gatsby provides (issue 5): page-data under /review/page-data/{path}/ on
// client navigation, prefetch in batches of 4 every 3 s (skipped on 2g, data-saver and for
// bots; hover still loads), page-data retried 3 times, a full page load when a component chunk
// fails, and the service worker at /review/sw.js bringing a rebuild's content to a returning
// visitor. Observed in real Chromium through request events and routes; no timed assertions
// except lower bounds (a loaded machine only makes gaps longer).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import {
  actionTimeout,
  DESKTOP,
  PUBLIC_DIR,
  ROOT,
  hydrated,
  launch,
  newPage,
  pollPage,
  stepper,
  workerHoldsPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import { startServer, type RunningServer } from '../../server/main';
import { remainingMs } from '../helpers/deadline';
import { registerSite } from '../../server/site';

let site: Site;
let browser: Browser;

const HAUL = '/review/haul/';
const PAGE_DATA = /\/review\/page-data\/(.+)\/page-data\.json(?:\?|$)/;
/** The site path of a page-data URL (`/100001/5000001/`), or null for other URLs. */
const pageDataPath = (url: string) => {
  const m = PAGE_DATA.exec(new URL(url).pathname);
  return m ? (m[1] === 'index' ? '/' : `/${m[1]}/`) : null;
};
/** Pages whose page-data the current page itself needs (the page, the 404 fallback). */
const OWN = new Set(['/haul/', '/404.html/']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * For a negative assertion ("nothing more is fetched"), instead of a fixed sleep: resolves once
 * the page itself has gone past the point where the request would have come. In the page's own
 * event loop: `ms` of its timers (Gatsby's gaps are page timers too), then an idle callback (Gatsby
 * starts a batch in one), then a <link rel=prefetch> of its own, at the lowest priority as
 * Gatsby's are, which reaches the network only after a prefetch queued before it. However busy
 * the machine, a batch due before then has been requested by then.
 */
async function pageWentPast(page: Page, ms: number, timeoutMs = 120_000): Promise<void> {
  const marker = `/review/__past__/${Date.now()}-${Math.random().toString(36).slice(2)}.json`;
  const answer = (route: Route) => route.fulfill({ status: 204 });
  await page.route(`**${marker}`, answer);
  const requested = page.waitForRequest((r) => r.url().endsWith(marker), { timeout: timeoutMs });
  await page.evaluate(
    ([wait, href]) =>
      new Promise<void>((resolve) =>
        setTimeout(
          () =>
            requestIdleCallback(() => {
              const link = document.createElement('link');
              link.rel = 'prefetch';
              link.href = href;
              document.head.append(link);
              resolve();
            }),
          wait,
        ),
      ),
    [ms, marker] as const,
  );
  await requested;
  await page.unroute(`**${marker}`, answer);
}

/** Review links of the page that are in the viewport, in document order. */
const reviewLinksInView = (page: Page) =>
  page.$$eval('a[href]', (as) =>
    as
      .filter((a) => {
        const r = a.getBoundingClientRect();
        return r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.left < innerWidth;
      })
      .map((a) => a.getAttribute('href'))
      .filter((h): h is string => !!h && /^\/review\/\d+\/\d+\/$/.test(h)),
  );

async function waitUntil(what: string | (() => string), cond: () => boolean, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(50);
  }
}

/** A fresh context (service worker blocked: page.route must see every request). */
async function plainPage(opts: { userAgent?: string; connection?: { effectiveType: string; saveData: boolean } } = {}) {
  const context = await browser.newContext({
    viewport: DESKTOP,
    locale: 'zh-CN',
    serviceWorkers: 'block',
    userAgent: opts.userAgent,
  });
  if (opts.connection) {
    await context.addInitScript((c) => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: { ...c, addEventListener() {}, removeEventListener() {} },
      });
    }, opts.connection);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { context, page, problems };
}

/**
 * Reloads the page; when the page navigates by itself meanwhile (Gatsby reloads on a new
 * compilation hash, gatsby-browser.tsx on a service-worker update), the aborted reload is not an
 * error: what a visitor waits for is the page that then loads.
 */
/**
 * Whether the review's new text shows, hydrated or as the new build's HTML waiting for
 * engagement, within 20 s. Polled with short evaluations
 * rather than page.waitForFunction: the page reloads itself in this time (Gatsby on a new
 * compilation hash), and a waitForFunction armed across that reload was seen never to settle,
 * its own timeout included (the step's 150 s ran out while the new text had shown).
 */
async function freshShown(page: Page, fresh: string): Promise<boolean> {
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    const shown = await Promise.race([
      page
        .evaluate(
          (t) =>
            document.querySelector('.review__text')?.textContent?.trim() === t &&
            (document.documentElement.dataset.hydrated === 'true' ||
              // The page as its HTML has it, waiting for the shopper's first touch
              // (src/boot/engagement.ts): the new text is the server's.
              document.documentElement.dataset.boot === 'waiting'),
          fresh,
        )
        .catch(() => false), // the document went away under the evaluation: ask the next one
      sleep(5_000).then(() => false),
    ]);
    if (shown) return true;
    await sleep(200);
  }
  return false;
}

// A reload only has to start: the caller then waits for the content itself (freshShown, inside
// its step's bound). Waiting for its "load" as well failed a clean-clone CI run on a saturated
// machine (page.reload's 30 s default, the page behind the worker's own update-ready reload).
async function reloadOrFollow(page: Page) {
  try {
    await page.reload({ waitUntil: 'commit', timeout: 60_000 });
  } catch (e) {
    if (!/ERR_ABORTED|frame was detached|context was destroyed/i.test(String(e))) throw e;
  }
}

describe('Gatsby runtime', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  // Bounded: a stalled clean-up fails here, by name, instead of holding the file.
  after(
    async () => {
      await browser?.close();
      await site?.close();
    },
    { timeout: 60_000 },
  );

  test('client navigation fetches /review/page-data/{path}/page-data.json, not the document', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP, { serviceWorkers: 'block' });
    await page.goto(site.base + HAUL);
    await hydrated(page);
    const href = (await reviewLinksInView(page))[0];
    assert.ok(href, 'the showcase links to reviews');
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.evaluate(() => {
      (window as unknown as { __same: boolean }).__same = true;
    });
    await page.locator(`a[href="${href}"]`).first().click();
    await page.waitForURL((u) => u.pathname === href, { timeout: actionTimeout() });
    await page.locator('.review__text').waitFor({ timeout: actionTimeout() });
    const pageDataUrl = `${site.base}/review/page-data${href.slice('/review'.length)}page-data.json`;
    assert.ok(
      requests.some((r) => r.url() === pageDataUrl),
      `page-data requested at ${pageDataUrl}`,
    );
    assert.ok(!requests.some((r) => r.isNavigationRequest() && r.frame() === page.mainFrame()), 'no document request');
    assert.equal(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same), true, 'same document');
    // The file itself: the page's data with Gatsby's revalidation rule.
    const res = await fetch(pageDataUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
    const json = (await res.json()) as {
      path: string;
      componentChunkName: string;
      result: { pageContext: { info?: { content?: string } } };
    };
    assert.equal(json.path, href.slice('/review'.length));
    assert.equal(json.componentChunkName, 'component---src-templates-review-tsx');
    const shown = await page.locator('.review__text').innerText();
    assert.equal(shown.trim(), (json.result.pageContext.info?.content ?? '').trim());
    // Playwright refuses the worker's registration here (page.route must see every request).
    assert.deepEqual(
      problems.filter((p) => !/service worker registration/i.test(p)),
      [],
    );
    await context.close();
  });

  test('links in view are prefetched in batches of 4, each batch 3 s after the last one finished; hover loads at once', async () => {
    const { page, context, problems } = await plainPage();
    // Gatsby starts each batch in an idle callback without a timeout (gatsby/cache-dir/loader.js).
    // A renderer starved of CPU may get no idle period for minutes: with four files at once
    // beside two CPU hogs the first batch had not come after 496 s. What this test checks is the
    // batches (4 at a time, 3 s apart, after the last one loaded), so here an idle callback
    // asked without a timeout gets one of 5 s: with idle time on the page it runs as before.
    await context.addInitScript(() => {
      const ric = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (cb, opts) => ric(cb, { timeout: opts?.timeout ?? 5_000 });
    });
    // Gatsby prefetches with <link rel=prefetch> (resource type "other") and starts the next
    // batch only when the current one has loaded: holding the answers shows the batches.
    const seen = new Map<string, number>(); // prefetched path -> first request time
    const xhr = new Map<string, number>();
    const held: Route[] = [];
    let open = false;
    await page.route(PAGE_DATA, async (route) => {
      const req = route.request();
      const p = pageDataPath(req.url())!;
      // The runtime's own requests: Gatsby's XHRs, and the reader's runtime's preload of this
      // page's own data as the runtime starts (src/boot/reader-runtime.ts), whose answer that
      // XHR takes: held, the page never hydrated when the reader's runtime had come before the
      // engagement (as it does once the load's idle period has passed).
      if (req.resourceType() === 'xhr' || OWN.has(p)) {
        if (!xhr.has(p)) xhr.set(p, Date.now());
        return route.continue();
      }
      if (!seen.has(p)) seen.set(p, Date.now());
      if (open) return route.continue();
      held.push(route);
      return undefined;
    });
    const release = async () => {
      const rs = held.splice(0);
      await Promise.all(rs.map((r) => r.continue().catch(() => undefined)));
    };

    const start = Date.now();
    await page.goto(site.base + HAUL);
    await hydrated(page);
    const inView = await page.$$eval('a[href^="/review/"]', (as) =>
      as
        .filter((a) => {
          const r = a.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.top < innerHeight;
        })
        .map((a) => a.getAttribute('href')),
    );
    // The showcase's filter chips (/review/haul/?media=picture, issue 22) are this page's own
    // data: they must not take prefetch slots (each Gatsby Link in view queues one).
    const candidates = new Set(
      inView.map((h) => h!.slice('/review'.length).split(/[?#]/)[0]).filter((p) => p !== '/haul/'),
    );
    assert.ok(candidates.size >= 10, `at least 10 other pages linked in view (${candidates.size})`);

    // Batch 1: exactly 4, not before 3 s after the page started; nothing more while it loads.
    // Gatsby starts a batch in an idle callback without a timeout (requestIdleCallback), and
    // Chromium sends <link rel=prefetch> at its lowest priority: on a busy machine the first
    // batch took over 30 s (a clean-clone CI run under a CPU hog on both cores), and over 120 s
    // with three files at once beside the hogs (load 12-15): a batch may take what is left of the
    // file's limit (tests/helpers/deadline.ts); only the lower bounds of the gaps are asserted.
    await waitUntil('the first prefetch batch', () => seen.size >= 4, remainingMs());
    await pageWentPast(page, 4_500);
    assert.equal(seen.size, 4, `one batch of 4 while it is loading: ${[...seen.keys()].join(' ')}`);
    const first = [...seen.values()];
    assert.ok(Math.min(...first) - start >= 3_000, 'the first batch waits 3 s');
    for (const p of seen.keys()) assert.ok(candidates.has(p), `${p} is a link in view`);

    // Hover loads a page at once, outside the (now blocked) queue. The pointer moves onto a
    // link that is fully in view (scrolling would take links out of view and out of the queue),
    // the last one in document order: the queue is in document order, so it is the least likely
    // to be one of the next batch.
    const hover = await page.evaluate(
      (skip) => {
        for (const a of Array.from(document.querySelectorAll('a[href]')).reverse()) {
          const href = a.getAttribute('href') ?? '';
          if (!/^\/review\/\d+\/\d+\/$/.test(href) || skip.includes(href.slice('/review'.length))) continue;
          const r = a.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          if (r.top >= 0 && r.bottom <= innerHeight && a.contains(document.elementFromPoint(x, y)))
            return { href, x, y };
        }
        return null;
      },
      [...seen.keys()],
    );
    assert.ok(hover, 'a review link in view that was not prefetched yet');
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.mouse.move(hover.x, hover.y);
    await waitUntil(
      `page-data of ${hover.href} after hover`,
      () => xhr.has(hover.href.slice('/review'.length)),
      60_000,
    );
    assert.equal(seen.size, 4, 'hover does not start the next batch');
    assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'the page did not scroll');

    // Batch 2: 4 more, at least 3 s after batch 1 finished loading. When the hovered page is one
    // of the 4, Gatsby skips it (a loaded page is not prefetched again): 3 requests then.
    const released = Date.now();
    await release();
    await waitUntil(
      () => `the second prefetch batch (so far: ${[...seen.keys()].join(' ')}; hovered ${hover.href})`,
      () => seen.size >= 7,
      remainingMs(),
    );
    await pageWentPast(page, 4_500);
    const total: number = seen.size; // (assert.equal narrowed seen.size to 4 above)
    assert.ok(
      total === 8 || (total === 7 && !seen.has(hover.href.slice('/review'.length))),
      `the second batch is 4 as well, less the hovered page (${[...seen.keys()].join(' ')}; hovered ${hover.href})`,
    );
    const second = [...seen.values()].slice(4);
    assert.ok(
      Math.min(...second) - released >= 2_900,
      `the second batch waits 3 s (${Math.min(...second) - released} ms)`,
    );
    open = true;
    await release();
    assert.deepEqual(problems, []);
    await context.close();
  });

  const skipCases: Array<[string, Parameters<typeof plainPage>[0]]> = [
    ['a 2g connection', { connection: { effectiveType: '2g', saveData: false } }],
    ['data-saver', { connection: { effectiveType: '4g', saveData: true } }],
    ['Googlebot', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
  ];
  for (const [label, opts] of skipCases) {
    test(`no prefetch for ${label}; hover still loads the page`, async () => {
      const { page, context, problems } = await plainPage(opts);
      const requested: string[] = [];
      page.on('request', (r) => {
        const p = pageDataPath(r.url());
        if (p && !OWN.has(p)) requested.push(`${r.resourceType()} ${p}`);
      });
      await page.goto(site.base + HAUL);
      await hydrated(page);
      if (opts?.connection) {
        const seenByPage = await page.evaluate(() => {
          const c = (navigator as unknown as { connection: { effectiveType: string; saveData: boolean } }).connection;
          return { effectiveType: c.effectiveType, saveData: c.saveData };
        });
        assert.deepEqual(seenByPage, opts.connection);
      }
      const links = await reviewLinksInView(page);
      assert.ok(links.length >= 4, 'review links in view');
      // Two prefetch periods and more: nothing is fetched for the links in view.
      await pageWentPast(page, 7_500);
      assert.equal(requested.length, 0, `nothing prefetched: ${requested.join(', ')}`);
      // Hovering (intent to navigate) still loads that page's data.
      const href = links[1];
      await page.locator(`a[href="${href}"]`).first().hover();
      const want = `xhr ${href.slice('/review'.length)}`;
      await waitUntil(`page-data of ${href} after hover`, () => requested.includes(want));
      assert.deepEqual([...new Set(requested)], [want]);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  for (const failures of [3, 4]) {
    test(`page-data is retried 3 times: ${failures} failed fetches ${failures === 3 ? 'still navigate in place' : 'fall back to a full page load'}`, async () => {
      const { page, context } = await plainPage();
      let target = '';
      let attempts = 0;
      let attemptsBeforeDocument = -1;
      // Routed before the page loads: prefetch links are refused throughout (they never reach
      // Gatsby's retry logic), so the target's data is only ever fetched by the XHRs counted here.
      await page.route(PAGE_DATA, async (route) => {
        const req = route.request();
        if (req.resourceType() !== 'xhr') return route.abort();
        if (!target || pageDataPath(req.url()) !== target) return route.continue();
        attempts += 1;
        return attempts <= failures ? route.abort('connectionreset') : route.continue();
      });
      await page.goto(site.base + HAUL);
      await hydrated(page);
      const href = (await reviewLinksInView(page))[2];
      target = href.slice('/review'.length);
      page.on('request', (r) => {
        if (r.isNavigationRequest() && r.frame() === page.mainFrame() && attemptsBeforeDocument < 0)
          attemptsBeforeDocument = attempts;
      });
      await page.evaluate(() => {
        (window as unknown as { __same: boolean }).__same = true;
      });
      await page.locator(`a[href="${href}"]`).first().click();
      await page.waitForURL((u) => u.pathname === href, { timeout: actionTimeout() });
      await page.locator('.review__text').waitFor({ timeout: actionTimeout() });
      await hydrated(page);
      const same = await page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);
      if (failures === 3) {
        assert.equal(attempts, 4, 'three retries after the first failure');
        assert.equal(attemptsBeforeDocument, -1, 'no document request');
        assert.equal(same, true, 'navigated in place');
      } else {
        assert.equal(attemptsBeforeDocument, 4, 'four attempts, then the browser loads the page');
        assert.equal(same, false, 'a full page load');
      }
      await context.close();
    });
  }

  test('a component chunk that fails to load on client navigation falls back to a full page load', async () => {
    const { page, context, problems } = await plainPage();
    const chunkMap = JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, 'chunk-map.json'), 'utf8')) as Record<
      string,
      string[]
    >;
    const chunks = chunkMap['component---src-templates-review-tsx'] ?? [];
    assert.ok(chunks.length > 0, 'the review template has its own chunk');
    let href = '';
    let failed = 0;
    let documentLoaded = false;
    page.on('request', (r) => {
      if (href && r.isNavigationRequest() && r.frame() === page.mainFrame() && new URL(r.url()).pathname === href)
        documentLoaded = true;
    });
    // Every load of the review template's chunk fails until the browser loads the page itself.
    await page.route(
      (u) => chunks.some((c) => u.pathname === `/review${c}`),
      async (route) => {
        if (documentLoaded) return route.continue();
        failed += 1;
        return route.abort('connectionreset');
      },
    );
    await page.goto(site.base + HAUL);
    await hydrated(page);
    href = (await reviewLinksInView(page))[3];
    await page.evaluate(() => {
      (window as unknown as { __same: boolean }).__same = true;
    });
    await page.locator(`a[href="${href}"]`).first().click();
    await page.waitForURL((u) => u.pathname === href, { timeout: actionTimeout() });
    await waitUntil('the document request of the review page', () => documentLoaded);
    await page.locator('.review__text').waitFor({ timeout: actionTimeout() });
    await hydrated(page);
    assert.ok(failed >= 1, 'the chunk request was failed');
    assert.equal(
      await page.evaluate(() => (window as unknown as { __same?: boolean }).__same),
      undefined,
      'a new document',
    );
    assert.ok(await page.locator('button.like').isVisible(), 'the review page is interactive');
    assert.deepEqual(problems, []);
    await context.close();
  });

  describe('service worker', () => {
    let copyDir: string;
    let copy: RunningServer;
    let copyBase: string;

    before(async () => {
      // A copy of the built site served by a second server over the same API data: the
      // "deployment" that a rebuild will change under a returning visitor.
      copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-site-copy-'));
      fs.cpSync(PUBLIC_DIR, copyDir, { recursive: true, filter: (src) => !src.endsWith('.map') });
      copy = await startServer({
        port: 0,
        host: '127.0.0.1',
        dbFile: site.dbFile,
        mediaDir: path.join(ROOT, 'var', 'test', 'media'),
        configure: (app) => registerSite(app, copyDir),
      });
      copyBase = copy.url.replace('127.0.0.1', 'localhost');
    });
    after(
      async () => {
        // A browser connection left open (a failed test's context) must not hold the close.
        copy?.app.server.closeAllConnections();
        await copy?.close();
        if (copyDir) fs.rmSync(copyDir, { recursive: true, force: true });
      },
      { timeout: 60_000 },
    );

    // A limit of its own, and one for each step: a stalled step fails this test by its name
    // (and what the steps before it took) instead of the whole file.
    test(
      "registers at /review/sw.js and a returning visitor gets a rebuild's content",
      { timeout: 400_000 },
      async (t) => {
        const step = stepper('service worker');
        // A review with a short plain text, so every copy of it in the HTML can be replaced.
        const target = findShortReview(copyDir);
        const context: BrowserContext = await step('new context', 30_000, () =>
          browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', serviceWorkers: 'allow' }),
        );
        // A stalled close must not hold the file either.
        t.after(() => step('close the context', 30_000, () => context.close()).catch(() => undefined));
        const problems: string[] = [];
        // Console errors are not failures here (a worker's fetch may log one); they explain one.
        const consoleErrors: string[] = [];
        const watch = (p: Page) => {
          p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
          p.on('console', (m) => {
            if (m.type() === 'error' && consoleErrors.length < 10) consoleErrors.push(m.text().slice(0, 300));
          });
        };
        let page = await step('first visit', 90_000, async () => {
          const p = await context.newPage();
          watch(p);
          await p.goto(copyBase + target.href);
          await hydrated(p);
          return p;
        });
        // Polled, not `await navigator.serviceWorker.ready`: that never settles when the
        // registration fails, and would hold the file until the runner's limit.
        const reg = await step('worker active', 70_000, () =>
          pollPage(page, 'an active service worker', async () => {
            const r = await navigator.serviceWorker.getRegistration();
            return r?.active ? { scope: r.scope, script: r.active.scriptURL } : null;
          }),
        );
        assert.deepEqual(reg, { scope: `${copyBase}/review/`, script: `${copyBase}/review/sw.js` });
        // Never cached by the browser, so a rebuild's worker is found on the next visit.
        const swCache = await step('sw.js headers', 30_000, async () => {
          const res = await fetch(`${copyBase}/review/sw.js`);
          await res.body?.cancel();
          return res.headers.get('cache-control');
        });
        assert.equal(swCache, 'no-cache, no-store, must-revalidate');
        await step('worker controls the page', 70_000, () =>
          page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 }),
        );
        // A second visit under the worker's control, so it caches what the page uses.
        await step('second visit', 90_000, async () => {
          await reloadOrFollow(page);
          await hydrated(page);
        });
        assert.equal(
          await step('controller', 30_000, () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)),
          `${copyBase}/review/sw.js`,
        );
        assert.equal((await page.locator('.review__text').innerText()).trim(), target.content);
        // What the returning visit needs: the worker holds every resource of this page.
        await step('worker holds the page', 70_000, () => workerHoldsPage(page, target.href.slice('/review'.length)));
        await step('close the first tab', 30_000, () => page.close());

        // The rebuild: new text for the review, a new compilation hash, a new worker.
        const fresh = `重建后的新内容：这条评价已更新（${Date.now().toString(36)}）`;
        simulateRebuild(copyDir, target, fresh);

        // The visitor comes back in a new tab. Gatsby reloads on a compilation-hash change and
        // on onServiceWorkerUpdateReady (gatsby-browser.tsx); allow a reload or two on top.
        let loads = 0;
        const documents: boolean[] = [];
        page = await step('returning visit', 60_000, async () => {
          const p = await context.newPage();
          watch(p);
          p.on('load', () => {
            loads += 1;
          });
          p.on('response', (r) => {
            if (r.request().isNavigationRequest() && r.frame() === p.mainFrame()) documents.push(r.fromServiceWorker());
          });
          await p.goto(copyBase + target.href);
          return p;
        });
        assert.equal(documents[0], true, 'the returning visit is answered by the service worker');
        const manualReloads = await step('the new content', 150_000, async () => {
          for (let reloads = 0; ; reloads++) {
            const ok = await freshShown(page, fresh);
            if (ok) return reloads;
            assert.ok(
              reloads < 2,
              `the new content after ${reloads} reloads: ${await page
                .locator('.review__text')
                .innerText({ timeout: 5_000 })
                .catch(() => '?')}`,
            );
            await reloadOrFollow(page);
          }
        });
        t.diagnostic(`new content after ${loads} page loads, ${manualReloads} of them manual reloads`);
        // The new worker's update-ready reload (gatsby-browser.tsx) may still come after the new
        // content showed: read the controller from whichever document is current then.
        const controller = await step('the new worker controls the page', 60_000, async () => {
          for (let attempt = 0; ; attempt++) {
            try {
              return await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
            } catch (e) {
              if (attempt >= 3 || !/context was destroyed|navigation/i.test(String(e))) throw e;
              await page.waitForLoadState('load');
            }
          }
        });
        assert.equal(controller, `${copyBase}/review/sw.js`);
        // The shopper's first touch boots the new build's runtime on that page.
        await step('hydrated on engagement', 60_000, () => hydrated(page)).catch(async (e: unknown) => {
          const state = await page
            .evaluate(() => ({ ...document.documentElement.dataset, url: location.href }))
            .catch((x: unknown) => String(x));
          throw new Error(
            `${String(e)}; after ${loads} page loads; the page: ${JSON.stringify(state).slice(0, 1_000)}; console errors: ${JSON.stringify(consoleErrors)}`,
          );
        });
        assert.equal((await page.locator('.review__text').innerText()).trim(), fresh);
        assert.deepEqual(problems, []);
      },
    );
  });
});

interface Target {
  href: string;
  pageData: string;
  html: string;
  content: string;
}

function findShortReview(dir: string): Target {
  const pd = path.join(dir, 'page-data');
  for (const product of fs
    .readdirSync(pd)
    .filter((n) => /^\d+$/.test(n))
    .sort()) {
    for (const comment of fs
      .readdirSync(path.join(pd, product))
      .filter((n) => /^\d+$/.test(n))
      .sort()) {
      const file = path.join(pd, product, comment, 'page-data.json');
      const json = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        result: { pageContext: { info?: { content?: string } } };
      };
      const content = json.result.pageContext.info?.content ?? '';
      if (content.length >= 8 && content.length <= 60 && /^[\u4e00-\u9fff，。！、0-9a-zA-Z ]+$/.test(content)) {
        return {
          href: `/review/${product}/${comment}/`,
          pageData: file,
          html: path.join(dir, product, comment, 'index.html'),
          content,
        };
      }
    }
  }
  throw new Error('no review with a short plain text in the build');
}

/** What a rebuild changes: the page's HTML and data, every page's compilation hash, sw.js. */
function simulateRebuild(dir: string, t: Target, fresh: string) {
  const appData = path.join(dir, 'page-data', 'app-data.json');
  const oldHash = (JSON.parse(fs.readFileSync(appData, 'utf8')) as { webpackCompilationHash: string })
    .webpackCompilationHash;
  const newHash =
    oldHash.split('').reverse().join('') === oldHash ? `${oldHash}0` : oldHash.split('').reverse().join('');
  const replaceIn = (file: string, from: string, to: string) => {
    const s = fs.readFileSync(file, 'utf8');
    if (s.includes(from)) fs.writeFileSync(file, s.split(from).join(to));
  };
  replaceIn(t.pageData, JSON.stringify(t.content), JSON.stringify(fresh));
  replaceIn(t.html, t.content, fresh);
  assert.ok(
    fs.readFileSync(t.html, 'utf8').includes(fresh) && fs.readFileSync(t.pageData, 'utf8').includes(fresh),
    'the copy was changed',
  );
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.html') ? [path.join(d, e.name)] : [],
      );
  for (const f of walk(dir)) replaceIn(f, oldHash, newHash);
  fs.writeFileSync(appData, JSON.stringify({ webpackCompilationHash: newHash }));
  // The app shell's HTML changed, so its precache revision does; the new worker is a new file.
  const sw = path.join(dir, 'sw.js');
  const src = fs
    .readFileSync(sw, 'utf8')
    .replace(
      /("url": "offline-plugin-app-shell-fallback\/index\.html",\s*"revision": ")[0-9a-f]+"/,
      (_m, head: string) => `${head}${newHash}"`,
    );
  fs.writeFileSync(sw, `${src}\n// build ${newHash}\n`);
}
