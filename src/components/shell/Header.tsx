import * as React from 'react';
import { useCallback, useRef, useState } from 'react';
import { useAccount } from '../../hooks/use-account';
import { AccountControl } from './AccountControl';
import { DesktopNav } from './DesktopNav';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { SearchBox } from './SearchBox';
import { getTopMenu } from './nav-source';
import { useScrollState } from './use-scroll-state';

/**
 * The page header for both widths; CSS at 960px decides which parts show, so the server HTML
 * is right for desktop and mobile alike. `data-scroll` carries the spec's scroll state
 * (section 4): the desktop header hides while it is UP, unless keyboard focus is inside it.
 * A signed-in shopper can sign out here (desktop) or in the mobile menu. The search box
 * (issue 43) is in every page's header: a field on a wide desktop, a button and a sheet below.
 */
export function Header() {
  const ref = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const scroll = useScrollState(useCallback(() => ref.current?.offsetHeight ?? 0, []));
  const account = useAccount();

  return (
    <header ref={ref} className={menuOpen ? 'hdr is-menu-open' : 'hdr'} data-scroll={scroll}>
      <div className="hdr__inner">
        <Logo />
        <DesktopNav items={getTopMenu()} />
        <SearchBox />
        <AccountControl account={account} className="hdr__account" />
        <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} account={account} />
      </div>
    </header>
  );
}
