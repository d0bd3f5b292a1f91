import * as React from 'react';

export interface ImgProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load eagerly with high priority (LCP). */
  eager?: boolean;
  /**
   * Other widths of the same picture (src/common/media-variants.ts srcSetOf, which gives only
   * media-server URLs of its strict pattern, already passed through safeUrl) and the slot's
   * width per breakpoint: both or neither.
   */
  srcSet?: string;
  sizes?: string;
}

/** An image that always declares its size, so nothing shifts while it loads. */
export function Img({ src, alt, width, height, className, eager, srcSet, sizes }: ImgProps) {
  return (
    <img
      src={src}
      {...(srcSet && sizes ? { srcSet, sizes } : {})}
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
