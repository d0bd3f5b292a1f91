// SMS sign-in (spec section 7, "Login").
import { Type, type Static } from '@sinclair/typebox';

/** Mainland China mobile number: 11 digits starting 13-19. */
export const PHONE_RE = /^1[3-9]\d{9}$/;

export const SmsBody = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 20 }) });
export type SmsBody = Static<typeof SmsBody>;

export const VerifyBody = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  code: Type.String({ minLength: 1, maxLength: 10 }),
});
export type VerifyBody = Static<typeof VerifyBody>;

export const SmsSent = Type.Object({ sent: Type.Boolean(), retryAfterSeconds: Type.Integer(), expiresInSeconds: Type.Integer() });
export type SmsSent = Static<typeof SmsSent>;

export const SignInResult = Type.Object({
  userId: Type.String({ maxLength: 20 }), userKey: Type.String({ maxLength: 200 }), accountType: Type.Literal('PHONE_ONLY'), newUser: Type.Boolean(),
});
export type SignInResult = Static<typeof SignInResult>;
