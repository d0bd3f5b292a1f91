import * as React from 'react';
import { navigate, type PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { PageHead } from '../components/listing/PageHead';
import { useSmsSignIn } from '../hooks/use-sms-sign-in';
import { isMainlandPhone, mainlandPhone } from '../signin/phone';
import { returnToParam, safeReturnTo } from '../signin/return-to';

/**
 * `/login/` (spec section 2): SMS sign-in, the target of the 401 redirect. After signing in
 * the shopper goes back to `returnTo` (a path on this site only), else home.
 */
export default function LoginPage({ location }: PageProps) {
  const sms = useSmsSignIn();
  const [phone, setPhone] = React.useState('');
  const [code, setCode] = React.useState('');
  const [done, setDone] = React.useState(false);
  const phoneOk = isMainlandPhone(phone);

  const onSend = () => {
    void sms.sendCode(phone);
  };
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (await sms.signIn(phone, code)) {
      setDone(true);
      void navigate(safeReturnTo(returnToParam(location.search)), { replace: true });
    }
  };

  return (
    <Layout widthAuto>
      <PageHead title="登录" noindex />
      <div className="login">
        <h1 className="lst-h1">手机号登录</h1>
        <p className="login__hint">未注册的手机号验证后将自动创建账号</p>
        <form
          className="login__form"
          onSubmit={onSubmit}
          noValidate
          data-state={done ? 'signed-in' : sms.sentTo ? 'code-sent' : 'start'}
        >
          <label className="login__field">
            <span>手机号</span>
            <span className="login__phone">
              <span className="login__cc" aria-hidden="true">
                +86
              </span>
              <input
                name="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                maxLength={20}
                placeholder="请输入11位手机号"
                value={phone}
                // "tel" (the Nu checker refuses "tel-national") may autofill "+86 138..." : the
                // +86 is shown beside the field already, so a full mainland number keeps its 11 digits.
                onChange={(e) => setPhone(mainlandPhone(e.target.value) ?? e.target.value)}
                aria-invalid={phone !== '' && !phoneOk}
              />
            </span>
          </label>
          {/* A label may hold one control: the send button sits beside the code field, outside it. */}
          <div className="login__field">
            <label htmlFor="login-code">验证码</label>
            <span className="login__code">
              <input
                id="login-code"
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
                placeholder="请输入短信验证码"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
              <button
                type="button"
                className="login__send"
                onClick={onSend}
                disabled={!phoneOk || sms.countdown > 0 || sms.sending}
                data-countdown={sms.countdown}
              >
                {sms.sending
                  ? '发送中…'
                  : sms.countdown > 0
                    ? `${sms.countdown}秒后重新发送`
                    : sms.sentTo
                      ? '重新发送'
                      : '发送验证码'}
              </button>
            </span>
          </div>
          {sms.sentTo && !sms.error && (
            <p className="login__sent" role="status">
              验证码已发送至 {sms.sentTo.slice(0, 3)}****{sms.sentTo.slice(7)}
            </p>
          )}
          {sms.error && (
            <p className="lst-error" role="alert">
              {sms.error}
            </p>
          )}
          <button type="submit" className="login__submit" disabled={sms.verifying || done}>
            {sms.verifying ? '登录中…' : done ? '登录成功' : '登录'}
          </button>
        </form>
      </div>
    </Layout>
  );
}
