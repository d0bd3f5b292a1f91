// Sign-out in the UI (issue 11 defect 10, issue 12 item 4), in real Chromium over the built
// site: after SMS sign-in the shell offers "退出登录" (desktop header, mobile menu); signing
// out revokes the key on the server (the old key answers 401), clears it in the browser, and
// the like button asks to sign in again. With the server unreachable the browser still forgets
// the key.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, hydrated, launch, newPage, siteMissing, startSite, type Site, smsCode } from './helpers/site';
import type { HaulResponse } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let target: { productId: string; commentId: string };

const pathOf = (t: { productId: string; commentId: string }) => `/review/${t.productId}/${t.commentId}/`;
const likePath = () => `/api/v1/product-comment/products/${target.productId}/comments/${target.commentId}/likes`;

/** A like with these session headers, straight to the server: its HTTP status. */
async function likeStatus(s: { userId: string; userKey: string }, method: 'POST' | 'DELETE' = 'POST'): Promise<number> {
  const r = await fetch(site.server.url + likePath(), {
    method,
    headers: { 'X-Session-User': s.userId, 'X-Session-Key': s.userKey },
  });
  await r.arrayBuffer();
  return r.status;
}

/** Signs a phone in through the server's SMS flow (no UI). */
async function apiSignIn(phone: string): Promise<{ userId: string; userKey: string }> {
  site.codes.delete(phone);
  const post = (path: string, body: unknown) =>
    fetch(site.server.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  assert.equal((await post('/api/v2/signin/sms', { phone })).status, 200);
  const res = await post('/api/v2/signin/sms/verification', { phone, code: await smsCode(site, phone) });
  assert.equal(res.status, 200);
  return (await res.json()) as { userId: string; userKey: string };
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    userId: JSON.parse(localStorage.getItem('hrv:userId') ?? 'null') as string | null,
    userKey: JSON.parse(localStorage.getItem('hrv:userKey') ?? 'null') as string | null,
  }));

/** Opens the review page already signed in as `s` (what the login page stores). */
async function openSignedIn(page: Page, s: { userId: string; userKey: string }) {
  await page.goto(`${site.base}/review/about/`);
  await page.evaluate((v) => {
    localStorage.setItem('hrv:userId', JSON.stringify(v.userId));
    localStorage.setItem('hrv:userKey', JSON.stringify(v.userKey));
  }, s);
  await page.goto(site.base + pathOf(target));
  await hydrated(page);
}

describe('sign-out', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const feed = (await (
      await fetch(`${site.server.url}/api/v2/product_comment/haul?delimiter=0&size=5&category=0`)
    ).json()) as HaulResponse;
    const d = feed.waterFall.waterDrops[0];
    target = { productId: String(d.productId), commentId: String(d.commentId) };
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('desktop: SMS sign-in, "退出登录" in the header revokes the key; the like button asks to sign in again', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    await page.goto(site.base + pathOf(target));
    await hydrated(page);
    assert.equal(await page.locator('.account__signout').count(), 0, 'no sign-out for a guest');

    // Sign in by SMS from the login page, back on the review page.
    await page.goto(`${site.base}/review/login/?returnTo=${encodeURIComponent(pathOf(target))}`);
    await hydrated(page);
    const phone = '13800138111';
    site.codes.delete(phone);
    await page.locator('input[name="phone"]').fill(phone);
    await page.locator('button.login__send').click();
    await page.locator('form.login__form[data-state="code-sent"]').waitFor({ timeout: 20_000 });
    await page.locator('input[name="code"]').fill(await smsCode(site, phone));
    await page.locator('button.login__submit').click();
    await page.waitForURL((u) => u.pathname === pathOf(target), { timeout: 20_000 });
    const session = await stored(page);
    assert.ok(session.userId && session.userKey, 'signed in');
    const keys = { userId: session.userId, userKey: session.userKey };

    // Like as the signed-in shopper (so the page shows a pressed like button).
    await page.locator('button.like').click();
    await page.locator('button.like[aria-pressed="true"]').waitFor({ timeout: 20_000 });

    const signOut = page.locator('.hdr__account.account__signout');
    await signOut.waitFor({ timeout: 20_000 });
    assert.equal(await signOut.innerText(), '退出登录');
    assert.equal(await signOut.isVisible(), true);
    await signOut.click();
    await page.locator('.hdr__account.account__status').waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.hdr__account.account__status').innerText(), '已退出登录');
    assert.deepEqual(await stored(page), { userId: null, userKey: null }, 'the browser forgot the key');
    assert.equal(await likeStatus(keys, 'DELETE'), 401, 'the server revoked the key');
    assert.equal(
      await page.locator('button.like').getAttribute('aria-pressed'),
      'false',
      "the like is no longer shown as the shopper's",
    );

    // The like button asks to sign in again.
    await page.locator('button.like').click();
    await page.waitForURL((u) => u.pathname === '/review/login/', { timeout: 20_000 });
    assert.equal(new URL(page.url()).searchParams.get('returnTo'), pathOf(target));
    // After a reload too: nothing signed in is left.
    await page.goto(site.base + pathOf(target));
    await hydrated(page);
    assert.equal(await page.locator('.account__signout').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('mobile: "退出登录" is in the menu (not in the header) and signs out', async () => {
    const keys = await apiSignIn('13800138222');
    const { page, context, problems } = await newPage(browser, MOBILE);
    await openSignedIn(page, keys);
    await page.locator('.mmenu__toggle').click();
    const item = page.locator('#shell-mobile-menu .mmenu__account.account__signout');
    await item.waitFor({ timeout: 20_000 });
    assert.equal(await item.innerText(), '退出登录');
    assert.equal(await page.locator('.hdr__account').isVisible(), false, 'the desktop control is hidden on phones');
    await item.click();
    await page.locator('#shell-mobile-menu .account__status').waitFor({ timeout: 20_000 });
    assert.deepEqual(await stored(page), { userId: null, userKey: null });
    assert.equal(await likeStatus(keys), 401);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('server unreachable: the browser still forgets the key', async () => {
    const keys = await apiSignIn('13800138333');
    const { page, context, problems } = await newPage(browser, DESKTOP);
    await openSignedIn(page, keys);
    await page.route('**/api/v2/signin/signout', (r) => r.abort('connectionrefused'));
    await page.locator('.hdr__account.account__signout').click();
    await page.locator('.hdr__account.account__status').waitFor({ timeout: 20_000 });
    assert.deepEqual(await stored(page), { userId: null, userKey: null });
    assert.equal(await likeStatus(keys), 200, 'the server never heard of it: the key lives until it expires');
    assert.deepEqual(
      problems.filter((p) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(p)),
      [],
    );
    await context.close();
  });
});
