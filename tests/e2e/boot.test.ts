// When a page boots and what the shopper did before it had (issue 40, src/boot/engagement.ts).
// A page's runtime starts at the shopper's first engagement; a reader who never touches the page
// gets the service worker, prefetch, the stored session and WeChat's share card from plain script.
// What the shopper asks before React has hydrated is shown as taken at once and done once it
// has, each action exactly once. Hydration is held by holding the page's own data (Gatsby
// hydrates only once it has it): the tests act while the page cannot hydrate, however fast or
// slow the machine, then let it go. Real Chromium, the e2e build, the reference server.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { builtHtmlPages, isReviewPage } from './helpers/built-pages';
import {
  DESKTOP,
  MOBILE,
  PAGE_DATA,
  PUBLIC_DIR,
  holdHydration,
  launch,
  newPage,
  pollPage,
  siteMissing,
  startSite,
  stepper,
  engage,
  gestureStart,
  hydrated,
  swipeLeft,
  workerHoldsPage,
  type Site,
} from './helpers/site';

let site: Site;
let browser: Browser;

const REVIEW = '/review/100001/5000001/';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

/** A touch phone (or tablet) context; service workers blocked so that every request meets the route. */
async function touchPage(viewport: {
  width: number;
  height: number;
}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    viewport,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
    locale: 'zh-CN',
  });
  return { page: await context.newPage(), context };
}

/**
 * Loads `path` with its hydration held, engages it (the runtime starts on engagement), and waits
 * until the runtime is waiting for the held data.
 */
async function loadHeld(page: Page, path: string) {
  const hold = await holdHydration(page);
  await page.goto(site.base + path);
  await engage(page);
  await waitFor('the runtime asking for the page data', () => hold.held() > 0);
  return hold;
}

async function waitFor(what: string, cond: () => boolean, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const hydratedFlag = (page: Page) => page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });

/** The slide the review gallery's strip shows once it has come to rest (the same place twice, on a slide). */
async function gallerySlide(page: Page): Promise<number> {
  const at = await page.waitForFunction(
    () => {
      const t = document.querySelector<HTMLElement>('.gallery__track');
      const w = window as unknown as { lastLeft?: number };
      if (!t) return 0;
      const still = w.lastLeft === t.scrollLeft;
      w.lastLeft = t.scrollLeft;
      const i = t.scrollLeft / t.clientWidth;
      return still && Math.abs(i - Math.round(i)) < 0.01 ? Math.round(i) + 1 : 0;
    },
    null,
    { polling: 100 },
  );
  return ((await at.jsonValue()) as number) - 1;
}

/**
 * On a busy machine a tap or swipe reaches the strip a while after the call returns, and a strip
 * that has not started moving is at rest on the first picture: wait until it has left it, then
 * read where it comes to rest (gallerySlide).
 */
const galleryLeftFirst = (page: Page) =>
  page.waitForFunction(() => document.querySelector<HTMLElement>('.gallery__track')!.scrollLeft > 0);

const heldCount = (page: Page) => page.locator('[data-held]').count();
/** The product hub with the most reviews in the build: a filter of fewer shows another list. */
function busiestHub() {
  const hub = fs
    .readdirSync(path.join(PUBLIC_DIR, 'pd'))
    .map((id) => {
      const file = path.join(PUBLIC_DIR, 'pd', id, 'index.html');
      const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      return { id, reviews: html.split('class="preview"').length - 1 };
    })
    .sort((a, b) => b.reviews - a.reviews)[0];
  assert.ok(hub.reviews > 1, `a hub with reviews: ${JSON.stringify(hub)}`);
  return hub;
}
/** The key of a hub's filter button (not pressed) of fewer reviews than `built`. */
async function fewerReviewsFilter(page: Page, built: number): Promise<string> {
  const key = await page.$$eval(
    '.previews button.tagbtn[aria-pressed="false"]',
    (buttons, n) =>
      buttons.find((b) => Number(b.querySelector('.tagbtn__n')?.textContent) < n)?.getAttribute('data-filter'),
    built,
  );
  assert.ok(key, 'a filter of fewer reviews than the build shows');
  return key;
}
/** The ids of a product hub's review list, in order. */
const listIds = (page: Page) =>
  page.$$eval('.previews__list > li', (lis) => lis.map((li) => li.getAttribute('data-comment-id') ?? ''));

describe('boot on engagement, and the reader runtime without it', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('a reader who never touches the page gets the spec runtime without React: the service worker with the page offline, the stored visit, prefetch in batches of 4', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE, { serviceWorkers: 'allow' });
    try {
      // The pages prefetched: documents (a tap before the runtime starts navigates as one).
      const prefetched: Array<{ url: string; at: number }> = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (r.resourceType() === 'other' && u.pathname.startsWith('/review/') && u.pathname.endsWith('/'))
          prefetched.push({ url: u.pathname + u.search, at: Date.now() });
      });
      await page.goto(site.base + '/review/haul/');
      await pollPage(page, 'an active service worker', async () =>
        (await navigator.serviceWorker.getRegistration('/review/'))?.active ? true : null,
      );
      // What the page needs offline is in the worker's caches, and the worker knows it.
      await workerHoldsPage(page, '/haul/');
      await pollPage(page, 'the guest id and the session start', async () =>
        localStorage.getItem('hrv:guestId') && localStorage.getItem('hrv:sessionStart') ? true : null,
      );
      await waitFor(`a second prefetch batch (${prefetched.length})`, () => prefetched.length > 4);
      const linked = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.pathname + a.search),
      );
      for (const p of prefetched) assert.ok(linked.includes(p.url), `${p.url} is a page this page links to`);
      assert.equal(new Set(prefetched.map((p) => p.url)).size, prefetched.length, 'each page once');
      // The second batch comes 3 s after the first (a busy machine only makes it later).
      assert.ok(
        prefetched[4].at - prefetched[3].at >= 2_500,
        `the fifth page waits for the next batch (${prefetched[4].at - prefetched[3].at} ms)`,
      );
      // None of it needed React: the runtime never started.
      assert.equal(await page.getAttribute('html', 'data-boot'), 'waiting');
      assert.equal(await page.getAttribute('html', 'data-hydrated'), null);
      assert.deepEqual(
        problems.filter((p) => !/service worker/i.test(p)),
        [],
      );
    } finally {
      await context.close();
    }
  });

  test("before the first tap, the page readies what its runtime asks for: the template's chunks prefetched once loaded, its data asked for as the runtime starts, nothing asked twice", async () => {
    // No service worker: its fetches would not be the page's own (nor seen here).
    const { page, context, problems } = await newPage(browser, MOBILE, { serviceWorkers: 'block' });
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      // Every response from the network (not from a cache), by path, and when: before or after the start.
      const urls = new Map<string, string>();
      const fromNetwork: Array<{ path: string; started: boolean }> = [];
      const done = new Set<string>();
      let started = false;
      cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, new URL(e.request.url).pathname));
      cdp.on('Network.responseReceived', (e) => {
        if (!e.response.fromDiskCache && !e.response.fromPrefetchCache)
          fromNetwork.push({ path: new URL(e.response.url).pathname, started });
      });
      cdp.on('Network.loadingFinished', (e) => {
        const path = urls.get(e.requestId);
        if (path) done.add(path);
      });
      await page.goto(site.base + '/review/pd/100001/');
      const files = ((await page.getAttribute('html', 'data-boot-files')) ?? '').split(' ').filter(Boolean);
      const chunks = files.filter((f) => f.endsWith('.js'));
      const data = files.filter((f) => f.endsWith('.json'));
      assert.ok(
        chunks.some((f) => f.includes('component---src-templates-product-tsx')) &&
          data.includes('/review/page-data/pd/100001/page-data.json') &&
          data.includes('/review/page-data/app-data.json'),
        `the page names its template's chunks and its data: ${files.join(' ')}`,
      );
      await waitFor("the template's chunks prefetched", () => chunks.every((f) => done.has(f)));
      assert.deepEqual(
        fromNetwork.filter((r) => data.includes(r.path)),
        [],
        'no data asked for before the runtime starts (a preload never used is a console warning)',
      );
      started = true;
      await hydrated(page);
      const after = fromNetwork.filter((r) => r.started).map((r) => r.path);
      for (const f of data)
        assert.equal(after.filter((p) => p === f).length, 1, `${f} asked for once: ${after.join(' ')}`);
      for (const f of chunks) assert.ok(!after.includes(f), `${f} came from the prefetch`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  const noPrefetchCases: Array<[string, { userAgent?: string; connection?: Record<string, unknown> }]> = [
    ['a 2g connection', { connection: { effectiveType: '2g', saveData: false } }],
    ['data saver', { connection: { effectiveType: '4g', saveData: true } }],
    ['Googlebot', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
  ];
  for (const [label, opts] of noPrefetchCases) {
    test(`no prefetch without a touch for ${label}`, async () => {
      const context = await browser.newContext({
        viewport: MOBILE,
        locale: 'zh-CN',
        serviceWorkers: 'block',
        userAgent: opts.userAgent,
      });
      try {
        if (opts.connection)
          await context.addInitScript(
            `Object.defineProperty(navigator, 'connection', { configurable: true, value: ${JSON.stringify(opts.connection)} })`,
          );
        const page = await context.newPage();
        const requested: string[] = [];
        page.on('request', (r) => {
          const u = new URL(r.url());
          if (r.resourceType() === 'other') requested.push(u.pathname);
        });
        await page.goto(site.base + '/review/haul/');
        const bootFiles = ((await page.getAttribute('html', 'data-boot-files')) ?? '').split(' ');
        assert.ok(bootFiles.length > 2, 'the page names its boot files');
        // The reader's runtime has run (it writes the visit first) ...
        await pollPage(page, 'the stored visit', async () => (localStorage.getItem('hrv:guestId') ? true : null));
        // ... and a first batch would have come 3 s later, by the page's own clock.
        await page.evaluate(() => new Promise((r) => setTimeout(r, 5_000)));
        // Documents, and the template's chunks (for the runtime's boot); webpack's own prefetch
        // links in the HTML (React and Gatsby's runtime) are the browser's to weigh.
        assert.deepEqual(
          requested.filter((p) => p.endsWith('/') || bootFiles.includes(p)),
          [],
          'nothing prefetched',
        );
      } finally {
        await context.close();
      }
    });
  }

  test('in WeChat, the share card is set without a touch, and once however the page goes on', async () => {
    const context = await browser.newContext({ viewport: MOBILE, userAgent: WECHAT_UA, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      await page.addInitScript(`
        window.wxRecord = { configs: 0 };
        window.wx = {
          config: (c) => { window.wxRecord.config = c; window.wxRecord.configs += 1; },
          ready: (cb) => cb(),
          error: () => undefined,
          updateAppMessageShareData: (d) => { window.wxRecord.appMessage = d; },
          updateTimelineShareData: (d) => { window.wxRecord.timeline = d; },
        };
      `);
      await page.goto(site.base + REVIEW);
      await page.waitForFunction(() => !!(window as unknown as { wxRecord: { timeline?: unknown } }).wxRecord.timeline);
      const rec = await page.evaluate(
        () => (window as unknown as { wxRecord: { appMessage: { title: string; link: string } } }).wxRecord,
      );
      assert.equal(rec.appMessage.title, await page.title());
      assert.equal(rec.appMessage.link, await page.getAttribute('link[rel="canonical"]', 'href'));
      assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'set before React, without a touch');
      // The shopper touches the page: React's review page gives the same card, which is not set again.
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      assert.equal(
        await page.evaluate(() => (window as unknown as { wxRecord: { configs: number } }).wxRecord.configs),
        1,
      );
    } finally {
      await context.close();
    }
  });

  test('two quick taps on 下一张 before hydration move the gallery twice at once, and hydration keeps it there', async () => {
    const { page, context } = await touchPage(MOBILE);
    try {
      const hold = await loadHeld(page, REVIEW);
      await page.tap('.gallery__arrow--next');
      await page.tap('.gallery__arrow--next');
      await galleryLeftFirst(page);
      // Done at once, not held: the strip moves before React has hydrated.
      assert.equal(await gallerySlide(page), 2, 'two slides on, not one, not three');
      assert.equal(await page.getAttribute('html', 'data-hydrated'), null);
      assert.equal(await heldCount(page), 0, 'nothing held');
      // A slow phone: hydration ends well past the 10 s after which the old hold dropped taps,
      // and must not undo them.
      await page.waitForTimeout(11_000);
      await hold.release();
      await hydratedFlag(page);
      await page.waitForFunction(() =>
        document.querySelector('.gallery [aria-live="polite"]')?.textContent?.startsWith('第 3 张'),
      );
      assert.equal(await gallerySlide(page), 2, 'still there once hydrated');
    } finally {
      await context.close();
    }
  });

  test('a thumbnail tap and a swipe before hydration each move the gallery once', async () => {
    for (const act of ['thumbnail', 'swipe'] as const) {
      const { page, context } = await touchPage(MOBILE);
      try {
        const hold = await loadHeld(page, REVIEW);
        if (act === 'thumbnail') await page.tap('.gallery__thumbs .gallery__thumb:nth-child(3)');
        else {
          const box = await page.locator('.gallery__main').boundingBox();
          assert.ok(box);
          await swipeLeft(context, page, box);
        }
        await galleryLeftFirst(page);
        assert.equal(await gallerySlide(page), act === 'thumbnail' ? 2 : 1, `${act}, before hydration`);
        await hold.release();
        await hydratedFlag(page);
        assert.equal(await gallerySlide(page), act === 'thumbnail' ? 2 : 1, act);
      } finally {
        await context.close();
      }
    }
  });

  test("a swipe on the gallery as the first touch starts the runtime only once the strip is at rest: its first long tasks would hold the strip's frames", async () => {
    const { page, context } = await touchPage(MOBILE);
    try {
      // When the runtime starts (html[data-boot]) and when the strip's scroll first ends.
      await page.addInitScript(() => {
        const w = window as unknown as { bootAt?: number; restAt?: number };
        new MutationObserver(() => {
          if (w.bootAt === undefined && document.documentElement.getAttribute('data-boot') === 'started')
            w.bootAt = performance.now();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-boot'] });
        document.addEventListener(
          'scrollend',
          (e) => {
            if (w.restAt === undefined && e.target instanceof Element && e.target.matches('.gallery__track'))
              w.restAt = performance.now();
          },
          { capture: true, passive: true },
        );
      });
      await page.goto(site.base + REVIEW);
      await page.waitForSelector('html[data-boot="waiting"]', { state: 'attached' });
      const box = await page.locator('.gallery__main').boundingBox();
      assert.ok(box);
      await swipeLeft(context, page, box);
      assert.equal(await gallerySlide(page), 1, 'the swipe moved the gallery one slide on');
      await page.waitForSelector('html[data-boot="started"]', { state: 'attached' });
      const { bootAt, restAt } = await page.evaluate(() => {
        const w = window as unknown as { bootAt?: number; restAt?: number };
        return { bootAt: w.bootAt ?? -1, restAt: w.restAt ?? -1 };
      });
      assert.ok(
        restAt > 0 && bootAt > restAt,
        `the runtime started at ${bootAt} ms, the strip came to rest at ${restAt}`,
      );
      await hydratedFlag(page);
      assert.equal(await gallerySlide(page), 1, 'hydration kept the slide');
    } finally {
      await context.close();
    }
  });

  test('a swipe ends where the finger meant, whatever the strip saw of it: a flick one slide on, a drag let go short of half and a page scroll none', async () => {
    // The browser scrolls the strip itself, from the moves it sees; on a busy main thread the
    // last moves of a quick swipe could be lost and the strip went back (a CI run beside two CPU
    // hogs, the bench at 1 s after first paint). `touch-action: none` on the strip stands for
    // moves the browser's scroll never saw: the touch events reach the page, the strip is not
    // scrolled by the browser at all. Before hydration and after, each on a page of its own.
    for (const state of ['before hydration', 'hydrated'] as const) {
      const { page, context } = await touchPage(MOBILE);
      try {
        await page.addInitScript(
          `addEventListener('touchend', () => { window.touchEnds = (window.touchEnds || 0) + 1; }, { capture: true, passive: true });`,
        );
        const hold = state === 'hydrated' ? null : await loadHeld(page, REVIEW);
        if (!hold) {
          await page.goto(site.base + REVIEW);
          await hydrated(page);
        }
        const track = page.locator('.gallery__track');
        let ends = 0;
        /** A finger down at `x0`, moved to `x1` (fractions of the strip's width; `dy` down the page) in `ms`, resting `rest` ms before it lifts; then the strip at rest. */
        const gesture = async (x0: number, x1: number, ms: number, rest = 0, dy = 0) => {
          const box = await track.boundingBox();
          assert.ok(box);
          const y = box.y + box.height / 2;
          const cdp = await context.newCDPSession(page);
          const t0 = await gestureStart(page, 2);
          const at = (f: number) => ({ x: box.x + box.width * f, y });
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(x0)], timestamp: t0 });
          for (let i = 1; i <= 8; i++) {
            const p = at(x0 + ((x1 - x0) * i) / 8);
            await cdp.send('Input.dispatchTouchEvent', {
              type: 'touchMove',
              touchPoints: [{ x: p.x, y: p.y + (dy * i) / 8 }],
              timestamp: t0 + (ms * i) / 8000,
            });
          }
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchEnd',
            touchPoints: [],
            timestamp: t0 + (ms + rest) / 1000,
          });
          await cdp.detach();
          // The lift has reached the page's script (a glide it starts is under way), then the strip at rest.
          ends++;
          await page.waitForFunction(
            (n) =>
              (window as unknown as { touchEnds?: number }).touchEnds === n &&
              !document.querySelector<HTMLElement>('.gallery__track')?.dataset.to,
            ends,
          );
          return gallerySlide(page);
        };
        assert.equal(await gesture(0.5, 0.5, 200, 0, -150), 0, `${state}: a page scroll over the gallery`);
        await page.evaluate(() => scrollTo(0, 0));
        assert.equal(await gesture(0.7, 0.4, 600, 200), 0, `${state}: a slow drag let go short of half goes back`);
        await track.evaluate((t) => (t.style.touchAction = 'none'));
        assert.equal(await gesture(0.7, 0.45, 120), 1, `${state}: a flick the browser's scroll never saw`);
        await track.evaluate((t) => (t.style.touchAction = ''));
        assert.equal(await gesture(0.7, 0.45, 120), 2, `${state}: a flick the browser scrolled: one slide on, not two`);
        assert.equal(await gesture(0.3, 0.55, 120), 1, `${state}: a flick back`);
        if (hold) {
          await hold.release();
          await hydratedFlag(page);
          assert.equal(await gallerySlide(page), 1, 'where it was once hydrated');
        }
        assert.equal(await heldCount(page), 0, `${state}: nothing held`);
      } finally {
        await context.close();
      }
    }
  });

  test("a touch while React hydrates leaves it hydrating in slices (not finished in the touch's task)", async () => {
    // React finishes hydrating at once, in the event's own task, when a discrete event reaches
    // markup it has not hydrated yet, and the tap's next events wait for that task (issue 40).
    // Which task committed the hydration is read from React itself: its DevTools hook is told of
    // every commit, and `window.event` is the event being dispatched then, if any (a scheduler's
    // message, or a touch's). Whether the touch comes before the commit is a race on any machine
    // (the page hydrates in slices meanwhile), so a trial in which the page had hydrated first is
    // done again, on a new page.
    type Probe = { commits: number; commitEvent?: string; touchBeforeCommit?: boolean };
    const TRIALS = 4;
    for (let trial = 1; ; trial++) {
      const { page, context } = await touchPage(MOBILE);
      try {
        // A string, not a function: tsx would wrap the inner functions' names in a helper
        // (__name) the page does not have.
        await page.addInitScript(`(() => {
          const probe = { commits: 0 };
          window.hydrationProbe = probe;
          window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
            supportsFiber: true,
            renderers: new Map(),
            inject() { return 1; },
            onCommitFiberRoot(id, root) {
              if (!root.containerInfo || root.containerInfo.id !== '___gatsby' || probe.commits++ > 0) return;
              probe.commitEvent = window.event ? window.event.type : '';
            },
            onCommitFiberUnmount() {},
            onPostCommitFiberRoot() {},
            checkDCE() {},
          };
          // The touch's first event is its pointerdown (then touchstart): either one, dispatched
          // while React hydrates, would make React finish in that event's task.
          const touched = () => {
            if (probe.touchBeforeCommit === undefined) probe.touchBeforeCommit = probe.commits === 0;
          };
          addEventListener('pointerdown', touched, { capture: true, passive: true });
          addEventListener('touchstart', touched, { capture: true, passive: true });
        })();`);
        const hold = await loadHeld(page, REVIEW);
        // Where the touch goes is read now: once the CPU is slowed, every round trip to the page
        // waits for React's slices, and the touch would come after the commit it has to precede.
        // (The heading is the server's markup: hydration does not move it.)
        const box = await page.locator('h1').first().boundingBox();
        assert.ok(box);
        const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        const cdp = await context.newCDPSession(page);
        // A slow phone: hydration takes seconds, so the touch comes while it is under way. (From
        // the root's creation to its commit took 0.6 s at 20x beside two CPU hogs, the round trips
        // before the touch 0.2 s of it; at 40x, 1-2 s.)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 });
        await hold.release();
        // Until React has made its root (or has already committed: then this trial is lost, and
        // waiting for a root with no commit would wait for ever).
        await page.waitForFunction(
          () => {
            const root = document.getElementById('___gatsby');
            const { hydrationProbe } = window as unknown as { hydrationProbe: Probe };
            return (
              hydrationProbe.commits > 0 || (!!root && Object.keys(root).some((k) => k.startsWith('__reactContainer')))
            );
          },
          null,
          { polling: 10, timeout: 60_000 },
        );
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await hydratedFlag(page);
        const probe = await page.evaluate(() => (window as unknown as { hydrationProbe: Probe }).hydrationProbe);
        assert.ok(probe.commits > 0, "React's DevTools hook was told of the hydration's commit");
        if (!probe.touchBeforeCommit) {
          assert.ok(trial < TRIALS, `the page had hydrated before the touch in each of ${TRIALS} trials`);
          continue;
        }
        // React's scheduler runs its slices in a MessageChannel's messages (or timers: no event).
        assert.ok(
          probe.commitEvent === '' || probe.commitEvent === 'message',
          `hydration committed in a task of its own, not in a "${probe.commitEvent}" event's`,
        );
        return;
      } finally {
        await context.close();
      }
    }
  });

  test('a picture tapped before hydration opens at once, full-screen then the viewer with zoom; hydration leaves it open and working', async () => {
    const { page, context } = await touchPage(MOBILE);
    try {
      const hold = await loadHeld(page, REVIEW);
      const n = await page.locator('.gallery__open').count();
      assert.ok(n > 1, 'the review has pictures to go through');
      const counterIs = (t: string) =>
        page.waitForFunction((t) => document.querySelector('.viewer__counter')?.textContent?.trim() === t, t);
      await page.tap('.gallery__open');
      await page.waitForSelector('.viewer:not(.viewer--opening) .swiper-initialized');
      await counterIs(`1 / ${n}`);
      assert.equal(
        await page.getAttribute('html', 'data-hydrated'),
        null,
        'the viewer is open before React has hydrated',
      );
      assert.equal(await heldCount(page), 0, 'nothing held: the tap was done');
      await hold.release();
      await hydratedFlag(page);
      assert.equal(await page.locator('.viewer').count(), 1, 'one viewer');
      await page.tap('.viewer .swiper-button-next');
      await counterIs(`2 / ${n}`);
      await page.tap('.viewer__close');
      await page.waitForSelector('.viewer', { state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.classList.contains('gallery__open'));
      assert.equal(await page.evaluate(() => document.body.dataset.scrollLocked), undefined, 'the page scrolls again');
      // Opened again once hydrated, by React's handler: the same viewer.
      await page.tap('.gallery__open');
      await page.waitForSelector('.viewer:not(.viewer--opening) .swiper-initialized');
      assert.equal(await page.locator('.viewer').count(), 1, 'one viewer');
    } finally {
      await context.close();
    }
  });

  test('a video tapped before hydration plays at once, and hydration leaves it playing: one player, the same element', async () => {
    const withVideo = builtHtmlPages(PUBLIC_DIR)
      .filter(isReviewPage)
      .find((p) =>
        fs.readFileSync(path.join(PUBLIC_DIR, p.file), 'utf8').includes('class="gallery__player" data-src='),
      );
    assert.ok(withVideo, 'the build has a review page with a playable video');
    const { page, context } = await touchPage(MOBILE);
    try {
      // The player's chunk (its error message) comes once the page has loaded, before any tap.
      const playerChunk = page.waitForResponse(
        async (r) =>
          /\.js$/.test(new URL(r.url()).pathname) && (await r.text().catch(() => '')).includes('gallery__video-error'),
        { timeout: 60_000 },
      );
      const hold = await loadHeld(page, withVideo.urlPath);
      await playerChunk;
      await page.tap('.gallery__main button.gallery__play');
      await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.2, null, {
        timeout: 60_000,
      });
      assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'playing before React has hydrated');
      assert.equal(await heldCount(page), 0, 'not held: done');
      await page.evaluate(() => {
        (window as unknown as { player?: Element }).player = document.querySelector('video')!;
      });
      await hold.release();
      await hydratedFlag(page);
      const after = await page.evaluate(() => ({
        count: document.querySelectorAll('video').length,
        same: document.querySelector('video') === (window as unknown as { player?: Element }).player,
        paused: document.querySelector('video')!.paused,
        time: document.querySelector('video')!.currentTime,
      }));
      assert.deepEqual([after.count, after.same, after.paused], [1, true, false], 'one player, kept, playing');
      await page.waitForFunction((t) => (document.querySelector('video')?.currentTime ?? 0) > t + 0.2, after.time, {
        timeout: 60_000,
      });
    } finally {
      await context.close();
    }
  });

  /** The open panel's id and how many links it has, or null when none is open. */
  const openPanel = (page: Page) =>
    page.evaluate(() => {
      const open = [...document.querySelectorAll<HTMLElement>('.mega')].filter((m) => !m.hidden);
      return open.length === 1 ? { id: open[0].id, links: open[0].querySelectorAll('a').length } : null;
    });
  /** The id of the top category's panel at `n` (0-based). */
  const panelOf = (page: Page, n: number) => page.locator('.dnav__top').nth(n).getAttribute('aria-controls');
  /** Waits until the panel `id` has its sub-categories (more than the group's own link). */
  const panelFilled = (page: Page, id: string | null) =>
    page.waitForFunction((i) => (document.getElementById(i!)?.querySelectorAll('a').length ?? 0) > 1, id);

  test('a tablet tap on a top category before hydration opens its mega-menu at once; hydration keeps it; the next tap follows the link', async () => {
    const { page, context } = await touchPage({ width: 1024, height: 768 });
    try {
      const hold = await loadHeld(page, REVIEW);
      const id = await panelOf(page, 1);
      await page.tap('.dnav__top >> nth=1');
      // Open, with its sub-categories, while React cannot hydrate: plain script did it.
      await panelFilled(page, id);
      assert.deepEqual((await openPanel(page))?.id, id);
      assert.equal(await page.getAttribute('.dnav__top >> nth=1', 'aria-expanded'), 'true');
      assert.equal(await heldCount(page), 0, 'done, not held');
      assert.equal(await page.getAttribute('html', 'data-hydrated'), null);
      await hold.release();
      await hydratedFlag(page);
      assert.equal((await openPanel(page))?.id, id, 'hydration leaves it open');
      assert.equal(new URL(page.url()).pathname, REVIEW);
      // React has the state the script left: the second tap follows the link.
      const href = await page.getAttribute('.dnav__top >> nth=1', 'href');
      await page.tap('.dnav__top >> nth=1');
      await page.waitForURL((u) => u.pathname === href);
    } finally {
      await context.close();
    }
  });

  test('before the runtime starts, a tablet: first tap opens, second follows the link at once', async () => {
    const { page, context } = await touchPage({ width: 1024, height: 768 });
    try {
      // React and the template's chunks never come: what happens is plain script's alone.
      await page.route(/\/review\/(framework|component---)/, (r) => r.abort());
      await page.goto(site.base + REVIEW);
      const id = await panelOf(page, 2);
      await page.tap('.dnav__top >> nth=2');
      await panelFilled(page, id);
      assert.equal(new URL(page.url()).pathname, REVIEW);
      const href = await page.getAttribute('.dnav__top >> nth=2', 'href');
      await page.tap('.dnav__top >> nth=2');
      await page.waitForURL((u) => u.pathname === href);
    } finally {
      await context.close();
    }
  });

  test('a desktop hover before hydration opens the mega-menu at once; hydration keeps it, leaving closes it', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block', locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const hold = await holdHydration(page);
      await page.goto(site.base + REVIEW);
      await page.hover('.dnav__top >> nth=3');
      const id = await panelOf(page, 3);
      await panelFilled(page, id);
      assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'open before React has hydrated');
      await waitFor('the runtime asking for the page data', () => hold.held() > 0);
      await hold.release();
      await hydratedFlag(page);
      assert.equal((await openPanel(page))?.id, id, 'hydration leaves it open');
      const before = await openPanel(page);
      assert.ok(before && before.links > 1);
      // React's own handlers now: the next category, then away.
      const first = await panelOf(page, 0);
      await page.hover('.dnav__top >> nth=0');
      await page.waitForFunction((i) => document.getElementById(i!)?.hidden === false, first);
      assert.equal((await openPanel(page))?.id, first);
      await page.mouse.move(640, 700);
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.mega')].every((m) => m.hidden));
    } finally {
      await context.close();
    }
  });

  test('the download bar closed before hydration stays closed; a plain link is followed at once', async () => {
    const { page, context } = await touchPage(MOBILE);
    try {
      const hold = await loadHeld(page, REVIEW);
      await page.tap('.dlbar button');
      await hold.release();
      await hydratedFlag(page);
      await page.waitForSelector('.dlbar', { state: 'detached' });
      assert.equal(await page.evaluate(() => sessionStorage.getItem('hrv:downloadBarDismissed')), '1');

      const again = await loadHeld(page, REVIEW);
      const link = page.locator('.breadcrumb a').first();
      const href = await link.getAttribute('href');
      assert.ok(href);
      await link.tap();
      await page.waitForURL((u) => u.pathname === href);
      await again.release();
    } finally {
      await context.close();
    }
  });

  test("a guest's 赞 and 分享 tapped before hydration are done at once: the sign-in page, the system share sheet once", async () => {
    const { page, context } = await touchPage(MOBILE);
    try {
      // The system share sheet, recorded (headless Chromium has none).
      await context.addInitScript(`(() => {
        window.__shares = [];
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: function (d) { window.__shares.push(d); return Promise.resolve(); },
        });
      })()`);
      const shares = () => page.evaluate(() => (window as unknown as { __shares: ShareData[] }).__shares);
      const hold = await loadHeld(page, REVIEW);
      const button = page.locator('.share__button');
      const expected = {
        url: await button.getAttribute('data-share-url'),
        title: await button.getAttribute('data-share-title'),
        text: await button.getAttribute('data-share-text'),
      };
      assert.ok(expected.url?.endsWith(REVIEW) && expected.title, JSON.stringify(expected));
      await button.tap();
      // While hydration is still held: shared, with the page's card, and nothing left to do.
      assert.deepEqual(await shares(), [expected]);
      assert.equal(await heldCount(page), 0, 'nothing held');
      await hold.release();
      await hydratedFlag(page);
      assert.deepEqual(await shares(), [expected], 'shared once, not again once hydrated');

      // 赞 as a guest, before hydration: on to sign in at once, and back to this review after.
      await loadHeld(page, REVIEW);
      await page.locator('.like').tap();
      await page.waitForURL((u) => u.pathname === '/review/login/');
      assert.equal(new URL(page.url()).searchParams.get('returnTo'), REVIEW);
    } finally {
      await context.close();
    }
  });

  test('a filter chip on a product hub tapped before hydration is pressed at once, its reviews asked for at once and once and shown before hydration, and React keeps that list', async () => {
    const { page, context } = await touchPage(MOBILE);
    try {
      const hub = busiestHub();
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes(`/product-comment/products/${hub.id}/comments`)) asked.push(r.url());
      });
      const hold = await loadHeld(page, `/review/pd/${hub.id}/`);
      const key = await fewerReviewsFilter(page, hub.reviews);
      const built = await listIds(page);
      const chip = page.locator(`.previews button.tagbtn[data-filter="${key}"]`);
      await chip.scrollIntoViewIfNeeded();
      await chip.tap();
      // While hydration is held: the chip is pressed, 全部 no longer is, and its reviews are on their way.
      assert.equal(await chip.getAttribute('aria-pressed'), 'true');
      assert.equal(
        await page.locator('.previews button.tagbtn[data-filter="all"]').getAttribute('aria-pressed'),
        'false',
      );
      assert.equal(await heldCount(page), 1, 'the chip shows it was taken');
      await waitFor('the filtered reviews asked for', () => asked.length > 0);
      // Still held: the filter's reviews are shown once they come, drawn by the filter's script.
      await page.waitForSelector(`.previews[data-filter="${key}"][data-status="idle"]`);
      const drawn = await listIds(page);
      assert.ok(drawn.length > 0 && drawn.join() !== built.join(), `the filter's list, not the build's: ${drawn}`);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.hydrated), undefined, 'before hydration');
      await page.evaluate(() => {
        (document.querySelector('.previews__list') as HTMLElement & { drawnBeforeReact?: boolean }).drawnBeforeReact =
          true;
      });
      await hold.release();
      await hydratedFlag(page);
      // Its section hydrates later (HydrateLater) than the page: the tap must wait for it, not be lost.
      await page.waitForSelector(
        `.previews[data-filter="${key}"][data-status="idle"] button.tagbtn[data-filter="${key}"][aria-pressed="true"]`,
      );
      await page.waitForFunction(() => !document.querySelector('[data-held]'));
      assert.deepEqual(await listIds(page), drawn, 'the same list once hydrated');
      assert.equal(
        await page.evaluate(
          () =>
            (document.querySelector('.previews__list') as HTMLElement & { drawnBeforeReact?: boolean })
              .drawnBeforeReact,
        ),
        true,
        'React kept the drawn list instead of drawing it again',
      );
      assert.equal(await heldCount(page), 0, 'no pressed state left');
      assert.equal(asked.length, 1, `the list took the tap's request instead of asking again: ${asked.join(' ')}`);
      const url = new URL(asked[0]);
      const [kind, value] = key.split(':');
      assert.equal(url.searchParams.get(kind === 'media' ? 'media' : kind), kind === 'media' ? 'any' : value);
      assert.equal(await page.locator('.previews button.tagbtn[aria-pressed="true"]').count(), 1, 'one filter pressed');
    } finally {
      await context.close();
    }
  });

  test("a filter chip tapped while the hub still loads (the reader's runtime not there yet) brings its script at the tap: its list shown before hydration", async () => {
    const { page, context } = await touchPage(MOBILE);
    const pictures: Route[] = [];
    try {
      const hub = busiestHub();
      // The load event held (the reader's runtime comes after it): the product's pictures wait.
      let loading = true;
      await page.route(/\/media\/product\//, (route) => {
        if (loading) pictures.push(route);
        else void route.continue().catch(() => undefined);
      });
      const hold = await holdHydration(page);
      await page.goto(`${site.base}/review/pd/${hub.id}/`, { waitUntil: 'domcontentloaded' });
      // The entry's script is async: it listens for the engagement once it has run.
      await page.waitForSelector('html[data-boot="waiting"]', { state: 'attached' });
      await engage(page);
      await waitFor('the runtime asking for the page data', () => hold.held() > 0);
      const key = await fewerReviewsFilter(page, hub.reviews);
      const built = await listIds(page);
      const chip = page.locator(`.previews button.tagbtn[data-filter="${key}"]`);
      await chip.scrollIntoViewIfNeeded();
      await chip.tap();
      await page.waitForSelector(`.previews[data-filter="${key}"][data-status="idle"]`);
      const drawn = await listIds(page);
      assert.ok(drawn.length > 0 && drawn.join() !== built.join(), `the filter's list: ${drawn}`);
      assert.deepEqual(
        await page.evaluate(() => [document.readyState, document.documentElement.dataset.hydrated ?? '']),
        ['interactive', ''],
        'drawn while the page still loads, before hydration',
      );
      assert.ok(pictures.length > 0, 'the load was held');
      loading = false;
      await Promise.all(pictures.splice(0).map((r) => r.continue().catch(() => undefined)));
      await hold.release();
      await hydratedFlag(page);
      await page.waitForFunction(() => !document.querySelector('[data-held]'));
      assert.deepEqual(await listIds(page), drawn, 'the same list once hydrated');
    } finally {
      await Promise.all(pictures.map((r) => r.continue().catch(() => undefined)));
      await context.close();
    }
  });

  test("a hub's filter is an island: a chip tapped first shows its list without starting the runtime, 全部 draws the build's list back, and the next engagement hydrates with the list shown", async () => {
    const { page, context } = await touchPage(MOBILE);
    try {
      const hub = busiestHub();
      await page.goto(`${site.base}/review/pd/${hub.id}/`);
      await page.waitForLoadState('load');
      const key = await fewerReviewsFilter(page, hub.reviews);
      const built = await listIds(page);
      const more = page.locator('.previews__more .morebtn');
      const builtMore = await more.isHidden();
      const chip = page.locator(`.previews button.tagbtn[data-filter="${key}"]`);
      // Brought into view by script: a scroll is an engagement, which would start the runtime.
      await chip.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await chip.tap();
      await page.waitForSelector(`.previews[data-filter="${key}"][data-status="idle"]`);
      const drawn = await listIds(page);
      assert.ok(drawn.length > 0 && drawn.join() !== built.join(), `the filter's list: ${drawn}`);
      // The runtime would have started a frame after the tap, long before its answer was drawn.
      assert.equal(await page.getAttribute('html', 'data-boot'), 'waiting', 'the tap did not start the runtime');
      const all = page.locator('.previews button.tagbtn[data-filter="all"]');
      await all.tap();
      await page.waitForSelector('.previews[data-filter="all"][data-status="idle"]');
      assert.deepEqual(await listIds(page), built, "全部: the build's list again");
      assert.equal(await more.isHidden(), builtMore, '加载更多评价 as the page came');
      await chip.tap();
      await page.waitForSelector(`.previews[data-filter="${key}"][data-status="idle"]`);
      assert.deepEqual(await listIds(page), drawn, 'the filter again');
      assert.equal(await page.getAttribute('html', 'data-boot'), 'waiting', 'still without the runtime');
      // The shopper's next touch elsewhere (the heading, which does nothing) starts it.
      await page.locator('h1').first().tap();
      await hydrated(page);
      // The held taps replayed to React end on the chip's list.
      await page.waitForFunction(() => !document.querySelector('[data-held]'));
      await page.waitForSelector(`.previews[data-filter="${key}"][data-status="idle"]`);
      assert.deepEqual(await listIds(page), drawn, 'once hydrated, the list the shopper picked');
      assert.equal(await chip.getAttribute('aria-pressed'), 'true');
      assert.equal(await page.locator('.previews button.tagbtn[aria-pressed="true"]').count(), 1, 'one filter pressed');
    } finally {
      await context.close();
    }
  });

  // Once hydrated, what a tap shows first must not wait for the network (issue 40): each case
  // holds what its result waits for (a chunk, the next page's data) and checks the response
  // shows while it is held, then that the result comes once it is let go.
  test('once hydrated, a tap that waits for the network shows at once that it was taken: the viewer, a link, 赞', async () => {
    const hydratedPage = async () => {
      const t = await touchPage(MOBILE);
      await t.page.goto(site.base + REVIEW);
      await hydrated(t.page);
      await t.page.waitForLoadState('networkidle');
      return t;
    };
    const holdRequests = async (page: Page, pattern: string | RegExp) => {
      const held: (() => Promise<void>)[] = [];
      let open = false;
      await page.route(pattern, (route) => (open ? route.continue() : void held.push(() => route.continue())));
      return {
        held: () => held.length,
        release: async () => {
          open = true;
          for (const go of held.splice(0)) await go().catch(() => undefined);
        },
      };
    };

    // A picture: shown full-screen while the viewer's chunk is held, then the viewer with zoom.
    // The chunk is held from the page's start: the page asks for it once it has loaded and the
    // browser is idle (viewer-start.ts, warmViewer), so a tap finds it on its way at most.
    {
      const { page, context } = await touchPage(MOBILE);
      try {
        const held: (() => Promise<void>)[] = [];
        let open = false;
        await page.route('**/*.js', async (route) => {
          const response = await route.fetch();
          const body = await response.text();
          const go = () => route.fulfill({ response, body });
          if (!open && body.includes('viewer__swiper')) held.push(go);
          else await go();
        });
        await page.goto(site.base + REVIEW);
        await hydrated(page);
        await page.locator('.gallery__open').first().tap();
        await page.waitForSelector('.viewer--opening img');
        await waitFor("the viewer's chunk asked for", () => held.length > 0);
        assert.equal(await page.locator('.viewer--opening').count(), 1, 'the picture full-screen meanwhile');
        open = true;
        for (const go of held.splice(0)) await go();
        await page.waitForSelector('.viewer:not(.viewer--opening) .swiper-initialized');
      } finally {
        await context.close();
      }
    }
    // A related review: the navigation bar while the next page's data is held, gone once it shows.
    {
      const { page, context } = await hydratedPage();
      try {
        const data = await holdRequests(page, PAGE_DATA);
        const link = page.locator('a.related__item').first();
        const href = (await link.getAttribute('href'))!;
        await link.scrollIntoViewIfNeeded();
        await link.tap();
        // (The spec's prefetch may have brought the next page's data already: the bar shows either way.)
        await page.waitForSelector('html[data-navigating]', { state: 'attached' });
        await data.release();
        await page.waitForURL((u) => u.pathname === href);
        await page.waitForSelector('html:not([data-navigating])', { state: 'attached' });
      } finally {
        await context.close();
      }
    }
    // 赞 as a guest: pressed while the API client's chunk is held, then on to sign in.
    {
      const { page, context } = await hydratedPage();
      try {
        const scripts = await holdRequests(page, '**/*.js');
        await page.locator('.like').tap();
        // Pressed until the client knows the shopper is a guest, then the navigation's bar.
        await page.waitForSelector('.like[aria-busy="true"], html[data-navigating]', { state: 'attached' });
        await scripts.release();
        await page.waitForURL((u) => u.pathname.startsWith('/review/login'));
      } finally {
        await context.close();
      }
    }
  });

  // The e2e helper `hydrated` (helpers/site.ts) as a shopper does it: a page that reloads itself
  // just after the first engagement (a new service worker's update-ready reload) waits for an
  // engagement of its own, so the helper engages each new document. Once it waited for a flag
  // the new document never set (a clean-clone CI run: runtime.test's returning visit).
  test('a page that reloads itself at the first engagement hydrates at the next one: the helper engages each new document', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    try {
      // The first document reloads at the engagement's key, which its runtime never sees.
      await page.addInitScript(() => {
        if (sessionStorage.getItem('e2e-reloaded')) return;
        window.addEventListener(
          'keydown',
          (e) => {
            e.stopImmediatePropagation();
            sessionStorage.setItem('e2e-reloaded', '1');
            window.location.reload();
          },
          { capture: true, once: true },
        );
      });
      let documents = 0;
      page.on('domcontentloaded', () => {
        documents += 1;
      });
      await page.goto(site.base + REVIEW);
      await stepper('reload at engagement')('hydrated', 60_000, () => hydrated(page));
      assert.equal(documents, 2, 'the reload made a second document');
      assert.equal(await page.evaluate(() => sessionStorage.getItem('e2e-reloaded')), '1');
      assert.equal(await page.getAttribute('html', 'data-hydrated'), 'true');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
