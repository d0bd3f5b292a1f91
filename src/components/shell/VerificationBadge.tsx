import * as React from 'react';

/** Business verification mark (红盾 style electronic business licence badge), inline so it costs no request. */
export function VerificationBadge() {
  return (
    <span className="vbadge">
      <svg width="20" height="22" viewBox="0 0 20 22" aria-hidden="true" focusable="false">
        <path d="M10 1 2 4v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V4z" style={{ fill: 'var(--brand)' }} />
        <path d="m6 11 3 3 5-6" fill="none" stroke="#fff" strokeWidth="2" />
      </svg>
      工商网监 · 电子营业执照已认证
    </span>
  );
}
