// Shared e2e fixtures: the reference API and the built site on one origin (as `npm start`
// serves them) on a random loopback port, over a private copy of the database the site was
// built from (scripts/build-site.ts), and a real Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { startServer, type RunningServer, type StartOptions } from '../../../server/main';
import { registerSite } from '../../../server/site';
import { remainingMs } from '../../helpers/deadline';
import { PUBLIC_DIR, TEST_DB, TEST_MEDIA } from '../../helpers/built-site';

// The shared site (built by npm test beside the runner; importing built-site waits for it).
export { ROOT, PUBLIC_DIR, TEST_DB, siteMissing } from '../../helpers/built-site';

export interface Site {
  base: string;
  server: RunningServer;
  dbFile: string;
  codes: Map<string, string>;
  close(): Promise<void>;
}

/** `extra`: more server options (an editor token, a build queue, another site directory). */
export async function startSite(extra: Partial<StartOptions> = {}): Promise<Site> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-db-'));
  const dbFile = path.join(dir, 'storefront.sqlite');
  // A consistent copy: the WAL of the source is checkpointed by better-sqlite3's backup.
  const Database = (await import('better-sqlite3')).default;
  const src = new Database(TEST_DB, { readonly: true });
  await src.backup(dbFile);
  src.close();
  const codes = new Map<string, string>();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile,
    mediaDir: TEST_MEDIA,
    devCodeLog: (phone, code) => codes.set(phone, code),
    // A review without a static page is rendered by the site server; a request waits 10 s for
    // its render (RENDER_ANSWER_MS), then gets the fallback. The first render starts a render
    // process, which beside two CPU hogs took over 10 s (status-pages then saw the fallback,
    // not the rendered page). Here a request waits as long as a test's action may: the tests
    // check what is served, and the 10 s fallback has its own test (deferred-faults).
    configure: (app) => registerSite(app, PUBLIC_DIR, { render: { answerMs: actionTimeout() } }),
    ...extra,
  });
  // "localhost", not 127.0.0.1: Gatsby registers its service worker only on https or localhost.
  const base = server.url.replace('127.0.0.1', 'localhost');
  return {
    base,
    server,
    dbFile,
    codes,
    close: async () => {
      server.app.server.closeAllConnections(); // a context a failed test left open holds none
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * How long one Playwright action or wait may take: 90 s, never more than what is left of the
 * file's limit. Playwright's own 30 s was the deadline that failed tests on a machine at a load
 * average of 25 (a page that hydrated after 31 s); what a shopper waits for is measured by the
 * bench (docs/benchmarks.md), the tests check that it happens.
 */
export const actionTimeout = () => Math.max(1_000, Math.min(90_000, remainingMs()));

/**
 * Service workers are blocked in a test's context unless it asks for them (`serviceWorkers:
 * 'allow'`): the tests about the worker do (runtime, boot, status-pages, takedown). Allowed, every
 * fresh context installs gatsby-plugin-offline's worker, which fetches and stores the site's
 * whole precache list (48 scripts and the app shell) in the background: 1.5 CPU s a context
 * (ten contexts of two page loads: 32.1 CPU s allowed, 17.1 blocked), about a hundred contexts a
 * run (docs/reliability.md). Blocked, page.route also sees every request.
 */
const SERVICE_WORKERS_DEFAULT = 'block' as const;
/**
 * Playwright's warning and Gatsby's error when the test blocked the worker: the harness's doing,
 * not the site's.
 */
const BLOCKED_WORKER =
  /^(warning: Service Worker registration blocked by Playwright|error: Error during service worker registration)/;

/**
 * Chromium, whose every context (newContext, newPage) starts with `actionTimeout()` as its
 * default timeout, and with service workers blocked unless the options allow them.
 */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    timeout: actionTimeout(),
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ serviceWorkers: SERVICE_WORKERS_DEFAULT, ...options });
    context.setDefaultTimeout(actionTimeout());
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage({ serviceWorkers: SERVICE_WORKERS_DEFAULT, ...options });
    page.context().setDefaultTimeout(actionTimeout());
    return page;
  };
  return browser;
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

/**
 * A page in a fresh context that records console errors and warnings (hydration mismatches
 * are console errors in React 18), uncaught errors and failed same-origin requests; `touch`:
 * a touch phone.
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
  opts: { timezoneId?: string; serviceWorkers?: 'allow' | 'block'; touch?: boolean } = {},
): Promise<WatchedPage> {
  const serviceWorkers = opts.serviceWorkers ?? SERVICE_WORKERS_DEFAULT;
  const context = await browser.newContext({
    viewport,
    timezoneId: opts.timezoneId,
    serviceWorkers,
    locale: 'zh-CN',
    // A touch phone: taps, touch events and a mobile viewport.
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const blocked = serviceWorkers === 'block';
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    // Chromium's "Failed to load resource" text does not name the resource: its URL is the
    // message's location, appended here so a test can tell which request failed.
    const url = /^Failed to load resource/.test(m.text()) ? m.location().url : '';
    const text = `${m.type()}: ${m.text()}${url ? ` (${url})` : ''}`;
    if (!(blocked && BLOCKED_WORKER.test(text))) problems.push(text);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return { page, context, problems };
}

/** The inner texts of what `sel` matches, each trimmed. */
export const innerTexts = (page: Page, sel: string): Promise<string[]> =>
  page
    .locator(sel)
    .allInnerTexts()
    .then((t) => t.map((s) => s.trim()));

/** Requests for Gatsby's page data. */
export const PAGE_DATA = /\/review\/page-data\//;

/**
 * The page's data held until `release()`: Gatsby hydrates a page only once it has its data, so
 * a test acts while the page cannot hydrate, however fast or slow the machine, then lets it go.
 * Service workers must be blocked in the page's context (a worker's cache would answer first).
 */
export async function holdHydration(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route(PAGE_DATA, (route) => {
    if (open) return route.continue();
    held.push(route);
    return undefined;
  });
  return {
    held: () => held.length,
    release: async () => {
      open = true;
      await Promise.all(held.splice(0).map((r) => r.continue().catch(() => undefined)));
    },
  };
}

/**
 * Waits until what a shopper sees has come to rest: no CSS transition or animation running,
 * then two frames painted. Never a fixed time (tests must hold on a busy machine).
 */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/**
 * The shopper engages the page, as a first touch, key or pointer does (src/boot/engagement.ts:
 * Gatsby's runtime starts then, not before): a press of Shift, which does nothing else. Once the
 * page listens for it (`html[data-boot]`, set by the site's entry script as it arms its
 * listeners): a press right after a navigation's commit went to a document not yet listening,
 * and the page then waited for an engagement that had come and gone (a CI run: runtime.test's
 * "second visit" never hydrated).
 */
export async function engage(page: Page) {
  await page.waitForSelector('html[data-boot]', { state: 'attached' });
  await page.keyboard.press('Shift');
}

/**
 * A new document in the page (its DOMContentLoaded: a same-document navigation, as the router's
 * replaceState, has none): resolves then; `off` stops watching.
 */
function nextDocument(page: Page): { loaded: Promise<void>; off: () => void } {
  let off = () => undefined as void;
  const loaded = new Promise<void>((resolve) => {
    const on = () => resolve();
    page.once('domcontentloaded', on);
    off = () => page.off('domcontentloaded', on);
  });
  return { loaded, off };
}

/**
 * Engages the page (the runtime starts on engagement) and waits until React has hydrated it:
 * gatsby-browser.tsx sets the flag from Gatsby's onInitialClientRender, an effect of the app
 * root, which runs once the whole tree has hydrated; then until the page has settled.
 * A page that reloads itself after the engagement (a new service worker's update-ready reload,
 * src/boot/reader-runtime.ts) is engaged again, as a shopper taps again: the new document waits
 * for its own engagement (a clean-clone CI run: runtime.test's returning visit never hydrated).
 */
export async function hydrated(page: Page) {
  for (let documents = 1; ; documents++) {
    const next = nextDocument(page);
    await engage(page);
    const flag = page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    flag.catch(() => undefined); // still pending when a new document came: not this call's
    const result = await Promise.race([flag.then(() => 'hydrated' as const), next.loaded.then(() => 'new' as const)]);
    next.off();
    if (result === 'hydrated') break;
    if (documents >= 4) throw new Error(`the page loaded ${documents} documents in turn and hydrated none`);
  }
  await settled(page);
}

/**
 * A time for a gesture's first touch (seconds since the epoch, as CDP's touch events take them):
 * `back` seconds ago, so the gesture's steps are stamped with their own times however late a busy
 * machine dispatches them, but never before the page's time origin: the page would read such an
 * event's `timeStamp` as 0, and the gesture as quicker than it was.
 */
export async function gestureStart(page: Page, back: number): Promise<number> {
  const origin = await page.evaluate(() => performance.timeOrigin);
  return Math.max(Date.now() / 1000 - back, origin / 1000 + 0.001);
}

/**
 * A finger moved leftwards across `box` at mid-height, from 80 % to 20 % of its width, as CDP
 * touch events (they reach the page through Chromium's input pipeline, like a real swipe). The
 * events carry their own times: a finger that takes 100 ms over the distance and rests 100 ms
 * before it lifts, so the browser sees the same slow swipe on a busy machine. Without them it
 * timed the events as they arrived, and on a loaded machine two moves arriving together made a
 * fling that carried the strip past the next picture (1 run in 3 beside two CPU hogs).
 */
export async function swipeLeft(
  context: BrowserContext,
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  const y = box.y + box.height / 2;
  const cdp = await context.newCDPSession(page);
  const t0 = await gestureStart(page, 0.5);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, at: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      timestamp: t0 + at,
    });
  await touch('touchStart', box.x + box.width * 0.8, 0);
  for (let i = 1; i <= 6; i++) await touch('touchMove', box.x + box.width * (0.8 - 0.1 * i), 0.016 * i);
  await touch('touchMove', box.x + box.width * 0.2, 0.2);
  // The finger rests before it lifts, so the strip comes to rest from where the finger is, past
  // half a picture: the next one. Lifted at once, a swipe beside two CPU hogs once came to rest
  // on the first picture again (a CI run; the cause not pinned down).
  await touch('touchMove', box.x + box.width * 0.2, 0.4);
  await touch('touchEnd', box.x + box.width * 0.2, 0.41);
}

/** The dev SMS code the server issued for a phone (the server hands it over as it issues it). */
export async function smsCode(site: Site, phone: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const c = site.codes.get(phone);
    if (c) return c;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code was issued for ${phone}`);
}

/**
 * Evaluates fn in the page until it returns non-null (Playwright's waitForFunction takes a
 * returned promise as truthy at once, microsoft/playwright#29132, so asynchronous checks are
 * polled here).
 */
export async function pollPage<T, A = undefined>(
  page: Page,
  what: string,
  fn: (arg: A) => Promise<T | null>,
  arg?: A,
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = (await page.evaluate(fn as (arg: unknown) => Promise<T | null>, arg)) as T | null;
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A test's steps, each within a limit of its own: a step that stalls (a browser call without a
 * limit of its own, such as `page.evaluate` or `context.close`) fails the test by the step's name
 * and what the steps before it took, instead of running into the test's whole limit unnamed.
 * Progress goes to stderr as it happens, so a run cut short still shows the last step started.
 */
export function stepper(label: string) {
  const done: string[] = [];
  return async function step<T>(name: string, limitMs: number, fn: () => Promise<T>): Promise<T> {
    const start = Date.now();
    if (process.env.E2E_STEPS === '1') process.stderr.write(`[${label}] ${name} ...\n`);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        fn(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(
                  `step "${name}" did not finish in ${limitMs / 1000} s (steps before it: ${done.join(', ') || 'none'})`,
                ),
              ),
            limitMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
      done.push(`${name} ${((Date.now() - start) / 1000).toFixed(1)} s`);
    }
  };
}

/**
 * Waits until the service worker can answer a navigation to `sitePath` (`/1/2/`) from its cache:
 * gatsby-plugin-offline records each visited or prefetched page's resources in idb-keyval's
 * store and serves its app shell for a page only once every one of them is in its caches.
 */
export const workerHoldsPage = (page: Page, sitePath: string) =>
  pollPage(
    page,
    `the worker caching the resources of ${sitePath}`,
    async (key) => {
      const resources = await new Promise<string[] | undefined>((resolve) => {
        const open = indexedDB.open('keyval-store');
        // Not there yet: do not create it. A store made here, at version 1 without the worker's
        // object store, would keep idb-keyval (which opens version 1) from ever creating it.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          try {
            const get = open.result.transaction('keyval', 'readonly').objectStore('keyval').get(key);
            get.onsuccess = () => resolve(get.result as string[] | undefined);
            get.onerror = () => resolve(undefined);
          } catch {
            resolve(undefined);
          }
        };
      });
      if (!resources?.length) return null;
      for (const r of resources) if (!(await caches.match(r))) return null;
      return true;
    },
    `resources:${sitePath}`,
  );
