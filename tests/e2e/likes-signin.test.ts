// Likes and SMS sign-in against the reference server (issue 6, "Routes": /login and "Likes on
// review pages"), in real Chromium over the built site: a guest is sent to sign in and comes
// back; a signed-in shopper likes and unlikes a review, counted once, and the liked state
// survives a reload; the login page shows the server's Chinese errors and never follows a
// returnTo that leaves the site.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, hydrated, launch, newPage, siteMissing, startSite, type Site, smsCode } from './helpers/site';
import type { HaulResponse, Review } from '../../src/storefront/types';

let site: Site;
let browser: Browser;
let target: { productId: string; commentId: string; likes: number };

const pathOf = (t: { productId: string; commentId: string }) => `/review/${t.productId}/${t.commentId}/`;
const commentsUrl = (t: { productId: string; commentId: string }) =>
  `${site.server.url}/api/v1/product-comment/products/${t.productId}/comments`;

async function api<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const r = await fetch(site.server.url + path, init);
  return { status: r.status, body: (await r.json()) as T };
}

/** The review as the server sees it for a caller (liked is only there for a signed-in caller). */
async function serverReview(session?: { userId: string; userKey: string }): Promise<Review> {
  const headers: Record<string, string> = session
    ? { 'X-Session-User': session.userId, 'X-Session-Key': session.userKey }
    : {};
  const r = await fetch(`${commentsUrl(target)}?commentId=${target.commentId}`, { headers });
  assert.equal(r.status, 200);
  return ((await r.json()) as { comments: Review[] }).comments[0];
}

/** On /review/login/: asks for a code for `phone` and waits until the page says it was sent. */
async function sendCode(page: Page, phone: string) {
  site.codes.delete(phone);
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('button.login__send').click();
  await page.locator('form.login__form[data-state="code-sent"]').waitFor({ timeout: 20_000 });
  return smsCode(site, phone);
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    userId: JSON.parse(localStorage.getItem('hrv:userId') ?? 'null') as string | null,
    userKey: JSON.parse(localStorage.getItem('hrv:userKey') ?? 'null') as string | null,
  }));

const likeButton = (page: Page) => page.locator('button.like');
const likeState = async (page: Page) => ({
  pressed: await likeButton(page).getAttribute('aria-pressed'),
  likes: Number(await likeButton(page).getAttribute('data-likes')),
});
/** Waits until the like button shows `pressed` and `likes` (the UI settles after API calls). */
async function waitForLikeState(page: Page, pressed: boolean, likes: number) {
  try {
    await page.waitForFunction(
      ([p, n]) => {
        const b = document.querySelector('button.like');
        return (
          !!b &&
          b.getAttribute('aria-pressed') === String(p) &&
          b.getAttribute('data-likes') === String(n) &&
          !(b as HTMLButtonElement).disabled
        );
      },
      [pressed, likes] as const,
      { timeout: 20_000 },
    );
  } catch {
    assert.deepEqual(await likeState(page), { pressed: String(pressed), likes }, 'like button state');
  }
}

describe('likes and SMS sign-in', { skip: siteMissing }, () => {
  before(async () => {
    site = await startSite();
    browser = await launch();
    const feed = await api<HaulResponse>('/api/v2/product_comment/haul?delimiter=0&size=20&category=0');
    const d = feed.body.waterFall.waterDrops.find((x) => (x.likes ?? 0) > 0) ?? feed.body.waterFall.waterDrops[0];
    target = { productId: String(d.productId), commentId: String(d.commentId), likes: Number(d.likes ?? 0) };
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('a guest who likes is sent to sign in, comes back, likes once, sees it after a reload, and unlikes', async () => {
    const { page, context, problems } = await newPage(browser, DESKTOP);
    await page.goto(site.base + pathOf(target));
    await hydrated(page);
    assert.deepEqual(await likeState(page), { pressed: 'false', likes: target.likes });

    // Guest: the like button leads to the login page with this page as returnTo.
    await likeButton(page).click();
    await page.waitForURL((u) => u.pathname === '/review/login/', { timeout: 20_000 });
    assert.equal(new URL(page.url()).searchParams.get('returnTo'), pathOf(target));
    await hydrated(page);
    assert.equal((await serverReview()).likes, target.likes, 'a guest click does not like');

    // SMS sign-in with the code the server issued; back on the review page.
    const phone = '13800138000';
    const code = await sendCode(page, phone);
    await page.locator('input[name="code"]').fill(code);
    await page.locator('button.login__submit').click();
    await page.waitForURL((u) => u.pathname === pathOf(target), { timeout: 20_000 });
    const session = await stored(page);
    assert.match(session.userId ?? '', /^\d+$/, 'user id stored');
    assert.ok((session.userKey ?? '').length >= 16, 'user key stored');
    await page.locator('button.like').waitFor();
    await waitForLikeState(page, false, target.likes);

    // Like: +1, pressed; the server agrees.
    await likeButton(page).click();
    await waitForLikeState(page, true, target.likes + 1);
    const signed = { userId: session.userId!, userKey: session.userKey! };
    let server = await serverReview(signed);
    assert.equal(server.likes, target.likes + 1);
    assert.equal(server.liked, true);

    // Reload: the page shows the shopper's like (not the count baked into the build).
    await page.reload();
    await hydrated(page);
    await waitForLikeState(page, true, target.likes + 1);
    // Liking again is counted once.
    const again = await api<{ likes: number; liked: boolean }>(
      `/api/v1/product-comment/products/${target.productId}/comments/${target.commentId}/likes`,
      {
        method: 'POST',
        headers: { 'X-Session-User': signed.userId, 'X-Session-Key': signed.userKey },
      },
    );
    assert.deepEqual(again, { status: 200, body: { likes: target.likes + 1, liked: true } });

    // Unlike: back to the original count.
    await likeButton(page).click();
    await waitForLikeState(page, false, target.likes);
    server = await serverReview(signed);
    assert.equal(server.likes, target.likes);
    assert.equal(server.liked, false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the login page shows the server's text for a bad phone and a wrong code", async () => {
    const { page, context, problems } = await newPage(browser, MOBILE);
    await page.goto(`${site.base}/review/login/`);
    await hydrated(page);

    // A bad number: the send button stays disabled and submitting shows the server's text.
    const bad = '12345678901';
    const serverBad = await api<{ messages: string[] }>('/api/v2/signin/sms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: bad }),
    });
    assert.equal(serverBad.status, 400);
    await page.locator('input[name="phone"]').fill(bad);
    assert.equal(await page.locator('button.login__send').isDisabled(), true);
    assert.equal(await page.locator('input[name="phone"]').getAttribute('aria-invalid'), 'true');
    await page.locator('input[name="code"]').fill('123456');
    await page.locator('button.login__submit').click();
    await page.locator('.login [role="alert"]').waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.login [role="alert"]').innerText(), serverBad.body.messages[0]);
    assert.equal(await page.locator('.login [role="alert"]').innerText(), '请输入正确的11位手机号');

    // A wrong code: the server's "验证码错误，还可以尝试N次".
    const phone = '13900139000';
    const code = await sendCode(page, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.locator('input[name="code"]').fill(wrong);
    await page.locator('button.login__submit').click();
    await page.waitForFunction(
      () => /验证码错误/.test(document.querySelector('.login [role="alert"]')?.textContent ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    assert.equal(await page.locator('.login [role="alert"]').innerText(), '验证码错误，还可以尝试4次');
    assert.equal(new URL(page.url()).pathname, '/review/login/', 'still on the login page');
    assert.deepEqual(await stored(page), { userId: null, userKey: null }, 'nothing stored');
    // The right code still works afterwards.
    await page.locator('input[name="code"]').fill(code);
    await page.locator('button.login__submit').click();
    await page.waitForURL((u) => u.pathname === '/review/', { timeout: 20_000 });
    // The server's 400 answers are logged by Chromium as failed resources; nothing else.
    assert.deepEqual(
      problems.filter((p) => !/status of 400/.test(p)),
      [],
    );
    await context.close();
  });

  for (const [i, evil] of [
    'https://evil.example/steal',
    '//evil.example/steal',
    'http://evil.example/review/',
  ].entries()) {
    test(`a returnTo of ${evil} is not followed`, async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      const hosts = new Set<string>();
      page.on('request', (r) => hosts.add(new URL(r.url()).hostname));
      await page.goto(`${site.base}/review/login/?returnTo=${encodeURIComponent(evil)}`);
      await hydrated(page);
      const phone = `1370013700${i}`;
      const code = await sendCode(page, phone);
      await page.locator('input[name="code"]').fill(code);
      await page.locator('button.login__submit').click();
      await page
        .locator('form.login__form[data-state="signed-in"]')
        .waitFor({ state: 'attached', timeout: 20_000 })
        .catch(() => undefined);
      await page.waitForURL((u) => u.pathname === '/review/', { timeout: 20_000 });
      assert.equal(new URL(page.url()).host, new URL(site.base).host);
      assert.ok(!hosts.has('evil.example'), 'no request to the other host');
      await context.close();
    });
  }
});
