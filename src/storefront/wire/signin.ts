// SMS sign-in (spec section 7, "Login"): POST /api/v2/signin/sms and .../sms/verification.
import { Type, type Static } from '@sinclair/typebox';

export const SmsBody = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 20 }) });
export type SmsBody = Static<typeof SmsBody>;

export const VerifyBody = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  code: Type.String({ minLength: 1, maxLength: 10 }),
});
export type VerifyBody = Static<typeof VerifyBody>;

export const SmsSent = Type.Object({
  sent: Type.Boolean(),
  /** Seconds before another code may be asked for. */
  retryAfterSeconds: Type.Optional(Type.Integer()),
  expiresInSeconds: Type.Optional(Type.Integer()),
});
export type SmsSent = Static<typeof SmsSent>;

/** Account kinds of spec section 3 (a string enum, not a union: no ajv run when serialised). */
export const AccountType = Type.Unsafe<'PHONE_WECHAT' | 'PHONE_ONLY' | 'WECHAT_ONLY'>({
  type: 'string',
  enum: ['PHONE_WECHAT', 'PHONE_ONLY', 'WECHAT_ONLY'],
});
export type AccountType = Static<typeof AccountType>;

/** A successful sign-in; the page stores it with `session.signIn(result)`. */
export const SignInResult = Type.Object({
  userId: Type.String({ maxLength: 20 }),
  userKey: Type.String({ maxLength: 200 }),
  accountType: Type.Optional(AccountType),
  /** True when the phone number had no account before. */
  newUser: Type.Optional(Type.Boolean()),
});
export type SignInResult = Static<typeof SignInResult>;
