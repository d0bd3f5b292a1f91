// Issue 25, F1: no sign-in without proof. Every login route, in both modes: in production
// (NODE_ENV=production) no emulated code or token is ever accepted; in the demo an emulated
// login signs in only the documented test accounts (199 0000 0xxx), never an existing user found
// by phone; a shihuo hand-over is single-use and dies with the sign-out of its session.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StorefrontClient } from '../../../src/storefront/client';
import * as profile from '../../../src/storefront/profile';
import * as signin from '../../../src/storefront/signin';
import type { SignInResult } from '../../../src/storefront/wire/signin';
import { clientAs, clientOf, refuses, signInByPhone, startTestServer, type TestServer } from './helper';

/** A real shopper (SMS sign-in): whose addresses and orders a forged login would read. */
async function realShopper(s: TestServer, phone: string) {
  return (await signInByPhone(s, phone)).r;
}

async function handOverCases(s: TestServer, guest: StorefrontClient, user: SignInResult) {
  // Single use.
  const sign = await signin.getShihuoLoginSign(clientOf(s, user));
  const redeemed = (await signin.shihuoLoginSign(guest, sign)) as unknown as SignInResult;
  assert.equal(redeemed.userId, user.userId);
  await refuses(signin.shihuoLoginSign(guest, sign), 400, '签名无效');
  // Dies with the sign-out of the session that asked for it.
  const second = await signin.getShihuoLoginSign(clientOf(s, user));
  const out = await s.req('POST', '/api/v2/signin/signout', { headers: { 'X-Session-Key': user.userKey } });
  assert.equal(out.status, 204);
  await refuses(signin.shihuoLoginSign(guest, second), 400, '签名无效');
}

describe('production: no emulated code or token is ever accepted', () => {
  let s: TestServer;
  let guest: StorefrontClient;
  before(async () => {
    const was = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      s = await startTestServer({ reviews: 10 });
    } finally {
      if (was === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = was;
    }
    guest = clientAs(s);
  });
  after(() => s?.close());

  test('SMS sign-in needs the code sent to the phone', async () => {
    await signin.sendSmsCode(guest, '13800000001');
    const code = s.codes.get('13800000001')!;
    await refuses(signin.verifySmsCode(guest, '13800000001', code === '000000' ? '111111' : '000000'), 400, '验证码');
    const r = await signin.verifySmsCode(guest, '13800000001', code);
    assert.match(r.userId, /^[0-9]+$/);
  });

  test('WeChat web login, open id (mini-program), bind SMS and bind phone refuse every test code', async () => {
    await refuses(signin.wechatWebLogin(guest, 'wx-test-alice'), 400, '微信授权码无效');
    await refuses(signin.getWechatOpenId(guest, 'wx-test-alice'), 400, '微信授权码无效');
    await refuses(signin.sendWechatBindSms(guest, '19900000001', 'any-token'), 400, '微信登录已过期');
    await refuses(
      signin.bindWechatPhone(guest, { phone: '19900000001', code: '123456', bindToken: 'any-token' }),
      400,
      '微信登录已过期',
    );
    // The mini-program's gift amount is no login: it answers in both modes.
    assert.deepEqual(await signin.getMiniProgramGiftAmount(guest), { amountCents: 68800 });
  });

  test('shihuo test tokens are refused, even for a test account; the page says test mode is off', async () => {
    await realShopper(s, '13800000002');
    await refuses(signin.shihuoLogin(guest, { token: 'shihuo-test-13800000002' }), 400, '识货登录凭证无效');
    await refuses(signin.shihuoLogin(guest, { token: 'shihuo-test-19900000001' }), 400, '识货登录凭证无效');
    assert.deepEqual(await signin.getShihuoLogin(guest, { token: 'shihuo-test-19900000001' }), {
      partner: 'shihuo',
      testMode: false,
      tokenValid: false,
    });
  });

  test('a shihuo hand-over (this server HMAC) works once, and not after sign-out', async () => {
    const { r } = await signInByPhone(s, '13800000003');
    await handOverCases(s, guest, r);
  });
});

describe('demo: an emulated login signs in only the documented test accounts', () => {
  let s: TestServer;
  let guest: StorefrontClient;
  let shopper: SignInResult;
  before(async () => {
    s = await startTestServer({ reviews: 10, app: { emulatedLogins: true } });
    guest = clientAs(s);
    shopper = await realShopper(s, '13800000001');
  });
  after(() => s?.close());

  test('shihuo: a real shopper phone is refused (no session, no addresses); a test account signs in', async () => {
    await refuses(signin.shihuoLogin(guest, { token: 'shihuo-test-13800000001' }), 400, '识货登录凭证无效');
    assert.equal((await signin.getShihuoLogin(guest, { token: 'shihuo-test-13800000001' })).tokenValid, false);
    const t = await signin.shihuoLogin(guest, { token: 'shihuo-test-19900000007' });
    assert.notEqual(t.userId, shopper.userId);
    assert.deepEqual(await profile.listAddresses(clientOf(s, t)), { addresses: [] });
  });

  test('WeChat: an emulated open id binds only to a test account', async () => {
    const { bindToken } = await signin.wechatWebLogin(guest, 'wx-test-mallory');
    await refuses(signin.sendWechatBindSms(guest, '13800000001', bindToken!), 400, '测试账号');
    await refuses(
      signin.bindWechatPhone(guest, { phone: '13800000001', code: '123456', bindToken: bindToken! }),
      400,
      '测试账号',
    );
    await signin.sendWechatBindSms(guest, '19900000008', bindToken!);
    const bound = await signin.bindWechatPhone(guest, {
      phone: '19900000008',
      code: s.codes.get('19900000008')!,
      bindToken: bindToken!,
    });
    assert.equal((await signin.wechatWebLogin(guest, 'wx-test-mallory')).userId, bound.userId);
  });

  test('WeChat: an open id bound to a real shopper (older data) does not sign that shopper in', async () => {
    s.app.db
      .prepare('INSERT INTO wechat_accounts (open_id, user_id, created_at) VALUES (?, ?, ?)')
      .run('oTEST-victim', Number(shopper.userId), Date.now());
    await refuses(signin.wechatWebLogin(guest, 'wx-test-victim'), 400, '测试账号');
    // The open id call gives an id, never a session.
    assert.deepEqual(await signin.getWechatOpenId(guest, 'wx-test-victim'), { openId: 'oTEST-victim' });
  });

  test('SMS sign-in is unchanged; a shihuo hand-over works once, and not after sign-out', async () => {
    const { r } = await signInByPhone(s, '13800000004');
    await handOverCases(s, guest, r);
  });
});
