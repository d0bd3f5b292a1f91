import type { Leaf } from '../../catalogue';
import type { DB } from '../../db/open';
import { mediaImage } from '../../media/urls';
import { brandRows, type BrandRow } from '../lines';
import { json } from '../reference';

/** Brands: the ones the catalogue's leaves sell (lines.ts), no randomness. */
export function seedBrands(db: DB, leaves: readonly Leaf[]): BrandRow[] {
  const ins = db.prepare('INSERT INTO brands (id, name, name_cn, country, groups, logo) VALUES (?,?,?,?,?,?)');
  const brands = brandRows(leaves);
  for (const b of brands)
    ins.run(b.id, b.name, b.nameCN, b.country, json(b.groups), json(mediaImage('brand', `b${b.id}`, 200, 100)));
  return brands;
}
