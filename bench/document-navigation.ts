// A tap on a related review -> the next review shown, on a phone (issue 40's islands question):
// Gatsby's client navigation on the hydrated page against the browser's own navigation between
// the same pages without the runtime (their `app` and `webpack-runtime` scripts and prefetch
// links taken out: what a page of islands would be). 412 px, touch, CPU 4x, slow 4G (150 ms,
// 1.6 Mbps), rounds alternated. A diagnostic, not a gated figure (docs/benchmarks.md).
//
//   node --import tsx bench/document-navigation.ts [public dir] [db file]
//   (defaults: public/ and var/test/storefront.sqlite, the e2e build; NAV_ROUNDS=5)
//
// Time: from the tap's click event to the first frame after the next review's <h1> is in the
// document: in the same document for the client navigation, in the new one for the browser's
// (both clocks are performance.timeOrigin based, so they compare across documents).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT } from './lib/data';
import { launchBrowser, serveBuiltSite } from './lib/serve';
import { vitalsTargets } from './vitals';

const ROUNDS = Number(process.env.NAV_ROUNDS ?? 5);

/** A copy of the site (hard links) whose pages have no runtime: the boot scripts and prefetch links taken out. */
function withoutRuntime(publicDir: string, dir: string): number {
  execFileSync('cp', ['-al', publicDir, dir]);
  let pages = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.name.endsWith('.html')) {
        const html = fs.readFileSync(f, 'utf8');
        const bare = html
          .replace(/<script src="\/review\/(?:webpack-runtime|app)-[0-9a-f]+\.js" async><\/script>/g, '')
          .replace(/<link rel="prefetch" href="[^"]*"\/>/g, '');
        if (bare === html) continue;
        fs.unlinkSync(f); // a hard link: the original stays as it is
        fs.writeFileSync(f, bare);
        pages++;
      }
    }
  };
  walk(dir);
  return pages;
}

// In the page, before its scripts: the tap's time, and the frame after an <h1> is in the document.
const PROBE = `(() => {
  window.__h1 = null;
  const seen = () => document.querySelector('h1');
  const mark = () => requestAnimationFrame(() => setTimeout(() => { window.__h1 = performance.timeOrigin + performance.now(); }, 0));
  const mo = new MutationObserver(() => { if (seen()) { mo.disconnect(); mark(); } });
  mo.observe(document, { subtree: true, childList: true });
  document.addEventListener('click', (e) => {
    if (!(e.target instanceof Element) || !e.target.closest('a')) return;
    window.__tap = performance.timeOrigin + e.timeStamp;
    sessionStorage.setItem('nav-tap', String(window.__tap));
  }, true);
})()`;

// The client navigation: the frame after the next review's heading is shown and nothing is loading.
const CLIENT_DONE = (href: string) => `new Promise((res) => {
  const done = () => requestAnimationFrame(() => setTimeout(() => res(Math.round(performance.timeOrigin + performance.now() - window.__tap)), 0));
  const ok = () => location.pathname === ${JSON.stringify(href)} && document.querySelector('h1')
    && !document.querySelector('.review[aria-busy="true"]') && !document.documentElement.hasAttribute('data-navigating');
  if (ok()) return done();
  const mo = new MutationObserver(() => { if (ok()) { mo.disconnect(); done(); } });
  mo.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
})`;

async function once(browser: Browser, base: string, from: string, hydrated: boolean): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  try {
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto(base + from, { waitUntil: 'load' });
    if (hydrated) await page.waitForSelector('html[data-hydrated="true"]', { timeout: 60_000 });
    const link = page.locator('.review__aside a[href^="/review/"]').first();
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no related review link on ${from}`);
    await link.scrollIntoViewIfNeeded();
    // Settled: what the scroll started (a section hydrating near the view, the pictures) is done.
    await page.evaluate('new Promise((r) => requestIdleCallback(() => setTimeout(r, 1000), { timeout: 5000 }))');
    const box = await link.boundingBox();
    if (!box) throw new Error('the related review link has no box');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + Math.min(10, box.height / 2));
    await page.waitForURL((u) => u.pathname === href, { waitUntil: 'commit', timeout: 30_000 });
    if ((await page.evaluate('window.__tap !== undefined')) === true)
      return (await page.evaluate(CLIENT_DONE(href))) as number;
    // A new document: its own probe marks the frame after its heading.
    for (let i = 0; i < 600; i++) {
      const v = await page
        .evaluate("window.__h1 ? Math.round(window.__h1 - Number(sessionStorage.getItem('nav-tap'))) : null")
        .catch(() => null);
      if (typeof v === 'number') return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the next review's heading never showed (${href})`);
  } finally {
    await context.close();
  }
}

async function main() {
  const publicDir = path.resolve(process.argv[2] ?? path.join(ROOT, 'public'));
  const dbFile = path.resolve(process.argv[3] ?? path.join(ROOT, 'var', 'test', 'storefront.sqlite'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'document-navigation-'));
  const bare = path.join(tmp, 'public');
  const from = `/review${vitalsTargets(publicDir).find(([k]) => k === 'review')![1]}`;
  console.log(`pages without the runtime: ${withoutRuntime(publicDir, bare)} (${bare})`);
  fs.mkdirSync(path.join(tmp, 'media'));
  const sites = [
    {
      name: 'hydrated, client navigation',
      served: await serveBuiltSite({ tmp } as never, publicDir, dbFile),
      hydrated: true,
    },
    {
      name: 'no runtime, the browser navigates',
      served: await serveBuiltSite({ tmp } as never, bare, dbFile),
      hydrated: false,
    },
  ];
  const browser = await launchBrowser();
  const times = sites.map(() => [] as number[]);
  try {
    for (let r = 0; r < ROUNDS; r++)
      for (const [i, s] of sites.entries()) {
        const ms = await once(browser, s.served.base, from, s.hydrated);
        times[i].push(ms);
        console.log(`round ${r + 1}, ${s.name}: ${ms} ms`);
      }
  } finally {
    await browser.close();
    for (const s of sites) await s.served.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\nfrom ${from}, a related review tapped -> its heading shown (CPU 4x, slow 4G, ${ROUNDS} rounds):`);
  for (const [i, s] of sites.entries())
    console.log(`  ${s.name}: median ${median(times[i])} ms (${times[i].join(', ')})`);
  console.log(`  ratio: ${(median(times[1]) / median(times[0])).toFixed(2)}x`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
