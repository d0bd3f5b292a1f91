// Sign-in: SMS, WeChat and shihuo (spec section 7, "Login"). A successful sign-in answers
// `SignInResult`; the page stores it with `session.signIn(result)` (session.ts), after which
// every request carries the user id and key.

import type { StorefrontClient } from './client';
import type { SignInResult, SmsSent } from './wire/signin';
import type { Session } from './session';
import type { GiftAmount, OpenIdResult, Sent, WechatJsTicket, WechatLoginResult } from './wire/login';

export type { SignInResult, SmsSent } from './wire/signin';
export type { WechatJsTicket, WechatLoginResult } from './wire/login';

/** POST /api/v2/signin/sms: sends a verification code to the phone. */
export const sendSmsCode = (c: StorefrontClient, phone: string) => c.post<SmsSent>('/api/v2/signin/sms', { phone });

/** POST /api/v2/signin/sms/verification: signs in with the code. */
export const verifySmsCode = (c: StorefrontClient, phone: string, code: string) =>
  c.post<SignInResult>('/api/v2/signin/sms/verification', { phone, code });

/** POST /api/v2/signin/signout: revokes the caller's user key on the server (issue 12 item 4). */
export const revokeSession = (c: StorefrontClient) => c.post<void>('/api/v2/signin/signout');

/**
 * Signs out: the server revokes the key (the call carries it), then the stored user id and key
 * are cleared (`session.signOut()`). They are cleared also when the server cannot be reached
 * or answers an error: the shopper asked to be signed out on this device. Resolves whether the
 * server confirmed the revocation; never rejects.
 */
export async function signOut(c: StorefrontClient, session: Session): Promise<{ revoked: boolean }> {
  if (!session.isLoggedIn()) {
    session.signOut();
    return { revoked: false };
  }
  try {
    await revokeSession(c);
    return { revoked: true };
  } catch {
    return { revoked: false };
  } finally {
    session.signOut();
  }
}

/** POST /api/v1/wechat-login/login/web with the OAuth code. */
export const wechatWebLogin = (c: StorefrontClient, code: string) =>
  c.post<WechatLoginResult>('/api/v1/wechat-login/login/web', { code });

/** POST /api/v1/wechat-login/sms/bind: sends the code for binding a phone. */
export const sendWechatBindSms = (c: StorefrontClient, phone: string, bindToken: string) =>
  c.post<Sent>('/api/v1/wechat-login/sms/bind', { phone, bindToken });

/** POST /api/v1/wechat-login/bind/phone: binds the phone and signs in. */
export const bindWechatPhone = (c: StorefrontClient, body: { phone: string; code: string; bindToken: string }) =>
  c.post<SignInResult>('/api/v1/wechat-login/bind/phone', body);

/** GET /api/v1/wechat/openId?code= */
export const getWechatOpenId = (c: StorefrontClient, code: string) =>
  c.get<OpenIdResult>('/api/v1/wechat/openId', { params: { code } });

/** GET /api/v1/wechat-jsticket?url= */
export const getWechatJsTicket = (c: StorefrontClient, url: string) =>
  c.get<WechatJsTicket>('/api/v1/wechat-jsticket', { params: { url } });

/** GET /api/v1/wechat/miniprogram/gift-amount */
export const getMiniProgramGiftAmount = (c: StorefrontClient) =>
  c.get<GiftAmount>('/api/v1/wechat/miniprogram/gift-amount');

/** GET /api/v1/shihuo/login: partner (shihuo) login state / parameters. */
export const getShihuoLogin = (c: StorefrontClient, params: Record<string, string> = {}) =>
  c.get<Record<string, unknown>>('/api/v1/shihuo/login', { params });

/** POST /api/v1/shihuo/login: signs in with the partner's token. */
export const shihuoLogin = (c: StorefrontClient, body: Record<string, unknown>) =>
  c.post<SignInResult>('/api/v1/shihuo/login', body);

/** GET /api/v1/shihuo/login/sign */
export const getShihuoLoginSign = (c: StorefrontClient, params: Record<string, string> = {}) =>
  c.get<Record<string, unknown>>('/api/v1/shihuo/login/sign', { params });

/** POST /api/v1/shihuo/login/sign */
export const shihuoLoginSign = (c: StorefrontClient, body: Record<string, unknown>) =>
  c.post<Record<string, unknown>>('/api/v1/shihuo/login/sign', body);
