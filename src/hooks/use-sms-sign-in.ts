import * as React from 'react';
import { sendSmsCode, verifySmsCode } from '../storefront/signin';
import { defaultSession } from '../storefront/session';
import { errorTextOr } from '../storefront/error-text';
import { SMS_COUNTDOWN_SECONDS, isMainlandPhone, isSmsCode, normalisePhone } from '../signin/phone';
import { browserClient } from './browser-client';

export interface SmsSignIn {
  /** Seconds before another code may be asked for; 0 when a code may be sent. */
  countdown: number;
  sending: boolean;
  verifying: boolean;
  /** A code was sent to this number (the code field is useful from now on). */
  sentTo: string | null;
  error: string;
  sendCode(phone: string): Promise<boolean>;
  /** Verifies, stores the user id and key; resolves true when signed in. */
  signIn(phone: string, code: string): Promise<boolean>;
}

/**
 * SMS sign-in (spec section 7, "Login"): send the code (then a 60 s countdown, or the
 * server's retryAfterSeconds), verify it, store the session (defaultSession().signIn).
 */
export function useSmsSignIn(): SmsSignIn {
  const [countdown, setCountdown] = React.useState(0);
  const [sending, setSending] = React.useState(false);
  const [verifying, setVerifying] = React.useState(false);
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const [error, setError] = React.useState('');

  React.useEffect(() => {
    if (countdown <= 0) return undefined;
    const t = setTimeout(() => setCountdown((n) => Math.max(0, n - 1)), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  const sendCode = async (raw: string) => {
    const phone = normalisePhone(raw);
    if (!isMainlandPhone(phone)) {
      setError('请输入正确的11位手机号');
      return false;
    }
    if (countdown > 0 || sending) return false;
    setSending(true);
    setError('');
    try {
      const res = await sendSmsCode(await browserClient(), phone);
      const wait =
        typeof res?.retryAfterSeconds === 'number' && res.retryAfterSeconds > 0
          ? Math.ceil(res.retryAfterSeconds)
          : SMS_COUNTDOWN_SECONDS;
      setCountdown(wait);
      setSentTo(phone);
      return true;
    } catch (e) {
      setError(errorTextOr(e, '验证码发送失败，请稍后重试'));
      return false;
    } finally {
      setSending(false);
    }
  };

  const signIn = async (raw: string, code: string) => {
    const phone = normalisePhone(raw);
    if (!isMainlandPhone(phone)) {
      setError('请输入正确的11位手机号');
      return false;
    }
    if (!isSmsCode(code)) {
      setError('请输入短信验证码');
      return false;
    }
    if (verifying) return false;
    setVerifying(true);
    setError('');
    try {
      const res = await verifySmsCode(await browserClient(), phone, code.trim());
      if (!res || !res.userId || !res.userKey) throw new Error('no session');
      defaultSession().signIn({ userId: res.userId, userKey: res.userKey });
      return true;
    } catch (e) {
      setError(errorTextOr(e, '登录失败，请稍后重试'));
      return false;
    } finally {
      setVerifying(false);
    }
  };

  return { countdown, sending, verifying, sentTo, error, sendCode, signIn };
}
