import * as React from 'react';

export interface ImgProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load eagerly with high priority (LCP). */
  eager?: boolean;
}

/** An image that always declares its size, so nothing shifts while it loads. */
export function Img({ src, alt, width, height, className, eager }: ImgProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      {...(eager ? { fetchpriority: 'high' } : {})}
    />
  );
}
