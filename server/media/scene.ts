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
  jewellery: 1,
  watch: 0.95,
  headphones: 1,
  camera: 1.05,
  phone: 1.1,
  gamepad: 1.1,
  snack: 1,
  jar: 0.95,
  teddy: 1,
  blocks: 1,
};

/** A teddy bear's fur: browns, honey, cream, grey and pink plush. */
const FURS: readonly RGB[] = [
  [150, 100, 60],
  [120, 78, 48],
  [190, 140, 85],
  [214, 178, 130],
  [232, 214, 188],
  [160, 160, 166],
  [226, 160, 170],
  [96, 66, 50],
];
/** Toy bricks: the bright primaries of a box of building blocks. */
const BRICKS: readonly RGB[] = [
  [214, 40, 40],
  [245, 196, 30],
  [30, 100, 200],
  [40, 160, 80],
  [245, 245, 240],
  [240, 120, 30],
];

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

    case 'jewellery': {
      const kind = variant % 3;
      // A diamond (white) or a coloured stone.
      const stone: RGB = variant < 3 ? [228, 236, 248] : accent;
      const gem = (cx: number, cy: number, r: number) =>
        `<path d="M${n(cx - r)} ${n(cy - r * 0.2)} L${n(cx - r * 0.55)} ${n(cy - r * 0.8)} L${n(cx + r * 0.55)} ${n(cy - r * 0.8)} L${n(cx + r)} ${n(cy - r * 0.2)} L${n(cx)} ${n(cy + r)} Z" fill="${rgb(stone)}" stroke="${rgb(shade(stone, -0.35))}" stroke-width="0.5"/>` +
        `<path d="M${n(cx - r)} ${n(cy - r * 0.2)} L${n(cx + r)} ${n(cy - r * 0.2)} M${n(cx - r * 0.3)} ${n(cy - r * 0.8)} L${n(cx)} ${n(cy + r)} L${n(cx + r * 0.3)} ${n(cy - r * 0.8)}" fill="none" stroke="rgba(255,255,255,0.7)" stroke-width="0.4"/>` +
        `<circle cx="${n(cx - r * 0.35)}" cy="${n(cy - r * 0.45)}" r="${n(r * 0.18)}" fill="#fff"/>`;
      if (kind === 0)
        // A ring in an open ring box: the lid up behind, the ring in the cushion's slit.
        return (
          `<path d="M22 72 L25 30 Q25 26 29 26 L71 26 Q75 26 75 30 L78 72 Z" fill="${dark}"/>` +
          `<path d="M29 68 L30 34 Q30 32 32 32 L68 32 Q70 32 70 34 L71 68 Z" fill="${light}"/>` +
          `<path d="M29 68 L30 34 Q30 32 32 32 L68 32 Q70 32 70 34 L71 68 Z" fill="${shadeFill}"/>` +
          twice('M18 72 L82 72 L82 97 Q82 100 79 100 L21 100 Q18 100 18 97 Z', m) +
          `<rect x="18" y="70" width="64" height="6" rx="2" fill="${light}"/>` +
          `<ellipse cx="50" cy="74" rx="15" ry="2.2" fill="rgba(0,0,0,0.5)"/>` +
          `<ellipse cx="50" cy="62" rx="11" ry="12" fill="none" stroke="${metalFill}" stroke-width="3.4"/>` +
          `<path d="M44 51 L47 47 L53 47 L56 51" fill="none" stroke="${rgb(metal[0])}" stroke-width="1.4"/>` +
          gem(50, 45, 6.5)
        );
      if (kind === 1) {
        // A necklace around a velvet neck stand: a pendant on a chain, or a string of pearls.
        const stand =
          'M42 8 Q50 4 58 8 L58 30 Q60 40 76 43 Q90 47 90 64 L90 100 L10 100 L10 64 Q10 47 24 43 Q40 40 42 30 Z';
        const q = (t: number, p0: number, p1: number, p2: number) =>
          (1 - t) * (1 - t) * p0 + 2 * (1 - t) * t * p1 + t * t * p2;
        const necklace =
          variant === 4
            ? `<defs><radialGradient id="${id}-pearl" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="rgb(200,192,182)"/></radialGradient></defs>` +
              Array.from({ length: 21 }, (_, i) => {
                const t = (i % 11) / 10;
                const [x, y] = i < 11 ? [q(t, 38, 40, 50), q(t, 36, 62, 69)] : [q(t, 50, 60, 62), q(t, 69, 62, 36)];
                return i === 11 ? '' : `<circle cx="${n(x)}" cy="${n(y)}" r="2.3" fill="url(#${id}-pearl)"/>`;
              }).join('')
            : `<path d="M38 36 Q40 62 50 68 Q60 62 62 36" fill="none" stroke="${rgb(metal[1])}" stroke-width="2"/>` +
              `<path d="M38 36 Q40 62 50 68 Q60 62 62 36" fill="none" stroke="${rgb(shade(metal[0], 0.3))}" stroke-width="1.4" stroke-dasharray="1.3 0.8"/>` +
              `<circle cx="50" cy="69.5" r="2" fill="none" stroke="${metalFill}" stroke-width="1.2"/>` +
              gem(50, 77, 7);
        return (
          twice(stand, rgb(shade(main, -0.4))) +
          `<path d="${stand}" fill="none" stroke="${rgb(shade(main, -0.1))}" stroke-width="0.8"/>` +
          necklace
        );
      }
      // A bracelet of beads standing on a porcelain dish.
      const beads = Array.from({ length: 16 }, (_, i) => {
        const a = (i / 16) * 2 * Math.PI;
        const x = 50 + 22 * Math.cos(a);
        const y = 64 + 22 * Math.sin(a);
        return `<circle cx="${n(x)}" cy="${n(y)}" r="5.6" fill="${m}"/><circle cx="${n(x)}" cy="${n(y)}" r="5.6" fill="url(#${id}-bead)"/>`;
      }).join('');
      return (
        `<defs><radialGradient id="${id}-bead" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="0.35" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>` +
        `<ellipse cx="50" cy="92" rx="46" ry="8" fill="rgb(244,242,236)"/>` +
        `<ellipse cx="50" cy="91" rx="38" ry="5.5" fill="rgb(226,222,214)"/>` +
        `<path d="M4 92 Q6 99 50 100 Q94 99 96 92" fill="rgb(214,210,202)"/>` +
        beads +
        `<rect x="47" y="83" width="6" height="8" rx="1.5" fill="${metalFill}"/>`
      );
    }
    case 'watch': {
      const kind = variant % 3;
      // A display cushion the strap wraps around, the face turned to the camera.
      const cushion = 'M24 40 Q24 28 36 28 L64 28 Q76 28 76 40 L76 92 Q76 100 68 100 L32 100 Q24 100 24 92 Z';
      const strap = kind === 1 ? metalFill : kind === 2 ? rgb(shade(main, -0.1)) : rgb(shade(main, -0.35));
      const links =
        kind === 1
          ? [31, 36, 41, 82, 87, 92, 97]
              .map((y) => `<path d="M38 ${y} L62 ${y}" stroke="rgba(0,0,0,0.25)" stroke-width="0.6"/>`)
              .join('')
          : `<path d="M40 30 L40 100 M60 30 L60 100" stroke="${rgb(shade(main, 0.3))}" stroke-width="0.5" stroke-dasharray="1.4 1"/>`;
      const base =
        twice(cushion, 'rgb(232,228,222)') +
        `<rect x="37" y="28" width="26" height="72" fill="${strap}"/>` +
        `<rect x="37" y="28" width="26" height="72" fill="${shadeFill}"/>` +
        links;
      if (kind === 2)
        // A smart watch: a rounded black case, the screen's activity rings.
        return (
          base +
          `<rect x="31" y="43" width="38" height="44" rx="10" fill="${metalFill}"/>` +
          `<rect x="33" y="45" width="34" height="40" rx="8.5" fill="rgb(12,12,14)"/>` +
          [
            [11, 'rgb(250,40,80)'],
            [8, 'rgb(140,250,40)'],
            [5, 'rgb(40,220,250)'],
          ]
            .map(
              ([r, c]) =>
                `<circle cx="50" cy="65" r="${r}" fill="none" stroke="${c}" stroke-width="2.4" stroke-dasharray="${n((r as number) * 4.6)} 100" stroke-linecap="round" transform="rotate(-90 50 65)"/>`,
            )
            .join('') +
          `<rect x="69" y="56" width="3" height="7" rx="1" fill="${metalFill}"/>`
        );
      const dial = variant < 3 ? 'rgb(248,246,240)' : rgb(shade(accent, -0.45));
      const ink = variant < 3 ? 'rgb(30,30,34)' : 'rgb(240,240,236)';
      const ticks = Array.from({ length: 12 }, (_, i) => {
        const a = (i / 12) * 2 * Math.PI;
        const r1 = i % 3 ? 13 : 11.5;
        return `<path d="M${n(50 + r1 * Math.sin(a))} ${n(64 - r1 * Math.cos(a))} L${n(50 + 14.5 * Math.sin(a))} ${n(64 - 14.5 * Math.cos(a))}" stroke="${ink}" stroke-width="${i % 3 ? 0.7 : 1.4}"/>`;
      }).join('');
      return (
        base +
        `<rect x="40" y="40" width="20" height="48" rx="3" fill="${metalFill}"/>` +
        `<circle cx="50" cy="64" r="20" fill="${metalFill}"/>` +
        `<circle cx="50" cy="64" r="16.5" fill="${dial}"/>` +
        ticks +
        `<path d="M50 64 L50 55 M50 64 L57.5 68" stroke="${ink}" stroke-width="1.6" stroke-linecap="round"/>` +
        `<path d="M50 66 L45 49" stroke="${rgb(accent)}" stroke-width="0.6"/>` +
        `<circle cx="50" cy="64" r="1.3" fill="${ink}"/>` +
        `<rect x="69.5" y="61" width="3.5" height="6" rx="1" fill="${metalFill}"/>` +
        `<path d="M38 56 Q44 48 54 46" fill="none" stroke="rgba(255,255,255,0.5)" stroke-width="1.2"/>`
      );
    }
    case 'headphones': {
      if (variant % 3 === 2)
        // A portable speaker: two drivers behind the grille, a strap on top.
        return (
          `<path d="M26 52 Q26 36 40 36 L60 36 Q74 36 74 52" fill="none" stroke="${dark}" stroke-width="3"/>` +
          twice('M8 60 Q8 50 20 50 L80 50 Q92 50 92 60 L92 92 Q92 100 82 100 L18 100 Q8 100 8 92 Z', m) +
          `<rect x="14" y="56" width="72" height="38" rx="8" fill="${rgb(shade(main, -0.45))}"/>` +
          [30, 70]
            .map(
              (x) =>
                `<circle cx="${x}" cy="75" r="14" fill="${metalFill}"/><circle cx="${x}" cy="75" r="12" fill="rgb(28,28,32)"/>` +
                `<circle cx="${x}" cy="75" r="6" fill="rgb(50,50,56)"/><circle cx="${x}" cy="75" r="2.5" fill="${metalFill}"/>`,
            )
            .join('') +
          `<circle cx="50" cy="67" r="2" fill="${rgb(accent)}"/>` +
          `<path d="M16 54 L84 54" stroke="rgba(255,255,255,0.4)" stroke-width="1"/>`
        );
      // Over-ear headphones standing on their cups, the headband over them.
      const cup = (x: number, inner: number) =>
        twice(
          `M${x - 9} 70 Q${x - 9} 60 ${x} 60 Q${x + 9} 60 ${x + 9} 70 L${x + 9} 92 Q${x + 9} 100 ${x} 100 Q${x - 9} 100 ${x - 9} 92 Z`,
          m,
        ) +
        `<rect x="${inner - 3.5}" y="62" width="7" height="36" rx="3.5" fill="rgb(36,36,40)"/>` +
        `<ellipse cx="${x}" cy="80" rx="4" ry="8" fill="${rgb(shade(accent, -0.1))}" opacity="0.85"/>`;
      return (
        `<path d="M18 66 C14 6, 86 6, 82 66" fill="none" stroke="${dark}" stroke-width="6" stroke-linecap="round"/>` +
        `<path d="M18 66 C14 6, 86 6, 82 66" fill="none" stroke="${light}" stroke-width="1.2" opacity="0.6"/>` +
        `<path d="M30 26 Q50 12 70 26" fill="none" stroke="rgb(40,40,44)" stroke-width="5" stroke-linecap="round"/>` +
        `<rect x="16" y="50" width="5" height="14" rx="1.5" fill="${metalFill}"/><rect x="79" y="50" width="5" height="14" rx="1.5" fill="${metalFill}"/>` +
        cup(20, 29) +
        cup(80, 71)
      );
    }
    case 'camera': {
      if (variant % 2)
        // An instant camera: a rounded colourful box, a big lens, the flash and the photo slot.
        return (
          twice('M14 46 Q14 34 26 34 L74 34 Q86 34 86 46 L86 92 Q86 100 78 100 L22 100 Q14 100 14 92 Z', light) +
          `<rect x="14" y="84" width="72" height="6" fill="${rgb(accent)}" opacity="0.8"/>` +
          `<rect x="26" y="37" width="48" height="3" rx="1.5" fill="rgba(0,0,0,0.5)"/>` +
          `<rect x="60" y="44" width="20" height="11" rx="2" fill="rgb(240,240,236)"/><path d="M62 47 L78 47 M62 50 L78 50 M62 53 L78 53" stroke="rgba(0,0,0,0.15)" stroke-width="0.6"/>` +
          `<rect x="20" y="44" width="10" height="9" rx="2" fill="rgb(30,30,34)"/>` +
          `<circle cx="50" cy="68" r="19" fill="rgb(245,245,242)"/><circle cx="50" cy="68" r="15" fill="rgb(38,38,42)"/>` +
          `<circle cx="50" cy="68" r="9" fill="url(#${id}-glass)"/><circle cx="46" cy="64" r="2.5" fill="rgba(255,255,255,0.7)"/>` +
          `<defs><radialGradient id="${id}-glass"><stop offset="0" stop-color="rgb(70,90,120)"/><stop offset="1" stop-color="rgb(10,12,20)"/></radialGradient></defs>`
        );
      // A mirrorless camera: metal top, a leather band in the product's colour, a big lens.
      return (
        `<defs><radialGradient id="${id}-glass"><stop offset="0" stop-color="rgb(80,100,140)"/><stop offset="1" stop-color="rgb(8,10,16)"/></radialGradient></defs>` +
        `<path d="M38 48 L42 34 Q42 32 44 32 L56 32 Q58 32 58 34 L62 48 Z" fill="${metalFill}"/>` +
        `<rect x="68" y="40" width="10" height="6" rx="1.5" fill="${metalFill}"/><rect x="70" y="37" width="6" height="4" rx="1" fill="${rgb(metal[1])}"/>` +
        `<rect x="18" y="42" width="12" height="5" rx="1.5" fill="${rgb(metal[1])}"/>` +
        `<rect x="8" y="46" width="84" height="54" rx="6" fill="${metalFill}"/>` +
        `<rect x="8" y="56" width="84" height="36" fill="${dark}"/>` +
        `<rect x="8" y="56" width="84" height="36" fill="${shadeFill}"/>` +
        `<rect x="8" y="46" width="84" height="54" rx="6" fill="none" stroke="rgba(0,0,0,0.3)" stroke-width="0.6"/>` +
        `<circle cx="50" cy="74" r="24" fill="rgb(30,30,34)"/>` +
        `<circle cx="50" cy="74" r="21" fill="${metalFill}"/>` +
        `<circle cx="50" cy="74" r="17" fill="rgb(22,22,26)"/>` +
        `<circle cx="50" cy="74" r="11" fill="url(#${id}-glass)"/>` +
        `<circle cx="50" cy="74" r="17" fill="none" stroke="rgba(255,255,255,0.25)" stroke-width="0.6" stroke-dasharray="1 1.2"/>` +
        `<ellipse cx="45" cy="69" rx="3.5" ry="2.5" fill="rgba(255,255,255,0.6)"/>` +
        `<circle cx="82" cy="52" r="2" fill="${rgb(accent)}"/>`
      );
    }
    case 'phone': {
      const screen = `<defs><linearGradient id="${id}-screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${rgb(shade(accent, 0.2))}"/><stop offset="1" stop-color="${rgb(shade(main, -0.2))}"/></linearGradient></defs>`;
      if (variant % 2)
        // The back in a case of the product's colour: the camera module, a logo.
        return (
          twice('M28 14 Q28 4 38 4 L62 4 Q72 4 72 14 L72 90 Q72 100 62 100 L38 100 Q28 100 28 90 Z', m) +
          `<rect x="33" y="9" width="21" height="22" rx="5" fill="${rgb(shade(main, -0.35))}"/>` +
          [
            [38.5, 14.5],
            [38.5, 25.5],
            [48.5, 20],
          ]
            .map(
              ([x, y]) =>
                `<circle cx="${x}" cy="${y}" r="4" fill="${metalFill}"/><circle cx="${x}" cy="${y}" r="3" fill="rgb(16,16,20)"/><circle cx="${x - 0.9}" cy="${y - 0.9}" r="0.8" fill="rgba(255,255,255,0.6)"/>`,
            )
            .join('') +
          `<circle cx="49" cy="12" r="1.2" fill="rgb(250,240,200)"/>` +
          `<circle cx="50" cy="56" r="5" fill="${rgb(accent)}" opacity="0.8"/>` +
          `<path d="M31 14 L31 92" stroke="rgba(255,255,255,0.35)" stroke-width="1.4"/>`
        );
      // The front: a black bezel, a bright home screen of app icons.
      const icons = Array.from({ length: 20 }, (_, i) => {
        const x = 34.5 + (i % 4) * 8;
        const y = 20 + Math.floor(i / 4) * 11;
        return `<rect x="${x}" y="${y}" width="5.5" height="5.5" rx="1.5" fill="rgba(255,255,255,${i % 3 ? 0.85 : 0.6})"/>`;
      }).join('');
      return (
        screen +
        `<rect x="29" y="3" width="42" height="97" rx="8" fill="${metalFill}"/>` +
        `<rect x="30" y="4" width="40" height="95" rx="7" fill="rgb(14,14,16)"/>` +
        `<rect x="32" y="6" width="36" height="91" rx="5.5" fill="url(#${id}-screen)"/>` +
        `<rect x="44" y="8.5" width="12" height="3.2" rx="1.6" fill="rgb(8,8,10)"/>` +
        icons +
        `<rect x="34" y="84" width="32" height="9" rx="3" fill="rgba(255,255,255,0.3)"/>` +
        `<path d="M34 8 L66 40" stroke="rgba(255,255,255,0.12)" stroke-width="14"/>`
      );
    }
    case 'gamepad': {
      if (variant % 2)
        // A handheld console: a screen between two coloured controllers.
        return (
          `<defs><linearGradient id="${id}-screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${rgb(shade(accent, 0.3))}"/><stop offset="1" stop-color="${rgb(shade(main, -0.3))}"/></linearGradient></defs>` +
          twice('M16 56 Q4 56 4 68 L4 88 Q4 100 16 100 L22 100 L22 56 Z', m) +
          twice('M84 56 Q96 56 96 68 L96 88 Q96 100 84 100 L78 100 L78 56 Z', rgb(accent)) +
          `<rect x="22" y="56" width="56" height="44" rx="1.5" fill="rgb(30,30,34)"/>` +
          `<rect x="26" y="60" width="48" height="36" rx="1" fill="url(#${id}-screen)"/>` +
          `<path d="M30 90 L44 76 L52 84 L58 78 L70 90 Z" fill="rgba(255,255,255,0.35)"/><circle cx="62" cy="68" r="3.5" fill="rgba(255,255,255,0.6)"/>` +
          `<circle cx="13" cy="70" r="4" fill="rgb(40,40,44)"/><circle cx="13" cy="70" r="2.6" fill="rgb(70,70,76)"/>` +
          `<path d="M13 82 L13 92 M8 87 L18 87" stroke="rgb(40,40,44)" stroke-width="2.6"/>` +
          `<circle cx="87" cy="65" r="1.9" fill="rgb(40,40,44)"/><circle cx="87" cy="75" r="1.9" fill="rgb(40,40,44)"/><circle cx="82" cy="70" r="1.9" fill="rgb(40,40,44)"/><circle cx="92" cy="70" r="1.9" fill="rgb(40,40,44)"/>` +
          `<circle cx="87" cy="87" r="4" fill="rgb(40,40,44)"/><circle cx="87" cy="87" r="2.6" fill="rgb(70,70,76)"/>`
        );
      // A controller: two grips, a D-pad, four coloured buttons, two thumbsticks.
      const body =
        'M22 46 Q32 40 50 42 Q68 40 78 46 Q92 54 96 82 Q98 100 86 100 Q78 100 72 90 Q66 82 50 82 Q34 82 28 90 Q22 100 14 100 Q2 100 4 82 Q8 54 22 46 Z';
      const btn = (x: number, y: number, c: string) => `<circle cx="${x}" cy="${y}" r="3.4" fill="${c}"/>`;
      return (
        `<path d="M26 46 Q30 38 38 40 M74 46 Q70 38 62 40" fill="none" stroke="${dark}" stroke-width="3" stroke-linecap="round"/>` +
        twice(body, m) +
        `<path d="M23 58 L33 58 M28 53 L28 63" stroke="rgb(34,34,38)" stroke-width="3.6"/>` +
        btn(72, 52, 'rgb(250,200,40)') +
        btn(72, 64, 'rgb(40,180,90)') +
        btn(66, 58, 'rgb(40,120,220)') +
        btn(78, 58, 'rgb(220,50,50)') +
        [40, 60]
          .map(
            (x) =>
              `<circle cx="${x}" cy="70" r="6.5" fill="rgb(30,30,34)"/><circle cx="${x}" cy="70" r="4.5" fill="rgb(58,58,64)"/><circle cx="${x - 1.2}" cy="68.8" r="1.4" fill="rgba(255,255,255,0.3)"/>`,
          )
          .join('') +
        `<rect x="44" y="52" width="4" height="2" rx="1" fill="${dark}"/><rect x="52" y="52" width="4" height="2" rx="1" fill="${dark}"/>` +
        `<circle cx="50" cy="60" r="2.5" fill="${rgb(accent)}"/>`
      );
    }
    case 'snack': {
      const kind = variant % 3;
      if (kind === 0) {
        // A bag of chips: crimped seals, a round label, chips in the picture.
        const crimp = (y: number) =>
          `<rect x="19" y="${y}" width="62" height="7" fill="${dark}"/>` +
          `<path d="${Array.from({ length: 15 }, (_, i) => `M${n(21 + i * 4)} ${y} L${n(21 + i * 4)} ${y + 7}`).join(' ')}" stroke="rgba(0,0,0,0.25)" stroke-width="0.8"/>`;
        return (
          twice('M20 12 L80 12 Q87 56 81 93 L19 93 Q13 56 20 12 Z', m) +
          crimp(7) +
          crimp(93) +
          `<ellipse cx="50" cy="38" rx="23" ry="12" fill="${rgb(accent)}"/><ellipse cx="50" cy="38" rx="19" ry="9" fill="none" stroke="rgba(255,255,255,0.8)" stroke-width="1"/>` +
          `<rect x="38" y="35" width="24" height="3" fill="rgba(255,255,255,0.9)"/><rect x="42" y="40" width="16" height="2" fill="rgba(255,255,255,0.7)"/>` +
          [
            [38, 68, -20],
            [55, 64, 15],
            [48, 76, 5],
            [64, 76, -10],
          ]
            .map(
              ([x, y, a]) =>
                `<ellipse cx="${x}" cy="${y}" rx="10" ry="6.5" fill="rgb(236,190,90)" stroke="rgb(190,130,50)" stroke-width="0.8" transform="rotate(${a} ${x} ${y})"/>`,
            )
            .join('') +
          `<path d="M25 16 Q22 56 25 90" stroke="rgba(255,255,255,0.45)" stroke-width="2.5" fill="none"/>`
        );
      }
      if (kind === 1) {
        // A stand-up pouch: a zip, a label, a window on nuts or beans.
        const bits = Array.from({ length: 11 }, (_, i) => {
          const x = 38 + (i % 4) * 8 + (Math.floor(i / 4) % 2) * 4;
          const y = 64 + Math.floor(i / 4) * 8;
          return `<ellipse cx="${x}" cy="${y}" rx="4.2" ry="3.2" fill="rgb(${140 + (i % 3) * 18},${90 + (i % 3) * 12},${50 + (i % 2) * 10})" transform="rotate(${((i * 37) % 90) - 45} ${x} ${y})"/>`;
        }).join('');
        return (
          `<defs><clipPath id="${id}-window"><rect x="34" y="56" width="32" height="32" rx="9"/></clipPath></defs>` +
          twice('M24 10 L76 10 L79 92 Q80 100 72 100 L28 100 Q20 100 21 92 Z', m) +
          `<path d="M24 18 L76 18" stroke="${dark}" stroke-width="1.6"/><path d="M24 10 L76 10 L76 13 L24 13 Z" fill="${dark}" opacity="0.6"/>` +
          `<rect x="30" y="26" width="40" height="22" rx="2" fill="${rgb(accent)}"/>` +
          `<rect x="35" y="32" width="30" height="4" fill="rgba(255,255,255,0.9)"/><rect x="39" y="40" width="22" height="2.5" fill="rgba(255,255,255,0.7)"/>` +
          `<rect x="34" y="56" width="32" height="32" rx="9" fill="rgb(236,222,196)"/>` +
          `<g clip-path="url(#${id}-window)">${bits}</g>` +
          `<rect x="34" y="56" width="32" height="32" rx="9" fill="none" stroke="rgba(255,255,255,0.7)" stroke-width="1"/>`
        );
      }
      // A box of chocolates: the lid leaning behind, the chocolates in their gold tray.
      const chocolates = Array.from({ length: 15 }, (_, i) => {
        const row = Math.floor(i / 5);
        const x = 28 + (i % 5) * 11.5 - row * 3.5;
        const y = 74 + row * 6.5;
        const c = ['rgb(74,44,28)', 'rgb(110,66,40)', 'rgb(236,224,200)'][(i + row) % 3];
        return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="4.6" ry="3" fill="${c}"/><ellipse cx="${n(x - 1)}" cy="${n(y - 1)}" rx="1.6" ry="0.8" fill="rgba(255,255,255,0.35)"/>`;
      }).join('');
      return (
        twice('M18 66 L28 22 L92 22 L86 66 Z', m) +
        `<path d="M56 22 L62 22 L56 66 L50 66 Z" fill="${rgb(accent)}"/>` +
        `<path d="M53 27 Q44 18 48 16 Q54 16 57 24 Q62 14 67 17 Q69 22 59 27 Z" fill="${rgb(shade(accent, 0.2))}"/>` +
        `<path d="M10 90 L20 70 L90 70 L80 90 Z" fill="rgb(206,170,92)"/>` +
        chocolates +
        `<path d="M10 90 L80 90 L80 100 L10 100 Z" fill="${m}"/>` +
        `<path d="M80 90 L90 70 L90 80 L80 100 Z" fill="${dark}"/>` +
        `<path d="M10 90 L80 90" stroke="rgba(255,255,255,0.4)" stroke-width="0.8"/>`
      );
    }
    case 'jar': {
      const kind = variant % 3;
      if (kind === 0)
        // A glass jar of honey or jam: the food seen through the glass, a lid, a paper label.
        return (
          `<path d="M26 40 Q22 42 22 50 L22 92 Q22 100 30 100 L70 100 Q78 100 78 92 L78 50 Q78 42 74 40 Z" fill="rgba(255,255,255,0.35)" stroke="rgba(255,255,255,0.7)" stroke-width="0.8"/>` +
          twice('M24 52 Q24 47 28 47 L72 47 Q76 47 76 52 L76 92 Q76 98 70 98 L30 98 Q24 98 24 92 Z', m) +
          (variant < 3
            ? `<rect x="24" y="26" width="52" height="15" rx="2.5" fill="${metalFill}"/><path d="M26 30 L74 30 M26 34 L74 34 M26 38 L74 38" stroke="rgba(0,0,0,0.18)" stroke-width="0.6"/>`
            : `<path d="M18 40 Q16 26 30 25 L70 25 Q84 26 82 40 Q76 46 72 42 Q66 48 60 42 Q54 48 48 42 Q42 48 36 42 Q30 48 26 42 Q22 46 18 40 Z" fill="${rgb(accent)}"/>` +
              `<path d="M26 26 L26 44 M36 25 L36 46 M46 25 L46 46 M56 25 L56 46 M66 25 L66 46 M76 27 L76 42 M19 31 L81 31 M18 37 L82 37" stroke="rgba(255,255,255,0.5)" stroke-width="2.4"/>` +
              `<path d="M22 41 Q50 45 78 41" fill="none" stroke="${rgb(shade(accent, -0.4))}" stroke-width="1.4"/>`) +
          `<rect x="32" y="60" width="36" height="26" rx="2" fill="rgb(250,246,234)"/>` +
          `<circle cx="50" cy="69" r="5" fill="${rgb(shade(main, -0.2))}"/><rect x="38" y="77" width="24" height="2.5" fill="rgba(0,0,0,0.35)"/><rect x="42" y="81.5" width="16" height="1.8" fill="rgba(0,0,0,0.2)"/>` +
          `<path d="M28 52 L28 92" stroke="rgba(255,255,255,0.55)" stroke-width="2.4"/>`
        );
      if (kind === 1)
        // A tin of powder (formula, protein, cocoa): a wide lid, a big label band.
        return (
          twice('M20 30 L80 30 L80 96 Q80 100 76 100 L24 100 Q20 100 20 96 Z', m) +
          `<rect x="18" y="18" width="64" height="14" rx="3" fill="rgb(244,244,240)"/>` +
          `<rect x="18" y="18" width="64" height="14" rx="3" fill="${shadeFill}"/>` +
          `<rect x="18" y="29" width="64" height="3" fill="rgba(0,0,0,0.12)"/>` +
          `<rect x="20" y="46" width="60" height="34" fill="rgb(250,250,246)"/>` +
          `<circle cx="38" cy="63" r="10" fill="${rgb(accent)}"/><circle cx="38" cy="63" r="6" fill="rgba(255,255,255,0.6)"/>` +
          `<rect x="52" y="55" width="22" height="4" fill="${rgb(shade(main, -0.25))}"/><rect x="52" y="63" width="18" height="2.5" fill="rgba(0,0,0,0.3)"/><rect x="52" y="69" width="14" height="2.5" fill="rgba(0,0,0,0.2)"/>` +
          `<rect x="20" y="46" width="60" height="34" fill="${shadeFill}"/>` +
          `<path d="M24 34 L24 96" stroke="rgba(255,255,255,0.4)" stroke-width="2"/>`
        );
      // A tea caddy: a metal lid, a band with a leaf emblem.
      return (
        twice('M30 34 L70 34 L70 97 Q70 100 67 100 L33 100 Q30 100 30 97 Z', m) +
        `<rect x="28" y="20" width="44" height="16" rx="2" fill="${metalFill}"/>` +
        `<rect x="28" y="33" width="44" height="3" fill="rgba(0,0,0,0.2)"/>` +
        `<rect x="30" y="50" width="40" height="34" fill="${rgb(accent)}"/>` +
        `<rect x="30" y="52" width="40" height="1" fill="${rgb(metal[0])}"/><rect x="30" y="81" width="40" height="1" fill="${rgb(metal[0])}"/>` +
        `<circle cx="50" cy="67" r="10" fill="rgb(248,244,232)"/>` +
        `<path d="M44 72 Q44 60 56 60 Q56 72 44 72 Z" fill="rgb(70,130,70)"/><path d="M44 72 L53 63" stroke="rgb(248,244,232)" stroke-width="0.7"/>` +
        `<rect x="30" y="50" width="40" height="34" fill="${shadeFill}"/>` +
        `<path d="M34 38 L34 96" stroke="rgba(255,255,255,0.4)" stroke-width="2"/>`
      );
    }
    case 'teddy': {
      const fur = m;
      const pale = rgb(shade(main, 0.45));
      const eye = 'rgb(24,18,16)';
      const bow =
        variant % 2
          ? `<path d="M50 60 L38 54 L38 66 Z M50 60 L62 54 L62 66 Z" fill="${rgb(accent)}"/><circle cx="50" cy="60" r="3" fill="${rgb(shade(accent, -0.2))}"/>`
          : `<path d="M33 57 Q50 65 67 57 L67 62 Q50 70 33 62 Z" fill="${rgb(accent)}"/><path d="M60 62 L64 76 L57 74 Z" fill="${rgb(accent)}"/>`;
      return (
        // legs, their pads to the camera; the arms; the body; the head and ears.
        `<ellipse cx="31" cy="88" rx="13" ry="11" fill="${fur}"/><ellipse cx="69" cy="88" rx="13" ry="11" fill="${fur}"/>` +
        `<ellipse cx="50" cy="75" rx="22" ry="23" fill="${fur}"/><ellipse cx="50" cy="75" rx="22" ry="23" fill="${shadeFill}"/>` +
        `<ellipse cx="50" cy="79" rx="13" ry="14" fill="${pale}" opacity="0.7"/>` +
        `<ellipse cx="27" cy="71" rx="8" ry="14" fill="${fur}" transform="rotate(30 27 71)"/><ellipse cx="73" cy="71" rx="8" ry="14" fill="${fur}" transform="rotate(-30 73 71)"/>` +
        `<ellipse cx="27" cy="71" rx="8" ry="14" fill="${shadeFill}" transform="rotate(30 27 71)"/><ellipse cx="73" cy="71" rx="8" ry="14" fill="${shadeFill}" transform="rotate(-30 73 71)"/>` +
        `<ellipse cx="26" cy="91" rx="7" ry="7.5" fill="${pale}"/><ellipse cx="74" cy="91" rx="7" ry="7.5" fill="${pale}"/>` +
        `<circle cx="32" cy="20" r="9" fill="${fur}"/><circle cx="68" cy="20" r="9" fill="${fur}"/>` +
        `<circle cx="32" cy="20" r="5" fill="${pale}"/><circle cx="68" cy="20" r="5" fill="${pale}"/>` +
        `<circle cx="50" cy="37" r="21" fill="${fur}"/><circle cx="50" cy="37" r="21" fill="${shadeFill}"/>` +
        `<ellipse cx="50" cy="45" rx="10" ry="8" fill="${pale}"/>` +
        `<ellipse cx="50" cy="41.5" rx="4" ry="2.8" fill="${eye}"/>` +
        `<path d="M50 44 L50 48 M46 49 Q50 51 54 49" fill="none" stroke="${eye}" stroke-width="1"/>` +
        `<circle cx="41" cy="33" r="2.6" fill="${eye}"/><circle cx="59" cy="33" r="2.6" fill="${eye}"/>` +
        `<circle cx="40.2" cy="32.2" r="0.8" fill="#fff"/><circle cx="58.2" cy="32.2" r="0.8" fill="#fff"/>` +
        bow
      );
    }
    case 'blocks': {
      const colours = [0, 1, 2, 3, 4].map((i) => (i === 0 ? main : BRICKS[(variant + i * 2) % BRICKS.length]));
      if (variant % 2) {
        // Toy bricks: studs on top, stacked, one lying beside.
        const brick = (x: number, y: number, studs: number, c: RGB) => {
          const w = studs * 8;
          let out =
            `<path d="M${x} ${y} L${x + w} ${y} L${x + w} ${y + 14} L${x} ${y + 14} Z" fill="${rgb(c)}"/>` +
            `<path d="M${x} ${y} L${x + 5} ${y - 4} L${x + w + 5} ${y - 4} L${x + w} ${y} Z" fill="${rgb(shade(c, 0.25))}"/>` +
            `<path d="M${x + w} ${y} L${x + w + 5} ${y - 4} L${x + w + 5} ${y + 10} L${x + w} ${y + 14} Z" fill="${rgb(shade(c, -0.3))}"/>`;
          for (let i = 0; i < studs; i++) {
            const cx = x + 6.5 + i * 8;
            out +=
              `<rect x="${cx - 2.8}" y="${y - 5.5}" width="5.6" height="3" fill="${rgb(shade(c, -0.1))}"/>` +
              `<ellipse cx="${cx}" cy="${y - 5.5}" rx="2.8" ry="1.1" fill="${rgb(shade(c, 0.35))}"/>`;
          }
          return out;
        };
        return (
          brick(8, 86, 4, colours[0]) +
          brick(45, 86, 4, colours[1]) +
          brick(20, 68, 5, colours[2]) +
          brick(30, 50, 3, colours[3]) +
          brick(34, 32, 2, colours[4])
        );
      }
      // Wooden cubes, each with a painted shape.
      const cube = (x: number, y: number, s: number, c: RGB, k: number) => {
        const cx = x + s / 2;
        const cy = y + s / 2;
        const r = s * 0.3;
        // A white shape, or a dark one on a pale cube.
        const paint = c[0] + c[1] + c[2] > 600 ? rgb(shade(accent, -0.2)) : 'rgba(255,255,255,0.9)';
        const mark =
          k % 3 === 0
            ? `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${paint}"/>`
            : k % 3 === 1
              ? `<path d="M${n(cx)} ${n(cy - r)} L${n(cx + r)} ${n(cy + r * 0.8)} L${n(cx - r)} ${n(cy + r * 0.8)} Z" fill="${paint}"/>`
              : `<rect x="${n(cx - r * 0.85)}" y="${n(cy - r * 0.85)}" width="${n(r * 1.7)}" height="${n(r * 1.7)}" fill="${paint}"/>`;
        return (
          `<path d="M${x} ${y} L${x + s} ${y} L${x + s} ${y + s} L${x} ${y + s} Z" fill="${rgb(c)}"/>` +
          `<path d="M${x} ${y} L${x + 6} ${y - 5} L${x + s + 6} ${y - 5} L${x + s} ${y} Z" fill="rgb(222,190,140)"/>` +
          `<path d="M${x + s} ${y} L${x + s + 6} ${y - 5} L${x + s + 6} ${y + s - 5} L${x + s} ${y + s} Z" fill="rgb(190,150,100)"/>` +
          `<path d="M${x} ${y} L${x + s} ${y} L${x + s} ${y + s} L${x} ${y + s} Z" fill="none" stroke="rgb(222,190,140)" stroke-width="1.6"/>` +
          mark
        );
      };
      return (
        cube(6, 74, 26, colours[0], 0) +
        cube(33, 74, 26, colours[1], 1) +
        cube(60, 74, 26, colours[2], 2) +
        cube(20, 46, 26, colours[3], 3) +
        cube(47, 46, 26, colours[4], 4)
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
    subject === 'lipstick'
      ? d.pick(LIPSTICK_HUES)
      : subject === 'teddy'
        ? d.pick(FURS)
        : hsl(d.range(0, 360), d.range(0.35, 0.75), d.range(0.32, 0.62));
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
