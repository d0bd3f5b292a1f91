// The shell's header, the page's main content and the download bar hydrate in passes of their
// own after the root's (issue 26, src/components/common/Island.tsx), so no one task hydrates
// and commits the whole page. Seen at Gatsby's onInitialClientRender (an effect of the app
// root, run once the root's pass has committed): the page's shell is React's then, the parts in
// islands not yet; they are soon after. And they hydrate: the server's elements are still the
// page's once every part is React's (a part React renders afresh instead, after an update reached
// it before it hydrated, replaces them: recoverable error 421, which gatsby-browser.tsx drops).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pagesByKind } from '../../bench/page-weight';
import { MOBILE, PUBLIC_DIR, hydrated, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';

/** What is React's at the root's commit (a string: tsx's __name breaks functions passed in). */
const recordAtRootCommit = (context: BrowserContext) =>
  context.addInitScript(`(() => {
  var mark = performance.mark.bind(performance);
  var own = function (sel) {
    var el = document.querySelector(sel);
    return el ? Object.keys(el).some(function (k) { return k.indexOf('__reactProps$') === 0; }) : null;
  };
  document.addEventListener('DOMContentLoaded', function () {
    window.__serverNodes = {
      header: document.querySelector('header.hdr a'),
      main: document.querySelector('#main h1'),
      bar: document.querySelector('.dlbar__cta'),
    };
  });
  performance.mark = function (name) {
    if (name === 'onInitialClientRender' && !window.__atRootCommit)
      window.__atRootCommit = { shell: own('.page'), header: own('header.hdr'), main: own('#main h1') };
    return mark.apply(performance, arguments);
  };
})()`);

const SELECTORS = { shell: '.page', header: 'header.hdr', main: '#main h1' } as const;
const ownedNow = (page: Page) =>
  page.evaluate((sels) => {
    const out: Record<string, boolean | null> = {};
    for (const [part, sel] of Object.entries(sels)) {
      const el = document.querySelector(sel);
      out[part] = el ? Object.keys(el).some((k) => k.startsWith('__reactProps$')) : null;
    }
    return out;
  }, SELECTORS);

let site: Site;
let browser: Browser;

describe('the header and the main content hydrate after the root', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  const kinds = siteMissing ? {} : pagesByKind(PUBLIC_DIR);
  for (const kind of ['review', 'home', 'haul', 'category', 'product'] as const) {
    test(`${kind}: not in the root's pass, hydrated soon after`, async () => {
      const sitePath = kinds[kind];
      assert.ok(sitePath, `a built ${kind} page`);
      const { page, context, problems } = await newPage(browser, MOBILE);
      await recordAtRootCommit(context);
      await page.goto(`${site.base}/review${sitePath}`);
      await hydrated(page);
      const atRoot = await page.evaluate(() => (window as unknown as { __atRootCommit?: unknown }).__atRootCommit);
      assert.deepEqual(atRoot, { shell: true, header: false, main: false });
      await page.waitForFunction(
        (sels) =>
          [sels.header, sels.main].every((s) =>
            Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith('__reactProps$')),
          ),
        SELECTORS,
      );
      assert.deepEqual(await ownedNow(page), { shell: true, header: true, main: true });
      // The download bar is its own island too: wait for it, then check that nothing was replaced.
      await page.waitForFunction(() =>
        Object.keys(document.querySelector('.dlbar__cta') ?? {}).some((k) => k.startsWith('__reactProps$')),
      );
      const kept = await page.evaluate(() => {
        const nodes = (window as unknown as { __serverNodes: Record<string, Element | null> }).__serverNodes;
        return Object.fromEntries(Object.entries(nodes).map(([k, el]) => [k, el ? el.isConnected : null]));
      });
      assert.deepEqual(kept, { header: true, main: true, bar: true }, 'the server markup was hydrated, not replaced');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
