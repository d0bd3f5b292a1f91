// What a demo picture shows (issue 44, "Demo data that looks like a store"): a product of its
// review's or product's category, so a handbag review's photos show a handbag. The subject of
// a media key comes from its owner row (the ids of server/media/exists.ts: picture r{review id
// x 10 + n}, cover v{review id}, product p{product id}-{n}, sku s{sku id}) by one primary-key
// lookup, made only when a picture is drawn (a cache miss); other kinds have no subject.
import type { DB } from '../db/open';
import type { MediaKey } from './urls';

export const SUBJECTS = [
  'handbag',
  'shoe',
  'lipstick',
  'bottle',
  'garment',
  'box',
  'jewellery',
  'watch',
  'headphones',
  'camera',
  'phone',
  'gamepad',
  'snack',
  'jar',
  'teddy',
  'blocks',
] as const;
export type Subject = (typeof SUBJECTS)[number];

// Leaf category id prefixes (data/categories.json: a group's id, then its children's, then
// theirs) -> the subject; the longest matching prefix wins. Anything not listed is a box (a
// product in its packaging: diapers, strollers, car seats, stationery, blind boxes, ...).
const BY_PREFIX: ReadonlyArray<readonly [string, Subject]> = [
  ['8', 'garment'], // women's clothing
  ['857', 'watch'], // women's watches
  ['9', 'garment'], // men's clothing
  ['960', 'watch'], // men's watches
  ['962', 'jewellery'], // cufflinks
  ['967', 'jewellery'], // tie clips
  ['e', 'handbag'], // bags and luggage
  ['b', 'bottle'], // skincare, hair, body and oral care
  ['b0', 'lipstick'], // makeup
  ['b1', 'lipstick'], // makeup tools
  ['k', 'shoe'], // shoes
  ['g0', 'jar'], // infant formula (a tin)
  ['g1', 'jar'], // baby cereal, purees
  ['g12', 'snack'], // baby snacks
  ['g13', 'bottle'], // kids' vitamins
  ['g14', 'bottle'], // kids' DHA
  ['g15', 'bottle'], // kids' calcium, iron and zinc
  ['g16', 'snack'], // teething biscuits
  ['g3', 'bottle'], // feeding
  ['g4', 'bottle'], // baby toiletries
  ['g54', 'handbag'], // diaper bags
  ['g60', 'garment'], // maternity clothing
  ['g61', 'garment'], // nursing bras
  ['g62', 'bottle'], // prenatal vitamins
  ['g64', 'bottle'], // stretch mark care
  ['g72', 'garment'], // sleep sacks
  ['g8', 'garment'], // kids' clothing
  ['g85', 'shoe'], // kids' sneakers
  ['g86', 'shoe'], // kids' sandals
  ['ga', 'blocks'], // toys: early learning, puzzles, RC, outdoor
  ['ga1', 'teddy'], // plush toys
  ['ga4', 'teddy'], // pretend play
  ['ga5', 'teddy'], // bath toys
  ['gb', 'garment'], // baby clothing
  ['gb4', 'shoe'], // baby walking shoes
  ['f', 'jewellery'], // jewellery
  ['c0', 'snack'], // snacks, chocolate
  ['c1', 'jar'], // honey, jam, sauces, spices, oils
  ['c10', 'bottle'], // olive oil
  ['c13', 'bottle'], // maple syrup
  ['c16', 'snack'], // pasta (a bag)
  ['c2', 'bottle'], // beverages
  ['c20', 'jar'], // instant coffee
  ['c21', 'snack'], // coffee beans (a bag)
  ['c23', 'jar'], // cocoa
  ['c26', 'jar'], // milk powder
  ['c3', 'jar'], // tea (a caddy)
  ['c4', 'bottle'], // alcohol
  ['d', 'bottle'], // supplements
  ['d0', 'jar'], // protein powder (a tub)
  ['d3', 'jar'], // fibre powder
  ['a0', 'headphones'], // headphones, speakers, radios, microphones
  ['a04', 'box'], // video discs
  ['a07', 'camera'], // cameras
  ['a08', 'camera'], // instant cameras
  ['a09', 'box'], // vinyl records
  ['a0a', 'phone'], // power banks
  ['a1', 'gamepad'], // consoles, handhelds, controllers
  ['a21', 'blocks'], // building toys
  ['a22', 'phone'], // phone cases
  ['a23', 'teddy'], // figures
  ['a24', 'watch'], // smart watches
  ['a29', 'teddy'], // designer toys
];

/** The subject drawn for a product of this leaf category. */
export function subjectOfCategory(categoryId: string | null | undefined): Subject {
  const id = categoryId ?? '';
  let best: readonly [string, Subject] | undefined;
  for (const entry of BY_PREFIX) if (id.startsWith(entry[0]) && entry[0].length > (best?.[0].length ?? 0)) best = entry;
  return best?.[1] ?? 'box';
}

const REVIEW_CATEGORY = 'SELECT category_id AS c FROM reviews WHERE id = ?';
const PRODUCT_CATEGORY = 'SELECT category_id AS c FROM products WHERE id = ?';
const SKU_CATEGORY = 'SELECT p.category_id AS c FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id = ?';

const OWNERS: ReadonlyArray<{ kind: MediaKey['kind']; id: RegExp; sql: string; row?: (n: number) => number }> = [
  { kind: 'picture', id: /^r([0-9]{1,15})$/, sql: REVIEW_CATEGORY, row: (n) => Math.floor(n / 10) },
  { kind: 'cover', id: /^v([0-9]{1,15})$/, sql: REVIEW_CATEGORY },
  { kind: 'product', id: /^p([0-9]{1,15})-[0-9]{1,3}$/, sql: PRODUCT_CATEGORY },
  { kind: 'sku', id: /^s([0-9]{1,15})$/, sql: SKU_CATEGORY },
];

/** A lookup bound to one connection: the subject of a picture, null for kinds without one. */
export function createSubjectLookup(db: DB): (key: Pick<MediaKey, 'kind' | 'id'>) => Subject | null {
  const statements = new Map<string, ReturnType<DB['prepare']>>();
  const prepared = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  return (key) => {
    for (const owner of OWNERS) {
      if (owner.kind !== key.kind) continue;
      const m = owner.id.exec(key.id);
      if (!m) return null;
      const n = Number(m[1]);
      const row = prepared(owner.sql).get(owner.row ? owner.row(n) : n) as { c: string } | undefined;
      return subjectOfCategory(row?.c);
    }
    return null;
  };
}
