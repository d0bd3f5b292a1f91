// The fixed set of sizes and formats the server renders, per kind: exactly what the demo data
// writes (server/seed/generate.ts and its vocab), and the width variants of a review picture
// that the site puts in its srcset (issue 44), derived from a picture's own size by the one
// rule both share, src/common/media-variants.ts. Nothing else is ever asked for by a page. Any
// other size is a 404 before the database or the renderer is asked (issue 12 item 2: a client
// could ask for 12 MP images). tests/integration/server/media-limits.test.ts checks every media
// URL of a seeded database against this table; media-variants.test.ts every srcset URL of the
// built site.
import { variantSizes } from '../../src/common/media-variants';
import { PICTURE_SIZES, VIDEO_COVER_SIZES } from '../seed/vocab';
import { thumbSize, type MediaExt, type MediaKey, type MediaKind } from './urls';

type Size = readonly [number, number];

const ownPictures: Size[] = [...PICTURE_SIZES, ...PICTURE_SIZES.map(([w, h]) => thumbSize(w, h))];
// A full picture's and its thumbnail's variants may differ by a pixel of height (each keeps
// its own URL's aspect ratio, rounded): both are served.
const pictures: Size[] = [...ownPictures, ...ownPictures.flatMap(([w, h]) => variantSizes('picture', w, h))];

const SIZES: Record<MediaKind, { sizes: readonly Size[]; exts: readonly MediaExt[] }> = {
  picture: { sizes: pictures, exts: ['jpg', 'webp'] },
  cover: { sizes: VIDEO_COVER_SIZES, exts: ['jpg'] },
  avatar: { sizes: [[160, 160]], exts: ['jpg'] },
  medal: { sizes: [[72, 72]], exts: ['webp'] },
  product: {
    sizes: [
      [800, 800],
      [240, 240],
    ],
    exts: ['jpg'],
  },
  sku: {
    sizes: [
      [800, 800],
      [240, 240],
    ],
    exts: ['jpg'],
  },
  merchant: { sizes: [[240, 120]], exts: ['jpg'] },
  banner: {
    sizes: [
      [750, 300],
      [1500, 500],
    ],
    exts: ['jpg'],
  },
  brand: { sizes: [[200, 100]], exts: ['jpg'] },
  article: { sizes: [[690, 388]], exts: ['jpg'] },
};

const ALLOWED = new Set(
  Object.entries(SIZES).flatMap(([kind, { sizes, exts }]) =>
    sizes.flatMap(([w, h]) => exts.map((ext) => `${kind}:${w}x${h}.${ext}`)),
  ),
);

/** True when (kind, width, height, ext) is one the data uses. */
export function isServedSize(key: MediaKey): boolean {
  return ALLOWED.has(`${key.kind}:${key.width}x${key.height}.${key.ext}`);
}
