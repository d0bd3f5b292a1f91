// The phone numbers the server takes (sign-in, WeChat bind, addresses, resell contacts): the
// site's own rule (src/signin/phone.ts), with the one Chinese refusal.
import { mainlandPhone } from '../src/signin/phone';
import { badRequest } from './errors';

export const PHONE_REFUSAL = '请输入正确的11位手机号';

/** The normalised 11 digits, or 400 `请输入正确的11位手机号`. */
export function requirePhone(raw: string): string {
  const phone = mainlandPhone(raw);
  if (!phone) throw badRequest(PHONE_REFUSAL);
  return phone;
}
