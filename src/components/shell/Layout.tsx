import * as React from 'react';
import { useCallback, useState } from 'react';
import { DownloadBar } from './DownloadBar';
import { HydrateLater } from '../common/HydrateLater';
import { Footer } from './Footer';
import { Header } from './Header';
import { SiteAnalytics } from './SiteAnalytics';

export interface LayoutProps {
  children: React.ReactNode;
  /** Pages that must fit any width opt out of the desktop minimum width (spec section 2). */
  widthAuto?: boolean;
  /** Leave out the app download bar (e.g. on pages already inside the app funnel). */
  hideDownloadBar?: boolean;
}

/**
 * The shared shell (spec section 2, "Shell"): skip link, header (desktop category navigation,
 * mobile menu), content, footer and the app download bar, whose space is reserved at the
 * bottom of the page while it shows; site analytics, when configured, after the delayed-load hook.
 */
export function Layout({ children, widthAuto, hideDownloadBar }: LayoutProps) {
  const [barShown, setBarShown] = useState(!hideDownloadBar);
  const onDismiss = useCallback(() => setBarShown(false), []);
  const cls = ['page', widthAuto ? 'page--auto' : '', barShown ? 'page--bar' : ''].filter(Boolean).join(' ');
  return (
    <div className={cls}>
      <a className="skip" href="#main">
        跳到主要内容
      </a>
      <Header />
      <main id="main" className="page__main" tabIndex={-1}>
        {children}
      </main>
      {/* Below the fold on every page: hydrated when near the viewport (issue 26). */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
      {!hideDownloadBar && <DownloadBar onDismiss={onDismiss} />}
      <SiteAnalytics />
    </div>
  );
}
