// Security headers in real Chromium (issue 12, item 5): no page of any kind logs a
// Content-Security-Policy violation while it loads, hydrates and starts its lazy parts
// (Gatsby's inline scripts are allowed by hash, nothing else inline runs), and no page can be
// framed by another origin (the login page and the like button were framable).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, engage, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';

const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
  });`;

describe('security headers in the browser', { skip: siteMissing }, () => {
  let site: Site;
  let browser: Browser;
  let paths: string[] = [];
  before(async () => {
    site = await startSite();
    browser = await launch();
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=10&category=0`)
    ).json()) as HaulResponse;
    const d = feed.waterFall.waterDrops[0];
    paths = [
      '/review/',
      `/review/${d.productId}/${d.commentId}/`,
      `/review/pd/${d.productId}/`,
      '/review/category/8/',
      '/review/haul/',
      '/review/merchants/',
      '/review/articles/',
      '/review/about/',
      '/review/login/',
      '/review/privacy/',
      `/review/haul-detail/?productId=${d.productId}&commentId=${d.commentId}`,
      '/review/no-such-section/page/',
      '/review/999999999/999999999/',
    ];
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  async function violationsOf(page: Page, problems: string[], url: string): Promise<string[]> {
    const res = await page.goto(url);
    assert.ok(res, url);
    await engage(page);
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    // Scroll through the page so lazy parts (carousels, the mega-menu chunk on hover) start.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const recorded = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    return [...recorded, ...problems.filter((p) => /Content Security Policy|Refused to/i.test(p))];
  }

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`no page kind logs a CSP violation at ${viewport.width} px`, async () => {
      const { page, context, problems } = await newPage(browser, viewport);
      await context.addInitScript(RECORD_VIOLATIONS);
      try {
        for (const p of paths) {
          problems.length = 0;
          const v = await violationsOf(page, problems, site.base + p);
          assert.deepEqual(v, [], `${p}: ${v.join(' | ')}`);
          assert.match((await page.evaluate(() => document.title)) || 'x', /./);
        }
        if (viewport === DESKTOP) {
          await page.goto(`${site.base}/review/about/`);
          await engage(page);
          await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
          await page.hover('.dnav__top');
          await page.waitForSelector('.mega a');
          assert.deepEqual(
            await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
            [],
          );
        }
      } finally {
        await context.close();
      }
    });
  }

  test('another origin cannot frame the login page or a review page', async () => {
    // A second loopback server on another port: another origin.
    const evil: FastifyInstance = Fastify();
    const targets = [`${site.base}/review/login/`, `${site.base}${paths[1]}`];
    evil.get('/', (_req, reply) =>
      reply.type('text/html').send(targets.map((t, i) => `<iframe id="f${i}" src="${t}"></iframe>`).join('')),
    );
    const origin = await evil.listen({ host: '127.0.0.1', port: 0 });
    const { page, context } = await newPage(browser, DESKTOP);
    try {
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (/frame-ancestors|Refused to frame/i.test(m.text())) blocked.push(m.text());
      });
      await page.goto(origin);
      await page.waitForLoadState('networkidle');
      for (const t of targets) {
        const frame = page.frames().find((f) => f !== page.mainFrame() && f.url() === t);
        // A blocked frame never holds the page: Chromium swaps in its error document.
        const framed = frame
          ? await frame.evaluate(() => !!document.querySelector('#gatsby-focus-wrapper')).catch(() => false)
          : false;
        assert.equal(framed, false, `${t} must not render inside another origin's frame`);
      }
      assert.ok(blocked.length >= targets.length, `Chromium reported the refusals: ${blocked.join(' | ')}`);
    } finally {
      await context.close();
      await evil.close();
    }
  });
});
