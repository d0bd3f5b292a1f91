// The media server's width variants of a picture (issue 44, "srcset from the media server's
// sizes"), derived from the picture's own URL: the one rule of the site (srcset) and of the
// reference server (server/media/sizes.ts serves exactly these sizes), so neither lists URLs
// the other does not know. Imports only safe-url.ts: the site takes it without server code.
//
// A media URL is /media/{kind}/{id}/{width}x{height}.{jpg|webp}, root-relative or behind a
// MEDIA_BASE_URL origin (server/media/urls.ts). Review pictures have width variants of the same
// aspect ratio; products have their two sizes (the card's 240 and the page's 800).
import { safeUrl } from './safe-url';

/** Widths a review picture is also served at, whatever its own size. */
export const PICTURE_VARIANT_WIDTHS = [360, 540, 720] as const;
/** The product and sku pictures' square sizes (server/media/sizes.ts serves both). */
export const SQUARE_SIZES = [240, 800] as const;

export interface MediaVariant {
  url: string;
  width: number;
  height: number;
}

// Strict on purpose: a URL that becomes a srcset candidate must hold no comma, space or
// anything a srcset parser reads as a separator, and must be one the media server names.
// (Its source is also the search page's inline script's: src/search/early-script.ts.)
export const MEDIA_URL_RE =
  /^((?:https?:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?)?(?:\/[A-Za-z0-9._~-]+)*)\/media\/(picture|product|sku)\/([a-z0-9][a-z0-9-]{0,39})\/([1-9][0-9]{0,3})x([1-9][0-9]{0,3})\.(jpg|webp)$/;

/** The size of a `width`-wide variant of a width x height picture: the same aspect ratio. */
export function variantSize(width: number, height: number, target: number): [number, number] {
  return [target, Math.max(1, Math.round((target * height) / width))];
}

/** The widths x heights a picture of this kind and size is also served at (its own excluded). */
export function variantSizes(kind: string, width: number, height: number): Array<[number, number]> {
  if (kind === 'picture')
    return PICTURE_VARIANT_WIDTHS.filter((w) => w !== width).map((w) => variantSize(width, height, w));
  if ((kind === 'product' || kind === 'sku') && width === height && SQUARE_SIZES.some((s) => s === width))
    return SQUARE_SIZES.filter((s) => s !== width).map((s) => [s, s]);
  return [];
}

/**
 * The picture at `url` and its variants, narrowest first; [] when the URL is not a media
 * server picture with variants. `url` must already be a safe URL (src/common/safe-url.ts: the
 * view models pass every wire URL through it); anything else, or any URL the strict pattern
 * does not match, gives [] and so never reaches a srcset.
 */
export function mediaVariants(url: string): MediaVariant[] {
  const m = safeUrl(url) === url ? MEDIA_URL_RE.exec(url) : null;
  if (!m) return [];
  const [, base, kind, id, w, h, ext] = m;
  const width = Number(w);
  const height = Number(h);
  const others = variantSizes(kind, width, height);
  if (!others.length) return [];
  return [
    { url, width, height },
    ...others.map(([vw, vh]) => ({ url: `${base}/media/${kind}/${id}/${vw}x${vh}.${ext}`, width: vw, height: vh })),
  ].sort((a, b) => a.width - b.width);
}

/** `srcset` of the picture at `url` (width descriptors), or undefined when it has no variants. */
export function srcSetOf(url: string): string | undefined {
  const variants = mediaVariants(url);
  return variants.length ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;
}
