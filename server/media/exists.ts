// Is a media URL referenced by the data? Issue 12 item 2: only media that exists is rendered.
// Each kind's id names its owner row (the seed's scheme, server/seed/generate.ts: picture
// r{review id * 10 + n}, cover v{review id}, avatar u{user id}, product p{product id}-{n},
// sku s{sku id}, merchant and banner mc{merchant id}, banner and article a{article id}, brand
// b{brand id}), so one primary-key lookup finds the row and the exact URL must be among its
// media columns: always as fresh as the database, no index to build or keep. Medals are shared
// by many users, so their few URLs are collected once per database version (PRAGMA
// data_version, as the review detail cache does in server/repositories/reviews.ts). A review
// picture's width variants (src/common/media-variants.ts, issue 44) are in the data when the
// picture is: its row's full and thumbnail URLs are read and the URL must be one of them or of
// their variants.
import type { DB } from '../db/open';
import { mediaVariants } from '../../src/common/media-variants';
import { mediaPath, type MediaKey, type MediaKind } from './urls';

interface Owner {
  id: RegExp;
  sql: string;
  row?: (n: number) => number;
  /** The row's own picture URLs (full f, thumbnail t), whose variants are in the data too. */
  variants?: string;
}

const json = (column: string, ...paths: string[]) => paths.map((p) => `json_extract(${column}, '$.${p}')`).join(', ');

const OWNERS: Partial<Record<MediaKind, Owner[]>> = {
  picture: [
    {
      id: /^r([0-9]{1,15})$/,
      row: (n) => Math.floor(n / 10),
      sql: `SELECT 1 FROM reviews r, json_each(r.pictures) p WHERE r.id = ? AND ? IN (${json('p.value', 'full.url', 'thumbnail.url')})`,
      variants: `SELECT ${json('p.value', 'full.url')} AS f, ${json('p.value', 'thumbnail.url')} AS t FROM reviews r, json_each(r.pictures) p WHERE r.id = ?`,
    },
  ],
  cover: [
    {
      id: /^v([0-9]{1,15})$/,
      sql: `SELECT 1 FROM reviews r, json_each(r.videos) v WHERE r.id = ? AND ? = ${json('v.value', 'cover.url')}`,
    },
  ],
  avatar: [{ id: /^u([0-9]{1,15})$/, sql: 'SELECT 1 FROM users WHERE id = ? AND avatar = ?' }],
  product: [
    {
      id: /^p([0-9]{1,15})-[0-9]{1,3}$/,
      sql: `SELECT 1 FROM products r, json_each(r.images) i WHERE r.id = ? AND ? IN (${json('i.value', 'full.url', 'thumbnail.url')})`,
    },
  ],
  sku: [
    {
      id: /^s([0-9]{1,15})$/,
      sql: `SELECT 1 FROM skus WHERE id = ? AND ? IN (${json('image', 'full.url', 'thumbnail.url')})`,
    },
  ],
  merchant: [{ id: /^mc([0-9]{1,15})$/, sql: `SELECT 1 FROM merchants WHERE id = ? AND ? = ${json('logo', 'url')}` }],
  banner: [
    { id: /^mc([0-9]{1,15})$/, sql: `SELECT 1 FROM merchants WHERE id = ? AND ? = ${json('banner', 'url')}` },
    { id: /^a([0-9]{1,15})$/, sql: `SELECT 1 FROM articles WHERE id = ? AND ? = ${json('banner', 'url')}` },
  ],
  brand: [{ id: /^b([0-9]{1,15})$/, sql: `SELECT 1 FROM brands WHERE id = ? AND ? = ${json('logo', 'url')}` }],
  article: [{ id: /^a([0-9]{1,15})$/, sql: `SELECT 1 FROM articles WHERE id = ? AND ? = ${json('cover', 'url')}` }],
};

const MEDAL_URLS = `SELECT DISTINCT ${json('m.value', 'image.url')} AS url FROM users u, json_each(u.medals) m`;

/** A lookup bound to one connection: true when the data references exactly this URL. */
export function createMediaLookup(db: DB): (key: MediaKey) => boolean {
  let medals: Set<string> | null = null;
  let medalsVersion = -1;
  const medalUrls = (): Set<string> => {
    const { data_version: version } = db.prepare('PRAGMA data_version').get() as { data_version: number };
    if (!medals || version !== medalsVersion) {
      medals = new Set((db.prepare(MEDAL_URLS).all() as Array<{ url: unknown }>).map((r) => String(r.url)));
      medalsVersion = version;
    }
    return medals;
  };

  return (key) => {
    const url = mediaPath(key.kind, key.id, key.width, key.height, key.ext);
    if (key.kind === 'medal') return medalUrls().has(url);
    for (const owner of OWNERS[key.kind] ?? []) {
      const m = owner.id.exec(key.id);
      if (!m) continue;
      const n = Number(m[1]);
      const row = owner.row ? owner.row(n) : n;
      if (db.prepare(owner.sql).get(row, url) !== undefined) return true;
      if (owner.variants) {
        const own = db.prepare(owner.variants).all(row) as Array<{ f: unknown; t: unknown }>;
        const isVariant = (u: unknown) => typeof u === 'string' && mediaVariants(u).some((v) => v.url === url);
        if (own.some((o) => isVariant(o.f) || isVariant(o.t))) return true;
      }
    }
    return false;
  };
}
