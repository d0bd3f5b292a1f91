import type { DB } from '../../db/open';
import { mediaPath } from '../../media/urls';
import type { Rng } from '../prng';
import { json } from '../reference';
import { FIRST_SKU_ID } from '../special';
import { COLOURS, HAS_COLOUR, WIDTHS, type Kind } from '../vocab';

export interface SkuSource {
  productId: number;
  kind: Kind;
  cents: number;
  nameCN: string;
  sizes: readonly string[] | null;
}

/**
 * SKUs, product by product: colour x size x width, at most 12 a product. The returned
 * function inserts one product's SKUs and returns their ids (consecutive from FIRST_SKU_ID
 * over the whole data set).
 */
export function skuSeeder(db: DB, rng: Rng): { seed(p: SkuSource): number[]; count(): number } {
  const ins = db.prepare(
    'INSERT INTO skus (id, product_id, name, cents, color, size, width, image) VALUES (?,?,?,?,?,?,?,?)',
  );
  let skuId = FIRST_SKU_ID;
  const seed = ({ productId, kind, cents, nameCN, sizes: sizeList }: SkuSource): number[] => {
    const colours = HAS_COLOUR[kind] ? rng.sample(COLOURS, rng.int(1, 3)) : [null];
    let sizes: Array<string | null> = [null];
    if (sizeList) {
      const n = rng.int(1, Math.min(4, sizeList.length));
      const start = rng.int(0, sizeList.length - n);
      sizes = sizeList.slice(start, start + n);
    }
    const widths = kind === 'shoes' && rng.chance(0.5) ? WIDTHS.slice(0, 2) : [null];
    const skus: number[] = [];
    for (const c of colours)
      for (const [si, s] of sizes.entries())
        for (const w of widths) {
          if (skus.length >= 12) break;
          const variant = [c, s, w].filter(Boolean).join(' ') || '默认';
          const up = kind === 'beauty' || kind === 'food' || kind === 'drinks' || kind === 'health' ? 1 + si * 0.6 : 1;
          ins.run(
            skuId,
            productId,
            rng.chance(0.6) ? `${nameCN}|${variant}` : nameCN,
            Math.round(cents * up),
            c,
            s,
            w,
            json({
              full: { url: mediaPath('sku', `s${skuId}`, 800, 800) },
              thumbnail: { url: mediaPath('sku', `s${skuId}`, 240, 240) },
            }),
          );
          skus.push(skuId++);
        }
    return skus;
  };
  return { seed, count: () => skuId - FIRST_SKU_ID };
}
