// SMS sign-in with the dev code, session headers, and likes counted once per user.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError, signIn, startTestServer, type TestServer } from './helper';

describe('sign-in and likes', () => {
  let s: TestServer;
  let clock = Date.UTC(2025, 6, 1);
  before(async () => {
    s = await startTestServer({ reviews: 60, now: () => clock });
  });
  after(async () => {
    await s.close();
  });

  test('SMS: phone validation, dev code, resend rate limit, wrong and right code', async () => {
    for (const phone of ['12345', '2381234567', '1381234567x', '10012345678', '138123456789', '']) {
      assertError(await s.req('POST', '/api/v2/signin/sms', { body: { phone } }), 400);
    }
    assertError(await s.req('POST', '/api/v2/signin/sms', { body: {} }), 400, 'phone');
    assertError(
      await s.req('POST', '/api/v2/signin/sms', { raw: '{"phone":', headers: { 'content-type': 'application/json' } }),
      400,
      'JSON',
    );
    assertError(await s.req('POST', '/api/v2/signin/sms'), 400);

    const phone = '13812345678';
    const sent = await s.req('POST', '/api/v2/signin/sms', { body: { phone } });
    assert.equal(sent.status, 200);
    assert.deepEqual(sent.body, { sent: true, retryAfterSeconds: 60, expiresInSeconds: 300 });
    const code = s.codes.get(phone)!;
    assert.match(code, /^\d{6}$/);

    const again = await s.req('POST', '/api/v2/signin/sms', { body: { phone } });
    assertError(again, 429, '秒后再试');
    assert.ok(Number(again.headers.get('retry-after')) > 0);

    const wrong = code === '000000' ? '111111' : '000000';
    assertError(
      await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone, code: wrong } }),
      400,
      '验证码错误',
    );
    assertError(await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone, code: 'abc' } }), 400);
    assertError(await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone } }), 400, 'code');

    const ok = await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone, code } });
    assert.equal(ok.status, 200);
    assert.match(ok.body.userId, /^\d+$/);
    assert.ok(ok.body.userKey.length >= 20);
    assert.equal(ok.body.newUser, true);
    // The code is used up.
    assertError(await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone, code } }), 400, '失效');

    // After the resend delay a new code signs the same user in again.
    clock += 61_000;
    const re = await s.req('POST', '/api/v2/signin/sms', { body: { phone: '+86 138-1234-5678' } });
    assert.equal(re.status, 200);
    const second = await s.req('POST', '/api/v2/signin/sms/verification', {
      body: { phone, code: s.codes.get(phone) },
    });
    assert.equal(second.body.userId, ok.body.userId);
    assert.equal(second.body.newUser, false);
    assert.notEqual(second.body.userKey, ok.body.userKey);
  });

  test('too many wrong codes invalidate the code; hourly send cap', async () => {
    const phone = '13900001111';
    await s.req('POST', '/api/v2/signin/sms', { body: { phone } });
    const code = s.codes.get(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      assertError(await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone, code: wrong } }), 400);
    assertError(await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone, code } }), 400, '失效');
    for (let i = 0; i < 4; i++) {
      clock += 61_000;
      assert.equal((await s.req('POST', '/api/v2/signin/sms', { body: { phone } })).status, 200);
    }
    clock += 61_000;
    assertError(await s.req('POST', '/api/v2/signin/sms', { body: { phone } }), 429);
  });

  test('likes: 401 for guests and bad keys; counted once per user; unlike', async () => {
    const id = 5_000_003;
    const pid = (s.app.db.prepare('SELECT product_id AS p FROM reviews WHERE id = ?').get(id) as { p: number }).p;
    const path = `/api/v1/product-comment/products/${pid}/comments/${id}/likes`;
    const likesNow = async (headers: Record<string, string> = {}) =>
      (await s.get(`/api/v1/product-comment/products/${pid}/comments?commentId=${id}`, headers)).body.comments[0];
    const base = (await likesNow()).likes as number;

    assertError(await s.req('POST', path), 401, '登录');
    assertError(await s.req('DELETE', path), 401);
    assertError(await s.req('POST', path, { headers: { 'X-Session-User': 'build', 'X-Session-Key': '' } }), 401);
    clock += 3_600_000;
    const a = await signIn(s, '13700000001');
    assertError(await s.req('POST', path, { headers: { ...a.headers, 'X-Session-Key': 'wrong' } }), 401);
    assertError(
      await s.req('POST', path, { headers: { ...a.headers, 'X-Session-User': String(Number(a.userId) + 1) } }),
      401,
    );

    const l1 = await s.req('POST', path, { headers: a.headers });
    assert.equal(l1.status, 200);
    assert.deepEqual(l1.body, { likes: base + 1, liked: true });
    assert.deepEqual(
      (await s.req('POST', path, { headers: a.headers })).body,
      { likes: base + 1, liked: true },
      'second like of the same user does not count',
    );
    // With an empty JSON body too (some clients send Content-Type without a body).
    assert.deepEqual(
      (await s.req('POST', path, { headers: { ...a.headers, 'content-type': 'application/json' }, raw: '' })).body,
      { likes: base + 1, liked: true },
    );

    const b = await signIn(s, '13700000002');
    assert.deepEqual((await s.req('POST', path, { headers: b.headers })).body, { likes: base + 2, liked: true });
    assert.equal((await likesNow(a.headers)).liked, true);
    assert.equal((await likesNow()).likes, base + 2);

    assert.deepEqual((await s.req('DELETE', path, { headers: a.headers })).body, { likes: base + 1, liked: false });
    assert.deepEqual(
      (await s.req('DELETE', path, { headers: a.headers })).body,
      { likes: base + 1, liked: false },
      'unlike twice',
    );
    assert.equal((await likesNow(a.headers)).liked, false);
    assert.equal((await likesNow(b.headers)).liked, true);

    assertError(
      await s.req('POST', `/api/v1/product-comment/products/${pid}/comments/4999999/likes`, { headers: a.headers }),
      404,
    );
    assertError(
      await s.req('POST', `/api/v1/product-comment/products/${pid}/comments/abc/likes`, { headers: a.headers }),
      400,
    );
  });
});
