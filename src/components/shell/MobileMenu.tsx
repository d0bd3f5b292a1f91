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
 * Mobile header menu (spec section 2, "Shell"; closed or open, section 4): a toggle button and
 * a collapsible list. While open the page does not scroll; Escape and any navigation close it.
 */
export function MobileMenu({ open, onOpenChange, account }: MobileMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
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

  return (
    <>
      <button
        ref={button}
        type="button"
        className="mmenu__toggle"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => onOpenChange(!open)}
      >
        <span className="mmenu__icon" aria-hidden="true" />
        <span className="mmenu__label">菜单</span>
      </button>
      <nav id={MENU_ID} className="mmenu" aria-label="网站菜单" hidden={!open}>
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
    </>
  );
}
