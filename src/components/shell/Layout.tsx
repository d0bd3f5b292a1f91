import * as React from 'react';

export interface LayoutProps {
  children: React.ReactNode;
  /** Pages that must fit any width opt out of the desktop minimum width (spec section 2). */
  widthAuto?: boolean;
}

/**
 * The shared shell: header (desktop category navigation / mobile menu), content, footers
 * and the app download bar. Placeholder until the shell issue lands its components.
 */
export function Layout({ children, widthAuto }: LayoutProps) {
  return (
    <div className={widthAuto ? 'page page--auto' : 'page'}>
      <main id="main" className="page__main">{children}</main>
    </div>
  );
}
