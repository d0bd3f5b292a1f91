import * as React from 'react';

/** A reviewer's small avatar, or an empty placeholder of the same size when there is none. */
export function Avatar({ className, src, size }: { className: string; src?: string | null; size: number }) {
  return src ? (
    <img className={className} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className={className} aria-hidden="true" />
  );
}
