// WeChat, mini-program and shihuo (partner) logins (spec section 7, "Login"). The reference
// server emulates them with documented test codes and never calls WeChat or the partner
// (docs/server.md, "Emulated logins"); a successful login answers the SMS sign-in's
// SignInResult (wire/signin.ts).
import { Type, type Static } from '@sinclair/typebox';
import { AccountType, SignInResult } from './signin';

/** An OAuth code, a bind token, a partner token: opaque, short. */
const Token = () => Type.String({ minLength: 1, maxLength: 128 });

export const WechatCodeBody = Type.Object({ code: Token() });
export type WechatCodeBody = Static<typeof WechatCodeBody>;

/** Signed in (the SignInResult fields), or a bind token when the WeChat account needs a phone. */
export const WechatLoginResult = Type.Object({
  ...Type.Partial(SignInResult).properties,
  bindToken: Type.Optional(Type.String({ maxLength: 128 })),
  accountType: Type.Optional(AccountType),
});
export type WechatLoginResult = Static<typeof WechatLoginResult>;

export const WechatBindSmsBody = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  bindToken: Token(),
});
export type WechatBindSmsBody = Static<typeof WechatBindSmsBody>;

export const WechatBindPhoneBody = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  code: Type.String({ minLength: 1, maxLength: 10 }),
  bindToken: Token(),
});
export type WechatBindPhoneBody = Static<typeof WechatBindPhoneBody>;

export const Sent = Type.Object({ sent: Type.Boolean() });
export type Sent = Static<typeof Sent>;

export const CodeQuery = Type.Object({ code: Token() });
export type CodeQuery = Static<typeof CodeQuery>;

export const OpenIdResult = Type.Object({ openId: Type.String({ maxLength: 128 }) });
export type OpenIdResult = Static<typeof OpenIdResult>;

export const UrlQuery = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) });
export type UrlQuery = Static<typeof UrlQuery>;

/** JS-SDK signature for a page URL. */
export const WechatJsTicket = Type.Object({
  appId: Type.String({ maxLength: 64 }),
  timestamp: Type.Integer({ minimum: 0, maximum: 1e11 }),
  nonceStr: Type.String({ maxLength: 64 }),
  signature: Type.String({ maxLength: 64 }),
});
export type WechatJsTicket = Static<typeof WechatJsTicket>;

export const GiftAmount = Type.Object({ amountCents: Type.Integer({ minimum: 0, maximum: 100_000_000 }) });
export type GiftAmount = Static<typeof GiftAmount>;

/** GET /shihuo/login: the partner's login parameters, and whether a token is valid. */
export const ShihuoLoginQuery = Type.Object({ token: Type.Optional(Token()) });
export type ShihuoLoginQuery = Static<typeof ShihuoLoginQuery>;

export const ShihuoLoginInfo = Type.Object({
  partner: Type.String({ maxLength: 32 }),
  /** True: the reference server's emulation (test tokens only). */
  testMode: Type.Boolean(),
  tokenValid: Type.Optional(Type.Boolean()),
});
export type ShihuoLoginInfo = Static<typeof ShihuoLoginInfo>;

export const ShihuoTokenBody = Type.Object({ token: Token() });
export type ShihuoTokenBody = Static<typeof ShihuoTokenBody>;

/** A signed hand-over of the signed-in user (GET .../login/sign), redeemed by POST .../login/sign. */
export const ShihuoSign = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 12, pattern: '^[1-9][0-9]{0,11}$' }),
  ts: Type.Integer({ minimum: 0, maximum: 1e13 }),
  nonce: Type.String({ minLength: 1, maxLength: 64 }),
  sign: Type.String({ minLength: 1, maxLength: 128 }),
});
export type ShihuoSign = Static<typeof ShihuoSign>;

export { SignInResult };
