import * as React from 'react';
import type { Account } from '../../hooks/use-account';

/**
 * "退出登录" for a signed-in shopper (issue 12 item 4), in the desktop header and in the mobile
 * menu (CSS shows one of them). Nothing before hydration or for guests, so the server HTML is
 * the same for everyone. After signing out a status line takes the button's place (and the
 * focus, when the click came from here).
 */
export function AccountControl({ account, className }: { account: Account; className: string }) {
  const clicked = React.useRef(false);
  const status = React.useCallback((el: HTMLSpanElement | null) => {
    if (el && clicked.current) el.focus();
  }, []);
  if (account.signedIn) {
    const onClick = () => {
      clicked.current = true;
      void account.signOut();
    };
    return (
      <button type="button" className={`${className} account__signout`} onClick={onClick} disabled={account.busy}>
        {account.busy ? '正在退出…' : '退出登录'}
      </button>
    );
  }
  if (!account.signedOut) return null;
  return (
    <span ref={status} className={`${className} account__status`} role="status" tabIndex={-1}>
      已退出登录
    </span>
  );
}
