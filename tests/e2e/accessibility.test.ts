// Accessibility of every page kind (issue 21 item 6, issue 26's accessibility 100): axe-core
// (npm `axe-core`, the engine Lighthouse's accessibility audits run) injected into the hydrated
// page in real Chromium, at desktop and mobile widths. Rules: WCAG 2.x A and AA plus axe's best
// practices (heading order, landmarks). Each failure names the page kind, width, rule and the
// elements it found.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  PUBLIC_DIR,
  ROOT,
  hydrated,
  launch,
  newPage,
  siteMissing,
  startSite,
  type Site,
} from './helpers/site';
import { pageKinds, type PageKind } from './helpers/page-kinds';

// Evaluated through the DevTools protocol: the site's CSP (rightly) refuses an injected <script>.
const AXE = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
  }>;
}

let site: Site;
let browser: Browser;
let kinds: PageKind[] = [];

describe('accessibility (axe-core) of every page kind', { skip: siteMissing }, () => {
  before(async () => {
    kinds = pageKinds(PUBLIC_DIR);
    site = await startSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    test(`${label} (${viewport.width}px): no axe violations on any page kind`, async () => {
      assert.equal(kinds.length, 10, 'ten page kinds');
      const failures: string[] = [];
      for (const k of kinds) {
        const { page, context } = await newPage(browser, viewport);
        await page.goto(site.base + k.urlPath);
        await hydrated(page);
        await page.evaluate(AXE);
        const result = (await page.evaluate(
          `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] })`,
        )) as AxeResult;
        for (const v of result.violations) {
          const nodes = v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ')} ${n.html.replace(/\s+/g, ' ').slice(0, 160)}`)
            .join('\n      ');
          failures.push(
            `${k.kind} (${k.urlPath}) ${label}: ${v.id} (${v.impact ?? '?'}) ${v.help}; ${v.nodes.length} element(s):\n      ${nodes}`,
          );
        }
        await context.close();
      }
      assert.ok(failures.length === 0, `axe violations:\n${failures.join('\n')}`);
    });

    // The photo viewer is plain script on <body> (issue 40), no part of any page's markup: checked open.
    test(`${label} (${viewport.width}px): no axe violations in the open photo viewer`, async () => {
      const review = kinds.find((k) => k.kind === 'review');
      assert.ok(review, 'a review page kind');
      const { page, context } = await newPage(browser, viewport);
      try {
        await page.goto(site.base + review.urlPath);
        await hydrated(page);
        await page.locator('.gallery__open').first().click();
        await page.waitForSelector('.viewer:not(.viewer--opening) .swiper-initialized');
        await page.evaluate(AXE);
        const result = (await page.evaluate(
          `axe.run('.viewer', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] })`,
        )) as AxeResult;
        const failures = result.violations.map((v) => `${v.id} (${v.impact ?? '?'}) ${v.help}: ${v.nodes[0]?.html}`);
        assert.deepEqual(failures, [], 'axe violations in the viewer');
      } finally {
        await context.close();
      }
    });
  }
});
