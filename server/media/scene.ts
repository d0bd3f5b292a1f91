// A buyer's photo of a product, as SVG (issue 44, "Demo data that looks like a store"): the
// product of a subject (server/media/subjects.ts) standing on a table in front of a wall, its
// shadow on the table, a light from one side. Every choice (the product's colour and variant,
// the wall, the table's material, where the light comes from, the framing) is read from the
// bytes of a sha256, so a media id always gives the same scene; the pixels are drawn by sharp
// (server/media/render.ts) and the demo videos' frames (scripts/make-demo-videos.ts) are the
// same scene with `t` moving the camera. Pure string building: no I/O, a few KB of SVG.
import type { Subject } from './subjects';

type RGB = [number, number, number];

/** Options of a video frame: t in 0..1 pans the camera and turns the product a little. */
export interface SceneFrame {
  t: number;
}

const n = (x: number) => String(Math.round(x * 100) / 100);

function hsl(h: number, s: number, l: number): RGB {
  // h in degrees, s and l in 0..1.
  const k = (m: number) => (m + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (m: number) => l - a * Math.max(-1, Math.min(k(m) - 3, 9 - k(m), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}
const rgb = ([r, g, b]: RGB) => `rgb(${r},${g},${b})`;
const shade = ([r, g, b]: RGB, f: number): RGB =>
  f < 0
    ? [Math.round(r * (1 + f)), Math.round(g * (1 + f)), Math.round(b * (1 + f))]
    : [Math.round(r + (255 - r) * f), Math.round(g + (255 - g) * f), Math.round(b + (255 - b) * f)];

/** Reads numbers from a digest, one byte at a time. */
class Dice {
  private i = 0;
  constructor(private readonly bytes: Uint8Array) {}
  /** 0..1 */
  next(): number {
    const b = this.bytes[this.i % this.bytes.length];
    this.i++;
    return b / 255;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.min(xs.length - 1, Math.floor(this.next() * xs.length))];
  }
}

const LIPSTICK_HUES: readonly RGB[] = [
  [178, 34, 52],
  [200, 40, 70],
  [214, 92, 110],
  [190, 95, 80],
  [150, 30, 60],
  [205, 120, 110],
  [120, 20, 40],
  [230, 80, 90],
];
const METALS: ReadonlyArray<[RGB, RGB]> = [
  [
    [212, 175, 95],
    [150, 112, 40],
  ], // gold
  [
    [210, 210, 215],
    [120, 120, 130],
  ], // silver
  [
    [70, 70, 76],
    [20, 20, 24],
  ], // black
  [
    [220, 160, 150],
    [160, 100, 95],
  ], // rose gold
];

/** A shoe is long and low, a lipstick tall and thin: each fills the frame as a photo would. */
const SUBJECT_SCALE: Record<Subject, number> = {
  handbag: 1,
  shoe: 1.2,
  lipstick: 1.05,
  bottle: 1,
  garment: 1,
  box: 0.95,
};

interface Look {
  main: RGB;
  accent: RGB;
  metal: [RGB, RGB];
  variant: number;
  /** -1: light from the left, 1: from the right. */
  light: number;
  flip: boolean;
}

/** The product in a 100 x 100 box whose bottom edge (y = 100) stands on the table. */
function product(subject: Subject, look: Look, id: string): string {
  const { main, accent, metal, variant } = look;
  const m = rgb(main);
  const dark = rgb(shade(main, -0.3));
  const light = rgb(shade(main, 0.25));
  const shadeFill = `url(#${id}-shade)`;
  const metalFill = `url(#${id}-metal)`;
  const twice = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/><path d="${d}" fill="${shadeFill}"/>`;
  switch (subject) {
    case 'handbag': {
      const body = 'M16 44 L84 44 L91 97 Q91 100 88 100 L12 100 Q9 100 9 97 Z';
      const flap = variant % 2 ? 'M16 44 L84 44 L82 70 Q50 80 18 70 Z' : 'M16 44 L84 44 L83 58 L17 58 Z';
      return (
        `<path d="M30 46 C29 12, 71 12, 70 46" fill="none" stroke="${dark}" stroke-width="4.5" stroke-linecap="round"/>` +
        twice(body, m) +
        `<path d="${flap}" fill="${dark}" opacity="0.55"/>` +
        `<path d="${flap}" fill="none" stroke="${light}" stroke-width="0.6" stroke-dasharray="1.6 1.2" opacity="0.8"/>` +
        `<rect x="45" y="${variant % 2 ? 66 : 54}" width="10" height="8" rx="1.5" fill="${metalFill}"/>` +
        `<rect x="26" y="42" width="5" height="6" rx="1" fill="${metalFill}"/><rect x="69" y="42" width="5" height="6" rx="1" fill="${metalFill}"/>`
      );
    }
    case 'shoe': {
      const upper =
        variant % 2
          ? // a sneaker
            'M8 86 L8 60 Q9 52 18 52 L34 52 Q40 38 52 40 L58 42 Q66 58 82 66 Q96 72 96 86 Z'
          : // a loafer
            'M8 86 L8 66 Q10 58 20 58 L40 58 Q52 60 64 58 Q84 60 94 74 Q97 80 96 86 Z';
      const sole = 'M5 86 L98 86 Q99 94 94 97 Q90 100 84 100 L12 100 Q5 100 5 93 Z';
      const laces =
        variant % 2
          ? [0, 1, 2, 3]
              .map(
                (i) =>
                  `<path d="M${n(44 + i * 5)} ${n(46 + i * 4)} l6 -3" stroke="${rgb(shade(accent, 0.6))}" stroke-width="1.6" stroke-linecap="round"/>`,
              )
              .join('')
          : `<path d="M46 60 Q58 66 70 60" fill="none" stroke="${rgb(accent)}" stroke-width="2.2"/>`;
      return (
        twice(upper, m) +
        `<path d="M70 63 Q90 70 96 86 L74 86 Q72 74 70 63 Z" fill="${light}" opacity="0.6"/>` +
        `<path d="M14 80 Q40 ${variant % 2 ? 62 : 70} 72 74" fill="none" stroke="${rgb(accent)}" stroke-width="3" stroke-linecap="round"/>` +
        laces +
        `<rect x="8" y="${variant % 2 ? 52 : 58}" width="5" height="12" rx="1.5" fill="${dark}"/>` +
        `<path d="${sole}" fill="${variant % 2 ? 'rgb(245,243,238)' : rgb(shade(main, -0.55))}"/>` +
        `<path d="M6 91 L97 91" stroke="rgba(0,0,0,0.15)" stroke-width="0.8"/>`
      );
    }
    case 'lipstick': {
      const bullet = variant % 2 ? 'M42 38 L42 20 L58 10 L58 38 Z' : 'M42 38 L42 18 Q50 6 58 18 L58 38 Z';
      return (
        `<rect x="64" y="83" width="32" height="17" rx="2" fill="${metalFill}"/>` +
        `<rect x="64" y="83" width="32" height="4" rx="1.5" fill="rgba(255,255,255,0.35)"/>` +
        `<rect x="38" y="56" width="24" height="44" rx="2" fill="${metalFill}"/>` +
        `<rect x="38" y="56" width="24" height="44" rx="2" fill="${shadeFill}"/>` +
        `<rect x="37" y="52" width="26" height="5" rx="1" fill="${rgb(metal[1])}"/>` +
        `<rect x="41" y="36" width="18" height="17" fill="${rgb(shade(metal[0], 0.2))}"/>` +
        twice(bullet, m) +
        `<path d="M44 36 L44 ${variant % 2 ? 21 : 19}" stroke="rgba(255,255,255,0.45)" stroke-width="1.5"/>`
      );
    }
    case 'bottle': {
      const kind = variant % 3;
      if (kind === 0)
        // a pump bottle
        return (
          twice('M30 46 Q30 38 38 38 L62 38 Q70 38 70 46 L70 96 Q70 100 66 100 L34 100 Q30 100 30 96 Z', m) +
          `<rect x="44" y="30" width="12" height="9" fill="${metalFill}"/>` +
          `<rect x="40" y="20" width="20" height="10" rx="2" fill="${rgb(shade(accent, 0.5))}"/>` +
          `<rect x="58" y="22" width="14" height="4" rx="1.5" fill="${rgb(shade(accent, 0.5))}"/>` +
          `<rect x="34" y="58" width="32" height="26" rx="1.5" fill="rgba(255,255,255,0.85)"/>` +
          `<rect x="39" y="64" width="22" height="3" fill="${rgb(accent)}"/><rect x="42" y="71" width="16" height="2" fill="rgba(0,0,0,0.35)"/><rect x="44" y="76" width="12" height="2" fill="rgba(0,0,0,0.25)"/>` +
          `<path d="M34 44 L34 94" stroke="rgba(255,255,255,0.45)" stroke-width="2.2"/>`
        );
      if (kind === 1)
        // a cream jar
        return (
          twice('M20 68 Q20 64 24 64 L76 64 Q80 64 80 68 L80 96 Q80 100 76 100 L24 100 Q20 100 20 96 Z', m) +
          `<rect x="18" y="50" width="64" height="16" rx="3" fill="${metalFill}"/>` +
          `<rect x="18" y="50" width="64" height="4" rx="2" fill="rgba(255,255,255,0.35)"/>` +
          `<rect x="30" y="76" width="40" height="12" rx="1" fill="rgba(255,255,255,0.8)"/>` +
          `<rect x="36" y="80" width="28" height="3" fill="${rgb(accent)}"/>` +
          `<path d="M24 70 L24 94" stroke="rgba(255,255,255,0.4)" stroke-width="2"/>`
        );
      // a dropper bottle of serum
      return (
        twice('M32 54 Q32 46 40 46 L60 46 Q68 46 68 54 L68 96 Q68 100 64 100 L36 100 Q32 100 32 96 Z', m) +
        `<rect x="42" y="36" width="16" height="11" fill="${metalFill}"/>` +
        `<path d="M44 36 L44 22 Q50 12 56 22 L56 36 Z" fill="${rgb(shade(accent, -0.2))}"/>` +
        `<rect x="36" y="62" width="28" height="22" rx="1" fill="rgba(255,255,255,0.8)"/>` +
        `<rect x="40" y="67" width="20" height="3" fill="${rgb(accent)}"/><rect x="42" y="74" width="16" height="2" fill="rgba(0,0,0,0.3)"/>` +
        `<path d="M36 52 L36 94" stroke="rgba(255,255,255,0.45)" stroke-width="2"/>`
      );
    }
    case 'garment': {
      const shirt = 'M30 14 L42 9 Q50 17 58 9 L70 14 L92 30 L84 46 L73 40 L73 100 L27 100 L27 40 L16 46 L8 30 Z';
      const pattern =
        variant % 3 === 0
          ? [0, 1, 2, 3, 4, 5, 6, 7]
              .map(
                (i) =>
                  `<rect x="27" y="${n(30 + i * 9)}" width="46" height="3.5" fill="${rgb(accent)}" opacity="0.8"/>`,
              )
              .join('')
          : variant % 3 === 1
            ? `<circle cx="50" cy="52" r="11" fill="${rgb(accent)}"/><circle cx="50" cy="52" r="6" fill="${light}"/>`
            : `<rect x="56" y="34" width="10" height="11" rx="1" fill="none" stroke="${dark}" stroke-width="0.9"/>`;
      return (
        `<defs><clipPath id="${id}-shirt"><path d="${shirt}"/></clipPath></defs>` +
        twice(shirt, m) +
        `<g clip-path="url(#${id}-shirt)">${pattern}</g>` +
        `<path d="M42 9 Q50 21 58 9" fill="none" stroke="${dark}" stroke-width="2.4"/>` +
        `<path d="M27 40 L27 100 M73 40 L73 100" stroke="rgba(0,0,0,0.18)" stroke-width="0.8"/>` +
        `<path d="M27 96 L73 96" stroke="rgba(0,0,0,0.15)" stroke-width="0.8"/>`
      );
    }
    case 'box': {
      const front = 'M14 52 L68 52 L68 100 L14 100 Z';
      const top = 'M14 52 L30 38 L86 38 L68 52 Z';
      const side = 'M68 52 L86 38 L86 86 L68 100 Z';
      const ribbon = variant % 2;
      return (
        `<path d="${front}" fill="${m}"/><path d="${top}" fill="${light}"/><path d="${side}" fill="${dark}"/>` +
        (ribbon
          ? `<path d="M37 52 L45 52 L45 100 L37 100 Z" fill="${rgb(accent)}"/><path d="M37 52 L45 52 L61 38 L53 38 Z" fill="${rgb(shade(accent, 0.25))}"/>` +
            `<path d="M49 38 Q40 26 46 24 Q52 24 53 37 Q56 24 62 25 Q66 29 57 38 Z" fill="${rgb(accent)}"/>`
          : `<rect x="22" y="64" width="38" height="22" rx="1" fill="rgba(255,255,255,0.85)"/><circle cx="31" cy="75" r="5" fill="${rgb(accent)}"/>` +
            `<rect x="39" y="71" width="17" height="2.5" fill="rgba(0,0,0,0.4)"/><rect x="39" y="77" width="13" height="2" fill="rgba(0,0,0,0.25)"/>`) +
        `<path d="M14 52 L68 52 L86 38" fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="0.8"/>`
      );
    }
  }
}

/**
 * The scene of `subject` as an SVG document of exactly width x height pixels, every choice
 * read from `digest` (32 bytes: sha256 of the media id). `frame` moves the camera (videos).
 */
export function sceneSvg(
  subject: Subject,
  digest: Uint8Array,
  width: number,
  height: number,
  frame?: SceneFrame,
): string {
  const d = new Dice(digest);
  const w = width;
  const h = height;
  // The product's colour: any hue, never grey mud; a lipstick's from lipstick shades.
  const main: RGB =
    subject === 'lipstick' ? d.pick(LIPSTICK_HUES) : hsl(d.range(0, 360), d.range(0.35, 0.75), d.range(0.32, 0.62));
  const accent = hsl(d.range(0, 360), d.range(0.4, 0.8), d.range(0.35, 0.6));
  const look: Look = {
    main,
    accent,
    metal: d.pick(METALS),
    variant: Math.floor(d.next() * 6),
    light: d.next() < 0.5 ? -1 : 1,
    flip: d.next() < 0.5,
  };
  // The wall: a soft colour, lit from the light's side.
  const wallHue = d.range(0, 360);
  const wall = hsl(wallHue, d.range(0.08, 0.3), d.range(0.78, 0.92));
  const wall2 = shade(wall, -d.range(0.1, 0.22));
  // The table: wood, marble, linen or slate.
  const material = d.pick(['wood', 'marble', 'linen', 'slate'] as const);
  const table: RGB =
    material === 'wood'
      ? hsl(d.range(20, 36), d.range(0.3, 0.5), d.range(0.36, 0.56))
      : material === 'marble'
        ? hsl(d.range(0, 360), 0.06, d.range(0.86, 0.94))
        : material === 'linen'
          ? hsl(d.range(0, 360), d.range(0.08, 0.22), d.range(0.7, 0.84))
          : hsl(d.range(190, 230), 0.08, d.range(0.22, 0.34));
  const horizon = d.range(0.5, 0.66);
  const scale = d.range(0.62, 0.76) * SUBJECT_SCALE[subject];
  const offset = d.range(-0.06, 0.06);

  const t = frame?.t ?? 0;
  // A video's camera drifts sideways and the product turns a little, and back (a loop).
  const swing = Math.sin(2 * Math.PI * t);
  const pan = frame ? swing * 0.05 * w : 0;
  const turn = frame ? swing * 4 : 0;

  const tableY = horizon * h;
  const size = Math.min(w * 0.9, h * 0.8) * scale;
  const baseY = tableY + (h - tableY) * 0.42;
  const cx = w * (0.5 + offset) + pan;
  const id = 's';
  const lightX = look.light < 0 ? 0.2 : 0.8;

  const grain =
    material === 'wood'
      ? [0.12, 0.27, 0.45, 0.63, 0.84]
          .map((f, i) => {
            const y = tableY + (h - tableY) * f;
            return `<path d="M0 ${n(y)} Q${n(w * 0.4)} ${n(y + (i % 2 ? 4 : -4))} ${n(w)} ${n(y + 2)}" stroke="${rgb(shade(table, -0.18))}" stroke-width="${n(Math.max(1, h / 400))}" fill="none" opacity="0.6"/>`;
          })
          .join('')
      : material === 'marble'
        ? [0.2, 0.55, 0.8]
            .map((f, i) => {
              const y = tableY + (h - tableY) * f;
              return `<path d="M${n(w * (i * 0.3))} ${n(y)} C${n(w * 0.3)} ${n(y - 12)}, ${n(w * 0.5)} ${n(y + 16)}, ${n(w)} ${n(y - 6)}" stroke="rgba(120,120,130,0.25)" stroke-width="${n(Math.max(1, h / 500))}" fill="none"/>`;
            })
            .join('')
        : '';
  const shadowDx = -look.light * size * 0.12;
  const rotate = look.flip ? `translate(100 0) scale(-1 1)` : '';
  // The product's shading in its own (maybe mirrored) coordinates: lit from the scene's light.
  const lit = look.flip ? -look.light : look.light;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>` +
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${rgb(wall2)}"/><stop offset="1" stop-color="${rgb(wall)}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${lightX}" cy="0.25" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${rgb(shade(table, 0.08))}"/><stop offset="1" stop-color="${rgb(shade(table, -0.2))}"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.38"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}-shade" x1="${lit < 0 ? 0 : 1}" y1="0" x2="${lit < 0 ? 1 : 0}" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>` +
    `<linearGradient id="${id}-metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${rgb(look.metal[1])}"/><stop offset="0.35" stop-color="${rgb(look.metal[0])}"/><stop offset="0.6" stop-color="${rgb(shade(look.metal[0], 0.3))}"/><stop offset="1" stop-color="${rgb(look.metal[1])}"/></linearGradient>` +
    `</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>` +
    `<rect width="${w}" height="${h}" fill="url(#glow)"/>` +
    `<rect y="${n(tableY)}" width="${w}" height="${n(h - tableY)}" fill="url(#table)"/>` +
    grain +
    `<rect y="${n(tableY)}" width="${w}" height="${n(Math.max(1, h / 200))}" fill="rgba(255,255,255,0.35)"/>` +
    `<ellipse cx="${n(cx + shadowDx)}" cy="${n(baseY - size * 0.01)}" rx="${n(size * 0.55)}" ry="${n(size * 0.09)}" fill="url(#shadow)"/>` +
    `<g transform="translate(${n(cx - size / 2)} ${n(baseY - size)}) scale(${n(size / 100)}) rotate(${n(turn)} 50 100)"><g transform="${rotate}">${product(subject, look, id)}</g></g>` +
    `</svg>`
  );
}
