// Deterministic placeholder images. Pixels depend only on (kind, id, width, height): a diagonal
// two-colour gradient whose colours come from sha256(kind/id), with a simple shape per kind
// (a play triangle on video covers, a circle on avatars, ...). Thumbnails share the id of
// their full picture, so they look like the full picture scaled down. Encoding with the sharp
// build pinned by the lockfile gives identical bytes for the same URL.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { MediaKey } from './urls';

type RGB = [number, number, number];

function palette(kind: string, id: string): { a: RGB; b: RGB; c: RGB; cx: number; cy: number } {
  const h = createHash('sha256').update(`${kind}/${id}`).digest();
  // Keep colours in a pleasant mid range so JPEG artefacts stay small.
  const col = (i: number): RGB => [60 + (h[i] % 170), 60 + (h[i + 1] % 170), 60 + (h[i + 2] % 170)];
  return { a: col(0), b: col(3), c: col(6), cx: 0.3 + (h[9] / 255) * 0.4, cy: 0.3 + (h[10] / 255) * 0.4 };
}

function insideShape(kind: string, u: number, v: number, cx: number, cy: number, aspect: number): boolean {
  // u, v in 0..1; distances scaled so shapes stay round on non-square images.
  const dx = (u - cx) * aspect;
  const dy = v - cy;
  const m = Math.min(1, aspect);
  switch (kind) {
    case 'avatar': {
      const head = (u - 0.5) ** 2 + ((v - 0.4) ** 2) < 0.04;
      const body = (u - 0.5) ** 2 + ((v - 1.0) ** 2) < 0.12;
      return head || body;
    }
    case 'medal':
      return Math.abs(u - 0.5) + Math.abs(v - 0.5) < 0.35;
    case 'cover': {
      // Play triangle in the middle.
      const x = (u - 0.5) * aspect;
      const y = v - 0.5;
      const r = 0.12 * m;
      return x > -r && x < r * 1.2 && Math.abs(y) < (r * 1.2 - x) * 0.55;
    }
    case 'product':
    case 'sku':
      return Math.abs(u - 0.5) < 0.28 && Math.abs(v - 0.55) < 0.3;
    case 'brand':
    case 'merchant':
      return Math.abs(v - 0.5) < 0.08 && Math.abs(u - 0.5) < 0.35;
    default:
      return dx * dx + dy * dy < (0.22 * m) ** 2;
  }
}

export function renderPixels(key: MediaKey): Buffer {
  const { width: w, height: h } = key;
  const { a, b, c, cx, cy } = palette(key.kind, key.id);
  const px = Buffer.allocUnsafe(w * h * 3);
  const aspect = w / h;
  let o = 0;
  for (let y = 0; y < h; y++) {
    const v = (y + 0.5) / h;
    for (let x = 0; x < w; x++) {
      const u = (x + 0.5) / w;
      if (insideShape(key.kind, u, v, cx, cy, aspect)) {
        px[o] = c[0]; px[o + 1] = c[1]; px[o + 2] = c[2];
      } else {
        const t = (u + v) / 2;
        px[o] = Math.round(a[0] + (b[0] - a[0]) * t);
        px[o + 1] = Math.round(a[1] + (b[1] - a[1]) * t);
        px[o + 2] = Math.round(a[2] + (b[2] - a[2]) * t);
      }
      o += 3;
    }
  }
  return px;
}

export async function renderImage(key: MediaKey): Promise<Buffer> {
  const img = sharp(renderPixels(key), { raw: { width: key.width, height: key.height, channels: 3 } });
  return key.ext === 'webp'
    ? img.webp({ quality: 80, effort: 2 }).toBuffer()
    : img.jpeg({ quality: 82, chromaSubsampling: '4:2:0' }).toBuffer();
}
