// Which product line each leaf category of data/categories.json sells (issue 11, defect 9:
// "a lipstick is not sold in 婴儿推车"). A leaf takes its own entry in LINE_OF, else its
// second-level category's, else its top-level group's default; a catalogue from elsewhere
// (--categories) still seeds, with the group default or the general line.
import type { Leaf } from '../catalogue';
import { BRAND, BRAND_KEYS, type BrandKey } from './brands';
import { FASHION_LINES } from './lines-fashion';
import { HOME_LINES } from './lines-home';
import { SIZES, type Line } from './vocab';

export const LINES = { ...FASHION_LINES, ...HOME_LINES } satisfies Record<string, Line>;
export type LineId = keyof typeof LINES;

/** Leaf or second-level category id -> line. */
const LINE_OF: Readonly<Record<string, LineId>> = {
  // 女装
  '80': 'coats',
  '801': 'down',
  '806': 'down',
  '805': 'leather',
  '81': 'tops',
  '82': 'dresses',
  '83': 'bottoms',
  '84': 'lingerie',
  '845': 'hosiery',
  '846': 'hosiery',
  '847': 'swim',
  '85': 'accessories',
  '850': 'eyewear',
  '851': 'eyewear',
  '854': 'belts',
  '856': 'hairacc',
  '857': 'watches',
  '858': 'umbrellas',
  // 男装
  '90': 'coats',
  '901': 'down',
  '904': 'leather',
  '905': 'outdoor',
  '91': 'tops',
  '92': 'bottoms',
  '93': 'tailoring',
  '933': 'ties',
  '934': 'ties',
  '94': 'underwear',
  '941': 'hosiery',
  '944': 'swim',
  '95': 'activewear',
  '96': 'accessories',
  '960': 'watches',
  '961': 'eyewear',
  '962': 'cufflinks',
  '967': 'cufflinks',
  '963': 'belts',
  // 箱包
  e0: 'handbags',
  e05: 'wallets',
  e08: 'wallets',
  e1: 'mensbags',
  e13: 'wallets',
  e15: 'wallets',
  e2: 'luggage',
  e23: 'mensbags',
  // 美妆个护
  b0: 'makeup',
  b0b: 'skincare',
  b0c: 'fragrance',
  b0d: 'nails',
  b1: 'beautytools',
  b12: 'cotton',
  b13: 'cotton',
  b15: 'beautydevices',
  b2: 'skincare',
  b3: 'haircare',
  b34: 'haircolor',
  b36: 'hairloss',
  b37: 'hairtools',
  b4: 'bodycare',
  b45: 'hairremoval',
  b5: 'menscare',
  b52: 'razors',
  b53: 'shavers',
  b54: 'shaving',
  b55: 'shaving',
  b56: 'fragrance',
  b6: 'oralcare',
  b62: 'dentaldevices',
  b66: 'dentaldevices',
  b7: 'femcare',
  b72: 'cups',
  b74: 'intimate',
  // 鞋靴
  k00: 'sneakers',
  k01: 'running',
  k02: 'basketball',
  k03: 'sneakers',
  k04: 'dressshoes',
  k05: 'boots',
  k06: 'sneakers',
  k07: 'sandals',
  k08: 'hiking',
  k09: 'dressshoes',
  k10: 'sneakers',
  k11: 'running',
  k12: 'heels',
  k13: 'flats',
  k14: 'boots',
  k15: 'boots',
  k16: 'sandals',
  k17: 'sandals',
  k18: 'flats',
  k19: 'sneakers',
  // 母婴童装
  g0: 'formula',
  g1: 'babyfood',
  g13: 'kidsvitamins',
  g14: 'kidsvitamins',
  g15: 'kidsvitamins',
  g2: 'diapers',
  g22: 'wipes',
  g3: 'feeding',
  g32: 'breastpumps',
  g33: 'babyappliances',
  g36: 'babyappliances',
  g37: 'babyappliances',
  g4: 'babycare',
  g45: 'babylaundry',
  g46: 'repellent',
  g50: 'strollers',
  g51: 'carriers',
  g52: 'kidsride',
  g53: 'kidsride',
  g54: 'diaperbags',
  g60: 'maternitywear',
  g61: 'maternitywear',
  g62: 'prenatal',
  g63: 'nursing',
  g64: 'stretchmarks',
  g65: 'nursing',
  g7: 'nurseryfurniture',
  g71: 'babybedding',
  g72: 'babybedding',
  g73: 'babymonitors',
  g74: 'babysafety',
  g8: 'kidswear',
  g85: 'kidsshoes',
  g86: 'kidsshoes',
  g9: 'carseats',
  ga: 'learningtoys',
  ga1: 'plush',
  ga3: 'rctoys',
  ga5: 'bathtoys',
  ga6: 'outdoortoys',
  ga7: 'books',
  gb: 'babywear',
  gb4: 'kidsshoes',
  // 珠宝配饰
  f0: 'silver',
  f1: 'diamond',
  f2: 'jade',
  f3: 'crystal',
  f4: 'gemstone',
  f5: 'fashionjewelry',
  f6: 'platinum',
  f7: 'beads',
  f8: 'pearl',
  f9: 'kgold',
  fa: 'gold',
  // 食品
  c00: 'chocolate',
  c01: 'biscuits',
  c02: 'nuts',
  c03: 'driedfruit',
  c04: 'candy',
  c05: 'chips',
  c06: 'jerky',
  c07: 'cereal',
  c08: 'proteinbars',
  c10: 'oliveoil',
  c11: 'coconutoil',
  c12: 'honey',
  c13: 'maplesyrup',
  c14: 'sauces',
  c15: 'spices',
  c16: 'pasta',
  c17: 'jam',
  c20: 'coffee',
  c21: 'coffee',
  c22: 'capsules',
  c23: 'cocoa',
  c24: 'juice',
  c25: 'sparkling',
  c26: 'milkpowder',
  c27: 'plantmilk',
  c3: 'tea',
  c40: 'spirits',
  c41: 'beer',
  c42: 'wine',
  // 营养保健
  d0: 'protein',
  d02: 'collagen',
  d1: 'supplements',
  d10: 'joint',
  d2: 'supplements',
  d20: 'probiotics',
  d3: 'fiber',
  d33: 'probiotics',
  d4: 'vitamins',
  d5: 'fishoil',
  d6: 'supplements',
  d70: 'painrelief',
  d71: 'sleep',
  d72: 'coldcough',
  d73: 'digestive',
  d74: 'eyecare',
  d75: 'firstaid',
  // 潮玩数码
  a00: 'audio',
  a01: 'audio',
  a02: 'hifi',
  a03: 'phoneacc',
  a04: 'media',
  a05: 'hifi',
  a06: 'audio',
  a07: 'cameras',
  a08: 'instantcameras',
  a09: 'media',
  a0a: 'power',
  a10: 'consoles',
  a11: 'consoles',
  a12: 'games',
  a13: 'gameacc',
  a14: 'gameacc',
  a15: 'vr',
  a20: 'power',
  a21: 'blocks',
  a22: 'phoneacc',
  a23: 'figures',
  a24: 'wearables',
  a25: 'skate',
  a26: 'blindbox',
  a27: 'cards',
  a28: 'models',
  a29: 'blindbox',
  a30: 'learning',
  a31: 'stationery',
  a32: 'stationery',
  a33: 'pens',
  a34: 'calculators',
};

/** A top-level group's line for leaves that LINE_OF does not name (another catalogue). */
const GROUP_DEFAULT: Readonly<Record<string, LineId>> = {
  '8': 'tops',
  '9': 'tops',
  e: 'handbags',
  b: 'skincare',
  k: 'sneakers',
  g: 'babycare',
  f: 'fashionjewelry',
  c: 'chocolate',
  d: 'supplements',
  a: 'phoneacc',
};
const FALLBACK: LineId = 'everyday';

export interface LeafLine {
  id: LineId;
  line: Line;
  /** True when LINE_OF names the leaf or its parent (not a fallback). */
  mapped: boolean;
}

export function lineOf(leaf: Pick<Leaf, 'id' | 'parentId' | 'groupId'>): LeafLine {
  const named = LINE_OF[leaf.id] ?? LINE_OF[leaf.parentId];
  if (named) return { id: named, line: LINES[named], mapped: true };
  const id = GROUP_DEFAULT[leaf.groupId] ?? FALLBACK;
  return { id, line: LINES[id], mapped: false };
}

const CJK = /[\u4e00-\u9fff]/g;

/**
 * The line's adjectives that do not repeat a character of the leaf's name ("有机" is not put
 * before "有机奶粉", nor "真皮" before "皮衣"); all of them if none is left.
 */
export function adjectivesFor(line: Line, displayTerm: string): Line['adjectives'] {
  const chars = new Set(displayTerm.match(CJK) ?? []);
  const fit = line.adjectives.filter(([, cn]) => !(cn.match(CJK) ?? []).some((c) => chars.has(c)));
  return fit.length ? fit : line.adjectives;
}

/** Jewellery variants by what the leaf is: ring sizes, necklace and bracelet lengths. */
const JEWELRY_SIZES: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/戒/, ['10号', '12号', '14号', '16号']],
  [/项链|吊坠/, ['40cm', '45cm', '50cm']],
  [/手链|手镯|手串|脚链|转运珠|沉香|紫檀|黄花梨|菩提/, ['15cm', '16cm', '17cm', '18cm']],
];

/** The variant sizes of a leaf's products: the line's own, else its kind's (null: none). */
export function sizesFor(line: Line, displayTerm: string): readonly string[] | null {
  if (line.sizes !== undefined) return line.sizes;
  if (line.kind === 'jewelry') return JEWELRY_SIZES.find(([re]) => re.test(displayTerm))?.[1] ?? null;
  return SIZES[line.kind];
}

export interface BrandRow {
  key: BrandKey;
  id: number;
  name: string;
  nameCN: string;
  country: string;
  groups: string[];
}

const FIRST_BRAND_ID = 101;

/** Every brand with its id and the top-level groups whose leaves sell it (in catalogue order). */
export function brandRows(leaves: readonly Leaf[]): BrandRow[] {
  const groups = new Map<BrandKey, Set<string>>();
  for (const leaf of leaves) {
    for (const key of lineOf(leaf).line.brands) {
      const set = groups.get(key) ?? new Set<string>();
      set.add(leaf.groupId);
      groups.set(key, set);
    }
  }
  return BRAND_KEYS.map((key, i) => {
    const [name, nameCN, country] = BRAND[key];
    return { key, id: FIRST_BRAND_ID + i, name, nameCN, country, groups: [...(groups.get(key) ?? [])] };
  });
}
