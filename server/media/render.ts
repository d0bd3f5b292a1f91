// Deterministic demo images. Pixels depend only on (kind, id, width, height) and the subject
// of the picture's owner (server/media/subjects.ts, from its category): review pictures, video
// covers, product and SKU images are a scene of a product of that subject on a table
// (server/media/scene.ts, issue 44), every choice read from sha256(kind/id); the other kinds a
// diagonal two-colour gradient from the same hash with a simple shape per kind (a head and
// shoulders on avatars, ...). Thumbnails and width variants share the id of their full
// picture, so they look like the full picture scaled down.
//
// The image is described as a small SVG and drawn by libvips (librsvg) inside sharp's pipeline,
// which runs on the libuv thread pool: the event loop only builds a string of a few hundred
// bytes. (It used to fill every pixel in a JS loop on the main thread, 0.5-1 s of blocked
// server per new URL: issue 12 item 2.) Edges are anti-aliased. The sharp build pinned by the
// lockfile gives identical bytes for the same URL.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { sceneSvg } from './scene';
import type { Subject } from './subjects';
import type { MediaKey } from './urls';

/** Bumped whenever the pixels of a URL change; the disk cache drops images of other versions. */
export const RENDERER_VERSION = 'scene-2';

type RGB = [number, number, number];

function palette(kind: string, id: string): { a: RGB; b: RGB; c: RGB; cx: number; cy: number } {
  const h = createHash('sha256').update(`${kind}/${id}`).digest();
  // Keep colours in a pleasant mid range so JPEG artefacts stay small.
  const col = (i: number): RGB => [60 + (h[i] % 170), 60 + (h[i + 1] % 170), 60 + (h[i + 2] % 170)];
  return { a: col(0), b: col(3), c: col(6), cx: 0.3 + (h[9] / 255) * 0.4, cy: 0.3 + (h[10] / 255) * 0.4 };
}

const rgb = ([r, g, b]: RGB) => `rgb(${r},${g},${b})`;
const n = (x: number) => String(Math.round(x * 100) / 100);

/** The kind's shape as SVG elements in pixel coordinates (w x h), filled with `fill`. */
function shape(kind: string, w: number, h: number, cx: number, cy: number, fill: string): string {
  const m = Math.min(1, w / h);
  const poly = (pts: Array<[number, number]>) =>
    `<polygon fill="${fill}" points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}"/>`;
  const rect = (x0: number, y0: number, x1: number, y1: number) =>
    `<rect fill="${fill}" x="${n(x0 * w)}" y="${n(y0 * h)}" width="${n((x1 - x0) * w)}" height="${n((y1 - y0) * h)}"/>`;
  const ellipse = (u: number, v: number, ru: number, rv: number) =>
    `<ellipse fill="${fill}" cx="${n(u * w)}" cy="${n(v * h)}" rx="${n(ru * w)}" ry="${n(rv * h)}"/>`;
  switch (kind) {
    case 'avatar':
      return ellipse(0.5, 0.4, 0.2, 0.2) + ellipse(0.5, 1.0, Math.sqrt(0.12), Math.sqrt(0.12));
    case 'medal':
      return poly([
        [0.15 * w, 0.5 * h],
        [0.5 * w, 0.15 * h],
        [0.85 * w, 0.5 * h],
        [0.5 * w, 0.85 * h],
      ]);
    case 'cover': {
      // Play triangle in the middle, sized by the short side.
      const r = 0.12 * m * h;
      return poly([
        [w / 2 - r, h / 2 - 1.21 * r],
        [w / 2 - r, h / 2 + 1.21 * r],
        [w / 2 + 1.2 * r, h / 2],
      ]);
    }
    case 'product':
    case 'sku':
      return rect(0.22, 0.25, 0.78, 0.85);
    case 'brand':
    case 'merchant':
      return rect(0.15, 0.42, 0.85, 0.58);
    default:
      return `<circle fill="${fill}" cx="${n(cx * w)}" cy="${n(cy * h)}" r="${n(0.22 * m * h)}"/>`;
  }
}

/** The placeholder as an SVG document of exactly key.width x key.height pixels. */
function placeholderSvg(key: MediaKey): string {
  const { width: w, height: h } = key;
  const { a, b, c, cx, cy } = palette(key.kind, key.id);
  // objectBoundingBox units: the colour is a + (b - a) * (u + v) / 2 for u, v in 0..1.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${rgb(a)}"/><stop offset="1" stop-color="${rgb(b)}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${shape(key.kind, w, h, cx, cy, rgb(c))}</svg>`
  );
}

/** The SVG of a media key: its subject's scene, or the kind's placeholder when it has none. */
export function imageSvg(key: MediaKey, subject: Subject | null): string {
  if (!subject) return placeholderSvg(key);
  const digest = createHash('sha256').update(`${key.kind}/${key.id}`).digest();
  return sceneSvg(subject, digest, key.width, key.height);
}

export async function renderImage(key: MediaKey, subject: Subject | null = null): Promise<Buffer> {
  // removeAlpha: the SVG is opaque; JPEG and WebP without an alpha plane.
  const img = sharp(Buffer.from(imageSvg(key, subject))).removeAlpha();
  return key.ext === 'webp'
    ? img.webp({ quality: 80, effort: 2 }).toBuffer()
    : img.jpeg({ quality: 82, chromaSubsampling: '4:2:0' }).toBuffer();
}
