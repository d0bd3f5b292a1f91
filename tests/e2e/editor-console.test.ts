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
import { currentRelease } from '../../publish/releases';
import { publish } from '../../publish/release-files';
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

const runner: BuildRunner = async (_build, { output, serve }) => {
  output.write('info Sourcing from the storefront API\n');
  output.write('success Reading the review feed - 0.100s\n');
  output.write('success Fetching review details - 0.200s\n');
  if (plan.gate) await plan.gate;
  if (plan.fail) {
    output.write(`ERROR ${plan.fail}\n`);
    throw new Error(plan.fail);
  }
  output.write('success Building static HTML for pages - 0.300s - 3/3 10.00/s\n');
  const served = serve();
  const r = await publish(PUBLIC_DIR, releasesRoot, { serve: served });
  const skipped = Array.from({ length: plan.skipped }, (_, i) => ({
    productId: '100001',
    commentId: String(5_000_000 + i),
    reason: i === 0 ? `review ${5_000_000 + i}: postedAt is not a number` : HOSTILE_REASON,
  }));
  return { releaseId: r.id, served, pages: 1200, skipped };
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
/** The one failed load the rollback walk makes on purpose: the preview of swapped ids (404). */
const TYPO_404 =
  /^error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/editor\/api\/reviews\/\d+\/\d+\)$/;
/** The problems, but the wrong-token attempt's: only the typo's 404. */
const onlyTypo404 = (problems: string[]) => {
  const real = realProblems(problems);
  assert.equal(real.length, 1, JSON.stringify(real));
  assert.match(real[0], TYPO_404);
};

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

  test('1280 wide: live progress at the top, report in Chinese, failure, rollback that holds, takedown with preview, restore', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const dialogs = acceptDialogs(page);
    await signIn(page);
    const first = queue.history.list()[0];
    await card(page, first.id).getByText('线上版本').waitFor(WAIT);

    // "重新发布": the running build shows at the top, its step in Chinese, then a notice.
    const openGate = gate();
    plan.skipped = 2;
    await page.getByRole('button', { name: '重新发布' }).click();
    await page
      .getByText(/已加入发布队列/)
      .first()
      .waitFor(WAIT);
    const second = await queuedAfter(first.id);
    await card(page, second.id).getByText('构建中').waitFor(WAIT);
    await page.locator('#progress-step', { hasText: '获取附加数据' }).waitFor(WAIT);
    assert.match(await page.locator('#progress-percent').innerText(), /^\d+%$/);
    assert.match(await page.locator('#running-time').innerText(), /^已用 \d+ 秒/);
    const running = await page.locator('#running').boundingBox();
    const history = await page.locator('#builds').boundingBox();
    assert.ok(running && history && running.y < history.y, 'the running build is above the history');
    assert.ok(running!.y < DESKTOP.height, 'and in the first screen');
    openGate();
    await page
      .getByText(/全量构建已上线/)
      .first()
      .waitFor(WAIT);
    await card(page, second.id).getByText('线上版本').waitFor(WAIT);
    assert.equal(await page.locator('#running').isVisible(), false);
    assert.equal(await card(page, first.id).getByText('线上版本').count(), 0);
    // The history says what each build was for, in Beijing time, never a raw id.
    assert.match(await card(page, second.id).locator('.build-kind').innerText(), /^全量$/);
    assert.match(await card(page, second.id).locator('.build-id').innerText(), /^\d+月\d+日 \d{2}:\d{2}:\d{2} 的构建$/);

    // Its report: the skipped reviews, each reason in Chinese with a link to the review, as text.
    await card(page, second.id).getByRole('button', { name: '查看报告' }).click();
    const rows = page.locator('#skipped tbody tr');
    await rows.nth(1).waitFor(WAIT);
    assert.equal(await rows.count(), 2);
    assert.match(await rows.first().locator('td').nth(1).innerText(), /^发布时间（postedAt）不是数字：请在后台改正/);
    assert.equal(await rows.first().locator('a').getAttribute('href'), '/review/100001/5000000/');
    assert.equal((await rows.nth(1).locator('td').nth(1).innerText()).trim(), `无法生成页面：${HOSTILE_REASON}`);
    assert.equal(await page.locator('#skipped img').count(), 0, 'the reason is text, never markup');

    // A failed build: an actionable Chinese reason; the raw log one click away; the served release stays.
    const served = currentRelease(releasesRoot);
    plan.fail = 'gatsby build exited with code 1: ERROR #85928 Building static HTML failed';
    await page.getByRole('button', { name: '重新发布' }).click();
    const failed = await queuedAfter(second.id);
    await page
      .getByText(/构建失败，线上版本不变/)
      .first()
      .waitFor(WAIT);
    await card(page, failed.id)
      .getByText(/^构建失败（退出码 1），线上版本不变。请查看原始日志/)
      .waitFor(WAIT);
    plan.fail = null;
    assert.equal(currentRelease(releasesRoot), served);
    await card(page, failed.id).getByRole('button', { name: '查看报告' }).click();
    await page.getByText('原始日志（最近 100 行）').click();
    await page.locator('#log', { hasText: 'ERROR #85928' }).waitFor(WAIT);
    assert.equal(
      await card(page, failed.id)
        .getByRole('button', { name: /回滚|发布此版本/ })
        .count(),
      0,
    );

    // Rollback, then a takedown, then what is served.
    await rollbackThenTakedown(page, dialogs, first.id, second.id);

    // The token travels in a header only: never in a URL, never in a cookie. The one cookie is
    // the trusted device's signed id (issue 25 F6), http-only, same-site, for /editor only.
    assert.ok(requests.length > 0);
    for (const u of requests) assert.ok(!u.includes(TOKEN), u);
    const cookies = await context.cookies();
    assert.deepEqual(
      cookies.map((c) => [c.name, c.path, c.httpOnly, c.sameSite]),
      [['editor_device', '/editor', true, 'Strict']],
    );
    for (const c of cookies) assert.ok(!c.value.includes(TOKEN), 'the token is not in the cookie');
    onlyTypo404(problems);
    await context.close();
  });

  test('375 wide: actions first, the console fits the phone, and the rollback walk works', async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    const dialogs = acceptDialogs(page);
    await signIn(page);
    await page.locator('li.build').first().waitFor(WAIT);
    // Actions before the history: the takedown form is above the first build row.
    const form = await page.locator('#takedown-form').boundingBox();
    const firstRow = await page.locator('li.build').first().boundingBox();
    assert.ok(form && firstRow && form.y < firstRow.y, `form at ${form?.y}, history at ${firstRow?.y}`);
    const rebuild = await page.getByRole('button', { name: '重新发布' }).boundingBox();
    assert.ok(rebuild && rebuild.y < MOBILE.height, '重新发布 in the first screen');
    for (const b of queue.history.list())
      if (b.status === 'queued' || b.status === 'running') await queue.finished(b.id);
    // Publishing the newest build by hand (after the desktop walk left it locked) unlocks.
    const newest = queue.history.list().find((b) => b.status === 'published')!;
    if (queue.publishing().locked) {
      await card(page, newest.id).getByRole('button', { name: '发布此版本' }).click();
      await page
        .getByText(/自动上线已恢复/)
        .first()
        .waitFor(WAIT);
      assert.match(dialogs.at(-1)!, /^发布 .* 的构建/);
    }
    const before = queue.history.list().length;
    await page.getByRole('button', { name: '重新发布' }).click();
    await page
      .getByText(/已加入发布队列/)
      .first()
      .waitFor(WAIT);
    const id = (await queuedAfter(newest.id)).id;
    assert.equal(queue.history.list().length, before + 1);
    await card(page, id).getByText('线上版本').waitFor(WAIT);
    const older = queue.history.list().find((b) => b.id !== id && b.status === 'published' && b.canPublish)!;
    assert.equal(await rollbackThenTakedown(page, dialogs, older.id, id), true, 'a hinted takedown, its review linked');
    // Nothing wider than the screen; every control is reachable without sideways scrolling.
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('button, input, li, section'))
        .filter((e) => (e as HTMLElement).offsetParent !== null && e.getBoundingClientRect().right > innerWidth + 0.5)
        .map((e) => e.outerHTML.slice(0, 80)),
    }));
    assert.ok(overflow.page <= MOBILE.width, `page ${overflow.page} px wide`);
    assert.deepEqual(overflow.wide, []);
    for (const name of ['重新发布', '查看报告', '解除锁定']) {
      // The build history is replaced whole on every poll (console.js replaceChildren): a
      // located button can be detached before boundingBox() measures it (null, a CI failure).
      // Wait until one is shown, then measure the one shown in the page's own turn.
      await page.getByRole('button', { name }).first().waitFor(WAIT);
      const height = await page.evaluate(
        (n) =>
          Array.from(document.querySelectorAll('button'))
            .find((e) => e.textContent?.trim() === n && e.offsetParent !== null)
            ?.getBoundingClientRect().height ?? null,
        name,
      );
      assert.ok(height !== null && height >= 40, `${name} is a comfortable tap target (${height} px)`);
    }
    // Unlocking: the next build is served again.
    await page.getByRole('button', { name: '解除锁定' }).click();
    await page.getByText('已解除发布锁定：下一次构建完成后自动上线').first().waitFor(WAIT);
    await page.locator('#lock').waitFor({ state: 'hidden', ...WAIT });
    assert.equal(queue.publishing().locked, false);
    // Signing out forgets the token.
    await page.getByRole('button', { name: '退出' }).click();
    await page.getByLabel('编辑令牌').waitFor(WAIT);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('editor-token')), null);
    onlyTypo404(problems);
    await context.close();
  });
});

/** Accepts every confirm() and keeps its text: a click that swaps production asks first. */
function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  // Instead of newPage's handler, which dismisses every dialog as a problem.
  page.removeAllListeners('dialog');
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}

/**
 * The walk of issue 20: roll back to `olderId` (asked first, naming both versions), take another
 * review down (previewed first, a typo refused in Chinese), then check what is served: the older
 * release, the lock shown, the takedown's build held, the review 410 at once; restore it.
 */
async function rollbackThenTakedown(page: Page, dialogs: string[], olderId: string, liveId: string) {
  const older = queue.history.get(olderId)!;
  await card(page, olderId).getByRole('button', { name: '回滚到此版本' }).click();
  await page
    .getByText(/的版本（[\d.]+ 毫秒）；发布已锁定/)
    .first()
    .waitFor(WAIT);
  assert.match(dialogs.at(-1)!, /^回滚到 .* 的构建（.*）？线上将从 .* 换成这个旧版本/);
  await card(page, olderId).getByText('线上版本').waitFor(WAIT);
  assert.equal(currentRelease(releasesRoot), older.releaseId);
  await page.locator('#lock', { hasText: '发布已锁定' }).waitFor(WAIT);
  assert.notEqual(liveId, olderId);

  const feed = await fetch(`${site.base}/api/v2/product_comment/haul?category=0&delimiter=0&size=1`);
  const drop = ((await feed.json()) as HaulResponse).waterFall.waterDrops[0];
  const review = { productId: String(drop.productId), commentId: String(drop.commentId) };
  const detail = detailOf(review);
  assert.equal((await fetch(detail)).status, 200);
  const form = page.locator('#takedown-form');
  // Swapped ids: refused in Chinese, nothing taken down.
  await form.getByLabel('商品编号').fill(review.commentId);
  await form.getByLabel('晒单编号').fill(review.productId);
  await form.getByLabel('原因').fill('侵犯版权');
  await form.getByRole('button', { name: '查看并下架' }).click();
  await page
    .getByText(/没有找到商品 .* 的晒单 .*，请核对两个编号/)
    .first()
    .waitFor(WAIT);
  assert.equal(await page.locator('#preview').isVisible(), false);
  // The right ids: the review's picture, product and text first, then the confirmation.
  await form.getByLabel('商品编号').fill(review.productId);
  await form.getByLabel('晒单编号').fill(review.commentId);
  await form.getByRole('button', { name: '查看并下架' }).click();
  await page.locator('#preview').waitFor(WAIT);
  assert.equal(
    await page.locator('#preview-link').getAttribute('href'),
    `/review/${review.productId}/${review.commentId}/`,
  );
  assert.ok((await page.locator('#preview-text').innerText()).length > 0);
  assert.ok((await page.locator('#preview-product').innerText()).length > 0);
  assert.match((await page.locator('#preview-picture').getAttribute('src')) ?? '', /^\/media\//);
  assert.equal((await fetch(detail)).status, 200, 'nothing happens before the confirmation');
  const builds = queue.history.list().length;
  await page.getByRole('button', { name: '确认下架' }).click();
  const item = page.locator('li.takedown', { hasText: `晒单 ${review.commentId}` });
  await item.getByText('侵犯版权').waitFor(WAIT);
  assert.equal((await fetch(detail)).status, 410, '410 at once');
  // Its build runs and is kept, not served: the rollback holds.
  const takedownBuild = queue.history.list()[0];
  assert.equal(queue.history.list().length, builds + 1);
  await queue.finished(takedownBuild.id);
  await card(page, takedownBuild.id).getByText('未上线（发布已锁定）').waitFor(WAIT);
  // Held, so never called published (issue 44).
  assert.equal(await card(page, takedownBuild.id).locator('.build-head .status').first().innerText(), '已构建');
  // (A failed full build before it makes it a full build: the queue carries that build's changes.)
  const hinted = queue.history.get(takedownBuild.id)!.hint !== null;
  assert.equal(await card(page, takedownBuild.id).locator('.build-kind').innerText(), hinted ? '下架' : '下架（全量）');
  if (hinted)
    assert.equal(
      await card(page, takedownBuild.id).locator('.build-reviews a').getAttribute('href'),
      `/review/${review.productId}/${review.commentId}/`,
    );
  assert.equal(currentRelease(releasesRoot), older.releaseId, 'what is served: the rolled-back-to release');
  await page
    .getByText(/发布已锁定，没有上线/)
    .first()
    .waitFor(WAIT);
  // Restore (asked first): labelled 恢复, not 下架.
  await item.getByRole('button', { name: '恢复' }).click();
  await item.waitFor({ state: 'detached', ...WAIT });
  assert.match(dialogs.at(-1)!, /^恢复晒单/);
  assert.equal((await fetch(detail)).status, 200);
  const restored = queue.history.list()[0];
  await queue.finished(restored.id);
  await card(page, restored.id).locator('.build-kind', { hasText: '恢复' }).waitFor(WAIT);
  return hinted;
}
