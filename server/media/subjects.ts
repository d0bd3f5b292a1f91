// What a demo picture shows (issue 44, "Demo data that looks like a store"): a product of its
// review's or product's category, so a handbag review's photos show a handbag. The subject of
// a media key comes from its owner row (the ids of server/media/exists.ts: picture r{review id
// x 10 + n}, cover v{review id}, product p{product id}-{n}, sku s{sku id}) by one primary-key
// lookup, made only when a picture is drawn (a cache miss); other kinds have no subject.
import type { DB } from '../db/open';
import type { MediaKey } from './urls';

export const SUBJECTS = ['handbag', 'shoe', 'lipstick', 'bottle', 'garment', 'box'] as const;
export type Subject = (typeof SUBJECTS)[number];

// Leaf category id prefixes (data/categories.json: a group's id, then its children's) -> the
// subject, the longest prefix first. Anything not listed is a box (electronics, jewellery,
// toys, snacks: a product in its packaging).
const BY_PREFIX: ReadonlyArray<readonly [string, Subject]> = [
  ['b0', 'lipstick'], // makeup
  ['b1', 'lipstick'], // makeup tools
  ['c2', 'bottle'], // beverages
  ['c4', 'bottle'], // alcohol
  ['g0', 'bottle'], // infant formula (a tin)
  ['g3', 'bottle'], // feeding
  ['g4', 'bottle'], // baby toiletries
  ['g8', 'garment'], // kids' clothing and shoes
  ['gb', 'garment'], // baby clothing
  ['b', 'bottle'], // skincare, hair, body care
  ['d', 'bottle'], // supplements
  ['e', 'handbag'], // bags
  ['k', 'shoe'], // shoes
  ['8', 'garment'], // women's clothing
  ['9', 'garment'], // men's clothing
];

/** The subject drawn for a product of this leaf category. */
export function subjectOfCategory(categoryId: string | null | undefined): Subject {
  const id = categoryId ?? '';
  return BY_PREFIX.find(([prefix]) => id.startsWith(prefix))?.[1] ?? 'box';
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
