// Media URLs: /media/{kind}/{id}/{width}x{height}.{jpg|webp}. The URL alone determines the
// image (colours from a hash of kind + id, size from the file name), so any URL in the data can
// be rendered lazily on first request and cached on disk under the same relative path.
import type { Image } from '../../src/storefront/wire/common';

const MEDIA_KINDS = [
  'picture',
  'avatar',
  'medal',
  'product',
  'sku',
  'cover',
  'brand',
  'merchant',
  'banner',
  'article',
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export type MediaExt = 'jpg' | 'webp';

export interface MediaKey {
  kind: MediaKind;
  id: string;
  width: number;
  height: number;
  ext: MediaExt;
}

const MAX_SIDE = 4096;
const MAX_PIXELS = 12_000_000;
/** Long side of review-picture thumbnails. */
const THUMB_LONG_SIDE = 320;

const ID_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;
const FILE_RE = /^([1-9][0-9]{0,3})x([1-9][0-9]{0,3})\.(jpg|webp)$/;

export function mediaPath(
  kind: MediaKind,
  id: string | number,
  width: number,
  height: number,
  ext: MediaExt = 'jpg',
): string {
  return `/media/${kind}/${id}/${width}x${height}.${ext}`;
}

export function mediaImage(
  kind: MediaKind,
  id: string | number,
  width: number,
  height: number,
  ext: MediaExt = 'jpg',
): Image {
  return { url: mediaPath(kind, id, width, height, ext), format: ext === 'jpg' ? 'jpeg' : 'webp', width, height };
}

/** Thumbnail size: the same aspect ratio, long side THUMB_LONG_SIDE (never larger than the full). */
export function thumbSize(width: number, height: number): [number, number] {
  const scale = Math.min(1, THUMB_LONG_SIDE / Math.max(width, height));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/** Parses the three path segments after /media/; null when they do not match the pattern. */
export function parseMediaPath(kind: string, id: string, file: string): MediaKey | null {
  if (!(MEDIA_KINDS as readonly string[]).includes(kind) || !ID_RE.test(id)) return null;
  const m = FILE_RE.exec(file);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) return null;
  return { kind: kind as MediaKind, id, width, height, ext: m[3] as MediaExt };
}

/** Prefix for root-relative media URLs (MEDIA_BASE_URL); identity when unset. */
export function mediaUrlPrefixer(base: string | undefined): (url: string | null | undefined) => string | null {
  const prefix = (base ?? '').replace(/\/+$/, '');
  return (url) => {
    if (url == null) return null;
    return prefix && url.startsWith('/media/') ? prefix + url : url;
  };
}
