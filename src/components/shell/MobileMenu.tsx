import * as React from 'react';
import { useEffect, useRef } from 'react';
import { Link } from 'gatsby';
import type { Account } from '../../hooks/use-account';
import { AccountControl } from './AccountControl';
import { mobileMenuLinks } from './nav-links';
import { useScrollLock } from './use-scroll-lock';

const MENU_ID = 'shell-mobile-menu';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shopper's sign-in state: a signed-in shopper can sign out at the end of the menu. */
  account: Account;
}

/**
 * Mobile header menu (spec section 2, "Shell"; closed or open, section 4): a disclosure
 * (<details>) with a list. While open the page does not scroll; Escape and any navigation close it.
 */
export function MobileMenu({ open, onOpenChange, account }: MobileMenuProps) {
  const button = useRef<HTMLElement>(null);
  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onOpenChange(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);

  // The menu is a <details>: it opens without script too (issue 44). With script the state
  // follows the element (a toggle made before hydration included) and drives the scroll lock.
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current?.open) onOpenChange(true);
    // once, after hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <details
      ref={details}
      className="mmenu__wrap"
      open={open}
      onToggle={(e) => e.currentTarget.open !== open && onOpenChange(e.currentTarget.open)}
    >
      <summary ref={button} className="mmenu__toggle" aria-controls={MENU_ID}>
        <span className="mmenu__icon" aria-hidden="true" />
        <span className="mmenu__label">菜单</span>
      </summary>
      <nav id={MENU_ID} className="mmenu" aria-label="网站菜单">
        <ul>
          {mobileMenuLinks().map((l) => (
            <li key={l.path}>
              {/* Closing first restores this page's scroll position before Gatsby navigates. */}
              <Link to={l.path} onClick={() => onOpenChange(false)}>
                {l.name}
              </Link>
            </li>
          ))}
          {(account.signedIn || account.signedOut) && (
            <li>
              <AccountControl account={account} className="mmenu__account" />
            </li>
          )}
        </ul>
      </nav>
    </details>
  );
}
