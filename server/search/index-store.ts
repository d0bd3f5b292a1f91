// The search index (issue 43): two contentless FTS5 tables of segmented words (segment.ts),
// `review_fts` (a review's text and tags; its product's names, brand and category) and
// `product_fts` (a product's names, brand and category), rowid = the review's / product's id.
//
// Kept current from SQL itself: triggers on reviews, products and brands queue the changed ids
// in `search_dirty` (any connection's writes: the back office, the seed, an editor's SQL), and
// the search repository indexes the queue before it answers (drain), a bounded number of rows
// per call. Visibility (hidden, taken down) is checked when searching, not indexed, so a
// takedown leaves the results at the next request. `npm run seed` builds both tables at the end
// of the load (build). docs/server.md "Search".
import type Database from 'better-sqlite3';
import { indexText } from './segment';

type DB = Database.Database;

/** Bumped when what is indexed or how changes: openDatabase then rebuilds (ensureSearchIndex). */
export const SEARCH_INDEX_VERSION = '1';
/** The meta row that names the index version the file holds. */
export const META_KEY = 'search_index_version';

/**
 * Queued rows indexed per drain (a product's change queues its reviews, indexed in the same
 * drain while the budget lasts): bounds the work a search request does before answering.
 */
export const DRAIN_BATCH = 2000;

/** Rows read per statement while building. */
const BUILD_CHUNK = 5000;

const TOKENIZE = `tokenize = 'unicode61 remove_diacritics 2'`;

const TRIGGERS = `
  CREATE TRIGGER IF NOT EXISTS search_review_ins AFTER INSERT ON reviews BEGIN
    INSERT OR IGNORE INTO search_dirty (kind, id) VALUES ('r', NEW.id); END;
  CREATE TRIGGER IF NOT EXISTS search_review_upd AFTER UPDATE OF content, word_tags, product_id ON reviews BEGIN
    INSERT OR IGNORE INTO search_dirty (kind, id) VALUES ('r', NEW.id); END;
  CREATE TRIGGER IF NOT EXISTS search_review_del AFTER DELETE ON reviews BEGIN
    INSERT OR IGNORE INTO search_dirty (kind, id) VALUES ('r', OLD.id); END;
  CREATE TRIGGER IF NOT EXISTS search_product_ins AFTER INSERT ON products BEGIN
    INSERT OR IGNORE INTO search_dirty (kind, id) VALUES ('p', NEW.id); END;
  CREATE TRIGGER IF NOT EXISTS search_product_upd AFTER UPDATE OF name, name_cn, brand_id, category_id ON products BEGIN
    INSERT OR IGNORE INTO search_dirty (kind, id) VALUES ('p', NEW.id); END;
  CREATE TRIGGER IF NOT EXISTS search_product_del AFTER DELETE ON products BEGIN
    INSERT OR IGNORE INTO search_dirty (kind, id) VALUES ('p', OLD.id); END;
  CREATE TRIGGER IF NOT EXISTS search_brand_upd AFTER UPDATE OF name, name_cn ON brands BEGIN
    INSERT OR IGNORE INTO search_dirty (kind, id) VALUES ('b', NEW.id); END;`;
const TRIGGER_NAMES = [...TRIGGERS.matchAll(/TRIGGER IF NOT EXISTS (\w+)/g)].map((m) => m[1]);

/** Creates the tables and triggers that are missing (migrate.ts, on every open). */
export function createSearchSchema(db: DB): void {
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS review_fts USING fts5(body, product, content = '', contentless_delete = 1, ${TOKENIZE});
    CREATE VIRTUAL TABLE IF NOT EXISTS product_fts USING fts5(name, brand, category, content = '', contentless_delete = 1, ${TOKENIZE});
    CREATE TABLE IF NOT EXISTS search_dirty (kind TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID;
    ${TRIGGERS}`);
}

/** The seed's bulk load drops the triggers (1,000,000 queued ids otherwise); build() restores them. */
export function dropSearchTriggers(db: DB): void {
  for (const name of TRIGGER_NAMES) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
}

/** Category names a leaf id is searched by: its Chinese name, English term, parent's name. */
export type CategoryText = (categoryId: string) => string;

interface ProductText {
  id: number;
  name: string;
  name_cn: string;
  category_id: string;
  b_name: string;
  b_name_cn: string;
}

const PRODUCT_TEXT = `SELECT p.id, p.name, p.name_cn, p.category_id, b.name AS b_name, b.name_cn AS b_name_cn
  FROM products p JOIN brands b ON b.id = p.brand_id`;

export class SearchIndex {
  constructor(
    private readonly db: DB,
    private readonly categoryText: CategoryText,
  ) {}

  private productColumns(p: ProductText): [string, string, string] {
    return [
      indexText(p.name_cn, p.name),
      indexText(p.b_name_cn, p.b_name),
      indexText(this.categoryText(p.category_id)),
    ];
  }

  private reviewBody(content: string | null, tags: string): string {
    let list: unknown = [];
    try {
      list = JSON.parse(tags);
    } catch {
      // A malformed tags column indexes the text alone.
    }
    const words = Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
    return indexText(content, ...words);
  }

  /**
   * Empties and refills both tables from the data, then clears the queue and (re)creates the
   * triggers: the seed's last step, and openDatabase's when the index is missing or older.
   * Reviews are read in id order, product by product text computed once per product.
   */
  build(): { reviews: number; products: number; ms: number } {
    const started = Date.now();
    createSearchSchema(this.db);
    let reviews = 0;
    let products = 0;
    this.db.transaction(() => {
      this.db.exec(`DELETE FROM review_fts; DELETE FROM product_fts; DELETE FROM search_dirty;`);
      const insertProduct = this.db.prepare(
        'INSERT INTO product_fts (rowid, name, brand, category) VALUES (?, ?, ?, ?)',
      );
      const productText = new Map<number, string>();
      // better-sqlite3 cannot write while a statement iterates: rows are read in id-ordered chunks.
      for (const p of this.chunks<ProductText>(`${PRODUCT_TEXT} WHERE p.id > ? ORDER BY p.id LIMIT ?`)) {
        const cols = this.productColumns(p);
        insertProduct.run(p.id, ...cols);
        productText.set(p.id, cols.join(' '));
        products++;
      }
      const insertReview = this.db.prepare('INSERT INTO review_fts (rowid, body, product) VALUES (?, ?, ?)');
      const rows = this.chunks<{ id: number; product_id: number; content: string | null; word_tags: string }>(
        'SELECT id, product_id, content, word_tags FROM reviews WHERE id > ? ORDER BY id LIMIT ?',
      );
      for (const r of rows) {
        insertReview.run(r.id, this.reviewBody(r.content, r.word_tags), productText.get(r.product_id) ?? '');
        reviews++;
      }
      this.db.exec(`INSERT INTO review_fts (review_fts) VALUES ('optimize');
        INSERT INTO product_fts (product_fts) VALUES ('optimize');`);
      this.db
        .prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
        .run(META_KEY, SEARCH_INDEX_VERSION);
    })();
    return { reviews, products, ms: Date.now() - started };
  }

  /** Every row of `sql` (`WHERE id > ? ... ORDER BY id LIMIT ?`), fetched BUILD_CHUNK at a time. */
  private *chunks<T extends { id: number }>(sql: string): Generator<T> {
    let after = 0;
    for (;;) {
      const rows = this.db.prepare(sql).all(after, BUILD_CHUNK) as T[];
      yield* rows;
      if (rows.length < BUILD_CHUNK) return;
      after = rows[rows.length - 1].id;
    }
  }

  /** Builds the index when this file has none of this version (an older file, an interrupted seed). */
  ensure(): void {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(META_KEY) as { value: string } | undefined;
    if (row?.value !== SEARCH_INDEX_VERSION) this.build();
  }

  /**
   * Indexes up to `max` queued changes; returns 1 when some are left, else 0. A product's or brand's
   * change queues its reviews (their `product` column holds its names).
   */
  drain(max = DRAIN_BATCH): number {
    let budget = max;
    while (budget > 0) {
      const queue = this.db.prepare('SELECT kind, id FROM search_dirty LIMIT ?').all(budget) as Array<{
        kind: string;
        id: number;
      }>;
      if (!queue.length) return 0;
      budget -= queue.length;
      this.db.transaction(() => {
        const done = this.db.prepare('DELETE FROM search_dirty WHERE kind = ? AND id = ?');
        for (const { kind, id } of queue) {
          done.run(kind, id);
          if (kind === 'r') this.indexReview(id);
          else if (kind === 'p') this.indexProduct(id);
          else if (kind === 'b')
            this.db
              .prepare(`INSERT OR IGNORE INTO search_dirty (kind, id) SELECT 'p', id FROM products WHERE brand_id = ?`)
              .run(id);
        }
      })();
    }
    const { n } = this.db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM search_dirty LIMIT 1)').get() as {
      n: number;
    };
    return n;
  }

  private productRow(id: number): ProductText | undefined {
    return this.db.prepare(`${PRODUCT_TEXT} WHERE p.id = ?`).get(id) as ProductText | undefined;
  }

  private indexProduct(id: number): void {
    this.db.prepare('DELETE FROM product_fts WHERE rowid = ?').run(id);
    const p = this.productRow(id);
    if (p)
      this.db
        .prepare('INSERT INTO product_fts (rowid, name, brand, category) VALUES (?, ?, ?, ?)')
        .run(id, ...this.productColumns(p));
    this.db
      .prepare(`INSERT OR IGNORE INTO search_dirty (kind, id) SELECT 'r', id FROM reviews WHERE product_id = ?`)
      .run(id);
  }

  private indexReview(id: number): void {
    this.db.prepare('DELETE FROM review_fts WHERE rowid = ?').run(id);
    const r = this.db.prepare('SELECT product_id, content, word_tags FROM reviews WHERE id = ?').get(id) as
      { product_id: number; content: string | null; word_tags: string } | undefined;
    if (!r) return;
    const p = this.productRow(r.product_id);
    this.db
      .prepare('INSERT INTO review_fts (rowid, body, product) VALUES (?, ?, ?)')
      .run(id, this.reviewBody(r.content, r.word_tags), p ? this.productColumns(p).join(' ') : '');
  }
}
