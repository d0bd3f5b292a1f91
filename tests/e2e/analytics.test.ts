// Site analytics off the main thread (issue 11, defect 8; docs/analytics.md), in real Chromium
// on the built site:
// (a) as built and served by default (no site id): on every page kind, after the delayed-load
//     hook has fired, nothing of Partytown or the proxy is requested and no request leaves
//     the machine;
// (b) with a site id set at run time (window.__ANALYTICS__, and the server's proxy configured
//     with the same id, fetching from a loopback stand-in for hm.baidu.com): nothing is
//     requested until the 1000 ms hook fires (fake clock: the order of events, not timing),
//     then the script is fetched through the proxy by Partytown's web worker and runs there,
//     never on the main thread.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { installErrorHandlers } from '../../server/errors';
import { registerSite } from '../../server/site';
import { siteConfig } from '../../src/site-config';
import { DELAYED_LOAD_MARK, DELAYED_LOAD_MS } from '../../src/hooks/use-delayed-load';
import { withPrefix } from '../../src/paths';
import { pagesByKind } from '../../bench/page-weight';
import { DESKTOP, PUBLIC_DIR, hydrated, launch, newPage, siteMissing, startSite } from './helpers/site';

const SITE_ID = '0123456789abcdef0123456789abcdef';
const THIRD_PARTY = /\/~partytown\/|\/__third-party-proxy/;
const isLoopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

let browser: Browser;
before(async () => {
  if (!siteMissing) browser = await launch();
});
after(async () => {
  await browser?.close();
});

const partytownInDom = (p: Page) =>
  p.evaluate(() => ({
    tags: document.querySelectorAll('script[type^="text/partytown"]').length,
    lib: document.querySelectorAll('script[src*="~partytown"], iframe[src*="~partytown"]').length,
    config: 'partytown' in window,
  }));

describe('analytics unconfigured (the default)', { skip: siteMissing }, () => {
  test(
    'no Partytown, no proxy and no off-machine request on any page kind, after the hook fired',
    { timeout: 300_000 },
    async () => {
      assert.equal(siteConfig.analyticsSiteId, null, 'the tests run without GATSBY_ANALYTICS_SITE_ID');
      const site = await startSite(); // registerSite's defaults, as `npm start` serves
      try {
        const pages: Record<string, string> = {
          ...pagesByKind(PUBLIC_DIR),
          about: '/about/',
          notFound: '/no-such-page/',
        };
        assert.ok(
          pages.review && pages.category && pages.product && pages.haul,
          `page kinds found: ${Object.keys(pages).join(', ')}`,
        );
        for (const [kind, path] of Object.entries(pages)) {
          // Partytown, which runs the analytics script, works through a service worker.
          const { page, context } = await newPage(browser, DESKTOP, { serviceWorkers: 'allow' });
          const requests: string[] = [];
          const offMachine: string[] = [];
          context.on('request', (r) => requests.push(r.url()));
          await context.route('**/*', (route) => {
            const url = new URL(route.request().url());
            if (isLoopback(url) || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
            offMachine.push(url.href);
            return route.abort();
          });
          await page.goto(site.base + withPrefix(path));
          await hydrated(page);
          // Pages in the shell carry the hook; the 404 page (spec: only the text 404) has none.
          if (await page.$('footer.ftr')) {
            await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, DELAYED_LOAD_MARK);
            // The hook's state update renders and runs the effect within a few tasks: two frames
            // later a configured page holds its Partytown tags.
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          } else {
            assert.equal(kind, 'notFound', `${kind} page without the shell`);
          }
          await page.waitForLoadState('networkidle');
          assert.deepEqual(await partytownInDom(page), { tags: 0, lib: 0, config: false }, kind);
          assert.deepEqual(
            requests.filter((u) => THIRD_PARTY.test(u)),
            [],
            `${kind}: Partytown or proxy requests`,
          );
          assert.deepEqual(offMachine, [], `${kind}: requests leaving the machine`);
          assert.deepEqual(
            requests.filter((u) => !isLoopback(new URL(u)) && !/^(data|blob):/.test(u)),
            [],
            kind,
          );
          await context.close();
        }
      } finally {
        await site.close();
      }
    },
  );
});

interface Beacon {
  worker: string;
  title: string;
}

describe('analytics configured at run time', { skip: siteMissing }, () => {
  let upstream: http.Server;
  let app: FastifyInstance;
  let base = '';
  const scriptHits: string[] = [];
  const proxyRequests: { url: string; dest: string | undefined }[] = [];
  let beacon: (b: Beacon) => void;
  const beaconSeen = new Promise<Beacon>((r) => {
    beacon = r;
  });

  before(async () => {
    // hm.baidu.com's stand-in: hm.js reports, like Tongji's hm.gif image beacon, where it ran.
    upstream = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      const self = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
      if (url.pathname === '/hm.js') {
        scriptHits.push(req.url ?? '');
        res.setHeader('content-type', 'application/javascript');
        // DedicatedWorkerGlobalScope exists only in a dedicated worker; document.title comes
        // through Partytown from the page; __tongjiRan must not appear on the main window.
        return res.end(`(function(){
          window.__tongjiRan = 1;
          var q = 'worker=' + typeof DedicatedWorkerGlobalScope + '&title=' + encodeURIComponent(document.title);
          new Image().src = ${JSON.stringify(`${self}/hm.gif?`)} + q;
        })();`);
      }
      if (url.pathname === '/hm.gif') {
        beacon({ worker: url.searchParams.get('worker') ?? '', title: url.searchParams.get('title') ?? '' });
        res.setHeader('content-type', 'image/gif');
        res.setHeader('access-control-allow-origin', '*');
        return res.end(Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64'));
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const upstreamBase = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
    app = Fastify();
    installErrorHandlers(app);
    app.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/__third-party-proxy'))
        proxyRequests.push({ url: req.url, dest: req.headers['sec-fetch-dest'] as string | undefined });
    });
    await registerSite(app, PUBLIC_DIR, {
      analyticsSiteId: SITE_ID,
      resolveUpstream: (u) => {
        const x = new URL(u);
        return `${upstreamBase}${x.pathname}${x.search}`;
      },
    });
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
  });
  after(async () => {
    await app?.close();
    upstream?.closeAllConnections();
    upstream?.close();
  });

  test(
    "after the 1000 ms hook, the script is fetched by Partytown's worker through the proxy and runs there, not on the main thread",
    { timeout: 120_000 },
    async () => {
      // Partytown, which runs the analytics script, works through a service worker.
      const { page, context } = await newPage(browser, DESKTOP, { serviceWorkers: 'allow' });
      await context.addInitScript((id) => {
        (window as unknown as { __ANALYTICS__: unknown }).__ANALYTICS__ = { siteId: id };
      }, SITE_ID);
      const thirdParty: string[] = [];
      context.on('request', (r) => {
        if (THIRD_PARTY.test(r.url())) thirdParty.push(r.url());
      });
      // Page time stands still until the test moves it: the hook's timer cannot fire early.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.goto(`${base}${withPrefix('/about/')}`);
      // Gatsby starts hydration from a timer: step page time 1 ms at a time until it is done.
      // The hook's timer starts in the commit that sets the flag (its effect runs just before
      // Gatsby's onInitialClientRender), so in the last step: due in 999 to 1000 ms from now.
      // The shopper's first touch (src/boot/engagement.ts): the page waits for it to hydrate.
      for (let steps = 0; !(await page.$('html[data-boot]')); steps++) {
        assert.ok(steps < 5000, 'the runtime starts');
        await page.clock.runFor(1);
      }
      if ((await page.getAttribute('html', 'data-boot')) === 'waiting') await page.keyboard.press('Shift');
      for (let steps = 0; !(await page.$('html[data-hydrated="true"]')); steps++) {
        assert.ok(steps < 5000, 'the page hydrates');
        await page.clock.runFor(1);
      }

      // (The fake clock replaces window.performance, so the hook's User Timing mark is not
      // visible here: the DOM and the requests tell whether it fired.)
      await page.clock.runFor(DELAYED_LOAD_MS - 2);
      assert.deepEqual(
        await partytownInDom(page),
        { tags: 0, lib: 0, config: false },
        'the hook has not fired before 1000 ms',
      );
      assert.equal(
        thirdParty.length + proxyRequests.length,
        0,
        `nothing third-party requested before the hook: ${thirdParty.join(', ')}`,
      );

      // Past 1000 ms the hook waits for an idle period (issue 26): the fake clock runs idle
      // callbacks within 50 ms.
      await page.clock.runFor(2 + 50);
      await page.waitForFunction(() => document.querySelector('script[type="text/partytown"]') != null, null, {
        polling: 50,
      });
      await page.clock.resume(); // Partytown and the script run on real time from here

      const b = await beaconSeen;
      assert.equal(b.worker, 'function', 'the script ran in a dedicated worker');
      assert.equal(b.title, await page.title(), "with the page's document through Partytown");
      assert.equal(
        await page.evaluate(() => (window as unknown as { __tongjiRan?: number }).__tongjiRan),
        undefined,
        'its globals are not on the main window',
      );

      // The script tag the main thread holds is inert (text/partytown, which Partytown renames to
      // text/partytown-x once it has run the script) and points at the proxy.
      const tags = await page.$$eval('script[src*="__third-party-proxy"]', (ss) =>
        ss.map((s) => [s.getAttribute('type'), s.getAttribute('src')]),
      );
      const tag = `/__third-party-proxy?url=${encodeURIComponent(`https://hm.baidu.com/hm.js?${SITE_ID}`)}`;
      assert.deepEqual(tags, [['text/partytown-x', tag]]);
      // Fetched once, by fetch() from the worker (Sec-Fetch-Dest "empty"), never as a <script>.
      assert.deepEqual(proxyRequests, [{ url: tag, dest: 'empty' }]);
      assert.deepEqual(scriptHits, [`/hm.js?${SITE_ID}`]);
      // Order: Partytown's library, then the script through the proxy.
      const lib = thirdParty.findIndex((u) => u.endsWith('/review/~partytown/partytown.js'));
      const script = thirdParty.findIndex((u) => u.includes('/__third-party-proxy'));
      assert.ok(lib >= 0 && script > lib, thirdParty.join('\n'));
      await context.close();
    },
  );
});
