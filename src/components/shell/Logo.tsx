import * as React from 'react';
import { Link } from 'gatsby';
import { homePath } from '../../paths';
import { siteConfig } from '../../site-config';

/** Site logo: a small mark and the site name, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to={homePath()} className={`logo ${className}`} aria-label={`${siteConfig.siteName}首页`}>
      <svg className="logo__mark" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="7" style={{ fill: 'var(--brand)' }} />
        <path d="M8 11h12l-1.2 10H9.2z" fill="#fff" />
        <path d="M11 11V9.5a3 3 0 0 1 6 0V11" fill="none" stroke="#fff" strokeWidth="1.8" />
      </svg>
      <span className="logo__text">{siteConfig.siteName}</span>
    </Link>
  );
}
