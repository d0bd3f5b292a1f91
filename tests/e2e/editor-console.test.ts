// The editor console at /editor/ (issue 13, "Editor console") walked in Chromium at 1280 and
// 375 wide: sign in with the token, the build list with live progress, "重新发布", a build's
// report (skipped reviews and why), a failed build's reason, rollback, takedown and restore.
//
// Everything behind the page is real (the server, its token check, the build queue, its history
// file, releases published and switched on disk, the takedowns table) except the build itself:
// a gatsby build takes minutes, so the runner here publishes the e2e build's public/ as a new
// release, printing Gatsby's step lines as it goes and waiting at a gate the test opens, so the
// live progress can be watched. Real builds through the same queue are tested in
// tests/integration/editor/builds.test.ts.
import { test, before, after, afterEach, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, PUBLIC_DIR, launch, newPage, siteMissing, startSite, type Site } from './helpers/site';
import { BuildHistory } from '../../server/builds/history';
import { BuildQueue, type BuildRunner } from '../../server/builds/queue';
import { currentRelease, publish } from '../../server/publish/releases';
import type { HaulResponse } from '../../src/storefront/types';

const TOKEN = 'e2e-editor-token-0123456789';
const WAIT = { timeout: 60_000 };
/** A reason that would be markup if the console ever wrote server text as HTML. */
const HOSTILE_REASON = '<img src=x onerror="document.title=1">缺少图片';

let site: Site;
let browser: Browser;
let releasesRoot: string;
let queue: BuildQueue;

/** What the next build does: wait for the gate (when set), then publish or fail. */
const plan: { gate: Promise<void> | null; fail: string | null; skipped: number } = {
  gate: null,
  fail: null,
  skipped: 0,
};

const runner: BuildRunner = async (_build, { output }) => {
  output.write('info Sourcing from the storefront API\n');
  output.write('success Reading the review feed - 0.100s\n');
  output.write('success Fetching review details - 0.200s\n');
  if (plan.gate) await plan.gate;
  if (plan.fail) {
    output.write(`ERROR ${plan.fail}\n`);
    throw new Error(plan.fail);
  }
  output.write('success Building static HTML for pages - 0.300s - 3/3 10.00/s\n');
  const r = await publish(PUBLIC_DIR, releasesRoot);
  const skipped = Array.from({ length: plan.skipped }, (_, i) => ({
    productId: '100001',
    commentId: String(5_000_000 + i),
    reason: HOSTILE_REASON,
  }));
  return { releaseId: r.id, pages: 1200, skipped };
};

let openPending: (() => void) | null = null;
function gate(): () => void {
  let open!: () => void;
  plan.gate = new Promise<void>((r) => (open = r));
  openPending = () => {
    plan.gate = null;
    openPending = null;
    open();
  };
  return openPending;
}

async function signIn(page: Page) {
  await page.goto(`${site.base}/editor/`);
  await page.getByLabel('编辑令牌').fill(TOKEN);
  await page.getByRole('button', { name: '登录' }).click();
  await page.locator('#console').waitFor(WAIT);
}

/** The API's answer for one review (410 while it is taken down). */
const detailOf = (r: { productId: string; commentId: string }) =>
  `${site.base}/api/v1/product-comment/products/${r.productId}/comments?commentId=${r.commentId}`;

const card = (page: Page, id: string) => page.locator(`li.build[data-id="${id}"]`);

/** The build a click queued: the newest once it is not `previous` (the click's request may still be on its way). */
async function queuedAfter(previous: string) {
  const end = Date.now() + WAIT.timeout;
  for (;;) {
    const newest = queue.history.list()[0];
    if (newest.id !== previous) return newest;
    if (Date.now() > end) assert.fail(`no build queued after ${previous}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Failed loads of the wrong-token attempt are expected; anything else is a problem. */
const realProblems = (problems: string[]) => problems.filter((p) => !/status of 401/.test(p));

describe('editor console', { skip: siteMissing }, () => {
  before(async () => {
    releasesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-releases-'));
    queue = new BuildQueue(new BuildHistory(releasesRoot), runner);
    site = await startSite({ editorToken: TOKEN, builds: queue });
    browser = await launch();
    // The release being served when the editor arrives.
    await queue.finished(queue.trigger('startup', null).id);
  });
  // A test that fails half way must not leave the next one's builds failing or waiting.
  afterEach(() => {
    openPending?.();
    plan.fail = null;
    plan.skipped = 0;
  });
  after(async () => {
    await browser?.close();
    await queue?.close();
    await site?.close();
    if (releasesRoot) fs.rmSync(releasesRoot, { recursive: true, force: true });
  });

  test('is a noindex page that cannot be framed and asks for the token', async () => {
    const res = await fetch(`${site.base}/editor/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('x-robots-tag') ?? '', /noindex/);
    assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.match(await res.text(), /<meta name="robots" content="noindex, nofollow"/);
    const robots = await (await fetch(`${site.base}/robots.txt`)).text();
    assert.ok(robots.split('\n').includes('Disallow: /editor/'), robots);

    const { page, context, problems } = await newPage(browser, DESKTOP);
    await page.goto(`${site.base}/editor/`);
    await page.getByLabel('编辑令牌').fill('not-the-token');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('令牌不正确').waitFor(WAIT);
    assert.equal(await page.locator('#console').isVisible(), false);
    assert.deepEqual(realProblems(problems), []);
    await context.close();
  });

  test('1280 wide: live progress, report, failure, rollback, takedown and restore', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await signIn(page);
    const first = queue.history.list()[0];
    await card(page, first.id).getByText('线上版本').waitFor(WAIT);

    // "重新发布": the build shows as running with Gatsby's step in Chinese, then published.
    const openGate = gate();
    plan.skipped = 2;
    await page.getByRole('button', { name: '重新发布' }).click();
    await page.getByText(/已加入发布队列：构建 #/).waitFor(WAIT);
    const second = await queuedAfter(first.id);
    await card(page, second.id).getByText('构建中').waitFor(WAIT);
    await page.locator('#progress-step', { hasText: '获取附加数据' }).waitFor(WAIT);
    assert.match(await page.locator('#progress-percent').innerText(), /^\d+%$/);
    assert.match(await page.locator('#log').innerText(), /Fetching review details/);
    openGate();
    await card(page, second.id).getByText('线上版本').waitFor(WAIT);
    await card(page, second.id).getByText('已发布').waitFor(WAIT);
    assert.equal(await card(page, first.id).getByText('线上版本').count(), 0);

    // Its report: the skipped reviews and why, as text.
    await card(page, second.id).getByRole('button', { name: '查看报告' }).click();
    const rows = page.locator('#skipped tbody tr');
    await rows.nth(1).waitFor(WAIT);
    assert.equal(await rows.count(), 2);
    assert.equal((await rows.first().locator('td').nth(2).innerText()).trim(), HOSTILE_REASON);
    assert.equal(await page.locator('#skipped img').count(), 0, 'the reason is text, never markup');

    // A failed build: its reason shows; the served release stays the second one.
    const served = currentRelease(releasesRoot);
    plan.fail = 'gatsby build exited with code 1';
    await page.getByRole('button', { name: '重新发布' }).click();
    const failed = await queuedAfter(second.id);
    await card(page, failed.id).getByText('失败').waitFor(WAIT);
    await card(page, failed.id).getByText(plan.fail).waitFor(WAIT);
    plan.fail = null;
    assert.equal(currentRelease(releasesRoot), served);
    assert.equal(
      await card(page, failed.id)
        .getByRole('button', { name: /回滚|发布此版本/ })
        .count(),
      0,
    );

    // Rollback to the first build: one click, the served release is its release again.
    await card(page, first.id).getByRole('button', { name: '回滚到此版本' }).click();
    await page.getByText(`已切换到构建 #${first.id} 的版本`).waitFor(WAIT);
    await card(page, first.id).getByText('线上版本').waitFor(WAIT);
    assert.equal(currentRelease(releasesRoot), first.releaseId);

    // Takedown: listed, the review's API detail answers 410 at once; restore brings it back.
    const feed = await fetch(`${site.base}/api/v2/product_comment/haul?category=0&delimiter=0&size=1`);
    const drop = ((await feed.json()) as HaulResponse).waterFall.waterDrops[0];
    const review = { productId: String(drop.productId), commentId: String(drop.commentId) };
    assert.equal((await fetch(detailOf(review))).status, 200);
    const detail = detailOf(review);
    const form = page.locator('#takedown-form');
    await form.getByLabel('商品编号').fill(review.productId);
    await form.getByLabel('晒单编号').fill(review.commentId);
    await form.getByLabel('原因').fill('侵犯版权');
    await form.getByRole('button', { name: '下架' }).click();
    const item = page.locator('li.takedown', { hasText: `晒单 ${review.commentId}` });
    await item.getByText('侵犯版权').waitFor(WAIT);
    assert.equal((await fetch(detail)).status, 410);
    await item.getByRole('button', { name: '恢复' }).click();
    await item.waitFor({ state: 'detached', ...WAIT });
    assert.equal((await fetch(detail)).status, 200);

    // The token travels in a header only: never in a URL, never in a cookie.
    assert.ok(requests.length > 0);
    for (const u of requests) assert.ok(!u.includes(TOKEN), u);
    assert.deepEqual(await context.cookies(), []);
    assert.deepEqual(realProblems(problems), []);
    await context.close();
  });

  test('375 wide: the console fits the phone and works', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    await signIn(page);
    await page.locator('li.build').first().waitFor(WAIT);
    await page.getByRole('button', { name: '重新发布' }).scrollIntoViewIfNeeded();
    // The takedown and restore above queued builds of their own: let them finish first.
    for (const b of queue.history.list())
      if (b.status === 'queued' || b.status === 'running') await queue.finished(b.id);
    const before = queue.history.list().length;
    await page.getByRole('button', { name: '重新发布' }).click();
    await page.getByText(/已加入发布队列：构建 #/).waitFor(WAIT);
    const id = queue.history.list()[0].id;
    assert.equal(queue.history.list().length, before + 1);
    await card(page, id).getByText('线上版本').waitFor(WAIT);
    // Nothing wider than the screen; every control is reachable without sideways scrolling.
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('button, input, li, section'))
        .filter((e) => (e as HTMLElement).offsetParent !== null && e.getBoundingClientRect().right > innerWidth + 0.5)
        .map((e) => e.outerHTML.slice(0, 80)),
    }));
    assert.ok(overflow.page <= MOBILE.width, `page ${overflow.page} px wide`);
    assert.deepEqual(overflow.wide, []);
    for (const name of ['重新发布', '查看报告']) {
      const b = page.getByRole('button', { name }).first();
      const box = await b.boundingBox();
      assert.ok(box && box.height >= 40, `${name} is a comfortable tap target (${box?.height} px)`);
    }
    // Signing out forgets the token.
    await page.getByRole('button', { name: '退出' }).click();
    await page.getByLabel('编辑令牌').waitFor(WAIT);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('editor-token')), null);
    assert.deepEqual(realProblems(problems), []);
    await context.close();
  });
});
