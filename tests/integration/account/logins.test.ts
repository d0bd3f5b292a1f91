// WeChat, mini-program and shihuo login calls (src/storefront/signin.ts) against the reference
// server's emulation (docs/server.md, "Emulated logins"): each successful login is a session
// like the SMS sign-in's (the new key works on a signed-in call); bad codes are refused.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { StorefrontClient } from '../../../src/storefront/client';
import * as profile from '../../../src/storefront/profile';
import * as signin from '../../../src/storefront/signin';
import type { SignInResult } from '../../../src/storefront/wire/signin';
import { clientAs, clientOf, refuses, signInByPhone, startTestServer, type TestServer } from './helper';

describe('emulated logins', () => {
  let s: TestServer;
  let guest: StorefrontClient;

  /** The session works: a signed-in call answers (and a guest's would be a 401). */
  const assertSession = async (r: SignInResult) => {
    assert.match(r.userId, /^[0-9]+$/);
    assert.ok(r.userKey.length >= 20);
    assert.deepEqual(await profile.listAddresses(clientOf(s, r)), { addresses: [] });
  };

  before(async () => {
    s = await startTestServer({ reviews: 10 });
    guest = clientAs(s);
  });
  after(() => s?.close());

  test('WeChat web login: new open id -> bind token; SMS bind; bind phone signs in; next login signs in directly', async () => {
    const first = await signin.wechatWebLogin(guest, 'wx-test-alice');
    assert.equal(first.accountType, 'WECHAT_ONLY');
    assert.ok(first.bindToken && !first.userKey);
    assert.deepEqual(await signin.sendWechatBindSms(guest, '19900000001', first.bindToken), { sent: true });
    const code = s.codes.get('19900000001')!;
    await refuses(
      signin.bindWechatPhone(guest, {
        phone: '19900000001',
        code: code === '000000' ? '111111' : '000000',
        bindToken: first.bindToken,
      }),
      400,
      '验证码错误',
    );
    const bound = await signin.bindWechatPhone(guest, { phone: '19900000001', code, bindToken: first.bindToken });
    assert.equal(bound.accountType, 'PHONE_WECHAT');
    await assertSession(bound);
    // The token is spent.
    await refuses(signin.sendWechatBindSms(guest, '19900000001', first.bindToken), 400, '微信登录已过期');
    const again = await signin.wechatWebLogin(guest, 'wx-test-alice');
    assert.equal(again.userId, bound.userId);
    assert.equal(again.accountType, 'PHONE_WECHAT');
    await assertSession(again as SignInResult);
  });

  test('WeChat: bad codes, bad tokens, a phone bound to another WeChat account', async () => {
    await refuses(signin.wechatWebLogin(guest, 'real-oauth-code'), 400, '微信授权码无效');
    await refuses(signin.wechatWebLogin(guest, 'wx-test-' + 'a'.repeat(65)), 400, '微信授权码无效');
    await refuses(signin.sendWechatBindSms(guest, '19900000002', 'not-a-token'), 400, '微信登录已过期');
    const t = (await signin.wechatWebLogin(guest, 'wx-test-bob')).bindToken!;
    await refuses(signin.sendWechatBindSms(guest, '123', t), 400, '手机号');
    // 19900000001 is alice's WeChat account's phone (previous test).
    await refuses(signin.sendWechatBindSms(guest, '19900000001', t), 400, '已绑定其他微信');
  });

  test('open id by code; JS ticket by url (WeChat signature algorithm); gift amount 688 yuan', async () => {
    assert.deepEqual(await signin.getWechatOpenId(guest, 'wx-test-carol'), { openId: 'oTEST-carol' });
    await refuses(signin.getWechatOpenId(guest, 'abc'), 400, '微信授权码无效');
    const url = 'https://www.example-haitao.cn/review/1/2/?a=b#frag';
    const t = await signin.getWechatJsTicket(guest, url);
    assert.equal(typeof t.appId, 'string');
    assert.ok(Math.abs(t.timestamp - Date.now() / 1000) < 600);
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=reference-server-test-jsapi-ticket&noncestr=${t.nonceStr}&timestamp=${t.timestamp}&url=https://www.example-haitao.cn/review/1/2/?a=b`,
      )
      .digest('hex');
    assert.equal(t.signature, expected);
    await refuses(signin.getWechatJsTicket(guest, 'javascript:alert(1)'), 400, '页面地址无效');
    await refuses(signin.getWechatJsTicket(guest, 'not a url'), 400, '页面地址无效');
    assert.deepEqual(await signin.getMiniProgramGiftAmount(guest), { amountCents: 68800 });
  });

  test('shihuo: token check, login, sign and redeem the sign', async () => {
    assert.deepEqual(await signin.getShihuoLogin(guest), { partner: 'shihuo', testMode: true });
    assert.equal((await signin.getShihuoLogin(guest, { token: 'shihuo-test-19900000005' })).tokenValid, true);
    assert.equal((await signin.getShihuoLogin(guest, { token: 'forged' })).tokenValid, false);
    const r = await signin.shihuoLogin(guest, { token: 'shihuo-test-19900000005' });
    assert.equal(r.newUser, true);
    await assertSession(r);
    // The same phone by SMS is the same user.
    const sms = await signInByPhone(s, '19900000005');
    assert.equal(sms.r.userId, r.userId);
    await refuses(signin.shihuoLogin(guest, { token: 'shihuo-test-12345' }), 400, '识货登录凭证无效');
    await refuses(signin.shihuoLogin(guest, {}), 400, 'token');

    const sign = await signin.getShihuoLoginSign(clientOf(s, r));
    assert.equal(sign.userId, r.userId);
    const redeemed = (await signin.shihuoLoginSign(guest, sign)) as unknown as SignInResult;
    assert.equal(redeemed.userId, r.userId);
    assert.notEqual(redeemed.userKey, r.userKey);
    await assertSession(redeemed);
    await refuses(signin.shihuoLoginSign(guest, { ...sign, userId: String(Number(r.userId) + 1) }), 400, '签名无效');
    await refuses(signin.shihuoLoginSign(guest, { ...sign, sign: 'f'.repeat(64) }), 400, '签名无效');
    await refuses(signin.getShihuoLoginSign(guest), 401, '请先登录');
  });
});

describe('the WeChat bind SMS shares the sign-in send budgets', () => {
  test('a client past its budget by sign-in codes gets no bind code (429)', async () => {
    const s = await startTestServer({
      reviews: 10,
      app: { smsBudget: { perClient: [{ max: 2, windowMs: 60_000 }], global: [{ max: 100, windowMs: 60_000 }] } },
    });
    try {
      const guest = clientAs(s);
      await signin.sendSmsCode(guest, '13900000011');
      await signin.sendSmsCode(guest, '13900000012');
      const { bindToken } = await signin.wechatWebLogin(guest, 'wx-test-budget');
      await refuses(signin.sendWechatBindSms(guest, '19900000013', bindToken!), 429);
      assert.equal(s.codes.has('19900000013'), false, 'no code issued');
    } finally {
      await s.close();
    }
  });
});

describe('the emulated logins have a budget of their own (no SMS stands in their way)', () => {
  test('a client gets only so many logins; refused ones do not count', async () => {
    const s = await startTestServer({
      reviews: 10,
      app: { loginBudget: { perClient: [{ max: 2, windowMs: 60_000 }], global: [{ max: 100, windowMs: 60_000 }] } },
    });
    try {
      const guest = clientAs(s);
      await refuses(signin.shihuoLogin(guest, { token: 'forged' }), 400);
      await refuses(signin.wechatWebLogin(guest, 'forged'), 400);
      await signin.shihuoLogin(guest, { token: 'shihuo-test-19900000021' });
      await signin.wechatWebLogin(guest, 'wx-test-budget');
      await refuses(signin.shihuoLogin(guest, { token: 'shihuo-test-19900000022' }), 429, '登录过于频繁');
      await refuses(signin.wechatWebLogin(guest, 'wx-test-budget'), 429, '登录过于频繁');
    } finally {
      await s.close();
    }
  });
});
