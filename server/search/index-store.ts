// The search index (issue 43): contentless FTS5 tables of segmented words (segment.ts),
// `review_fts` (a review's text and tags; its product's names, brand and category) and
// `product_fts` (a product's names, brand and category), rowid = the review's / product's id;
// `review_recent_fts` and `review_wider_fts`, the same as review_fts for the newest
// RECENT_REVIEWS and WIDER_REVIEWS reviews only (and any added since the build), which bound
// the work of a word found in many reviews (repositories/search.ts); and `reviews_search_keys`, a narrow covering index of what ranking
// and filtering read of each candidate.
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
export const SEARCH_INDEX_VERSION = '3';
/** The meta row that names the index version the file holds. */
export const META_KEY = 'search_index_version';
/** The meta row that holds the recent table's floor: reviews with a greater id are in it. */
export const RECENT_FLOOR_KEY = 'search_recent_floor';
/** The same for the wider table. */
export const WIDER_FLOOR_KEY = 'search_wider_floor';

/**
 * Reviews in `review_recent_fts` at build time: the newest by id. A query with at least
 * CANDIDATES matches among them is ranked there (its candidates are the same, its bm25
 * statistics those of these reviews), so its cost is bounded by this many reviews, not by the
 * whole index. docs/server.md "Search".
 */
export const RECENT_REVIEWS = 50_000;

/**
 * Reviews in `review_wider_fts` at build time: where a query with fewer than CANDIDATES matches
 * among the newest RECENT_REVIEWS is ranked when it has that many among these. Without it such
 * a query (a phrase ending in a common word: 音质好, Levi's) was ranked over the whole index,
 * 10-30 ms the first time at 1,000,000 reviews, the tail of a search's latency
 * (docs/benchmarks.md "Search").
 */
export const WIDER_REVIEWS = 400_000;

/** The tables of the newest reviews, the fewest first: where a query's candidates are read. */
export const NEWEST_TABLES = ['review_recent_fts', 'review_wider_fts'] as const;

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

const FTS_TABLES = {
  // A 1-character prefix index: a query ending in a 1-character word (很, 音质好, Levi's) reads
  // one doclist for it, not a merge of the doclists of every word it starts (hundreds). It
  // costs 1.9x the index's size and +50 % of its build time (docs/benchmarks.md "Search").
  review_fts: `body, product, content = '', contentless_delete = 1, prefix = '1', ${TOKENIZE}`,
  review_recent_fts: `body, product, content = '', contentless_delete = 1, prefix = '1', ${TOKENIZE}`,
  review_wider_fts: `body, product, content = '', contentless_delete = 1, prefix = '1', ${TOKENIZE}`,
  product_fts: `name, brand, category, content = '', contentless_delete = 1, ${TOKENIZE}`,
};

/**
 * What the ranking and the filters read of a candidate review (repositories/search.ts), in one
 * narrow index looked up by id: a few pages instead of one wide row (text, pictures) each.
 * The media expressions are written exactly as the queries write them, so SQLite reads them
 * from the index.
 */
export const KEYS_INDEX = 'reviews_search_keys';
const KEYS_INDEX_SQL = `CREATE INDEX IF NOT EXISTS ${KEYS_INDEX} ON reviews (id, hidden_at, score, likes, posted_at,
  product_id, json_array_length(pictures), json_array_length(videos))`;

/**
 * The hidden reviews' ids (a partial index: as small as the back office's hiding), which the
 * ordering of a search reads whole (repositories/search.ts orderCandidates).
 */
export const HIDDEN_INDEX = 'reviews_hidden';
const HIDDEN_INDEX_SQL = `CREATE INDEX IF NOT EXISTS ${HIDDEN_INDEX} ON reviews (id) WHERE hidden_at IS NOT NULL`;

/** Creates the tables, index and triggers that are missing (migrate.ts, on every open). */
export function createSearchSchema(db: DB): void {
  for (const [name, args] of Object.entries(FTS_TABLES))
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING fts5(${args})`);
  db.exec(`${KEYS_INDEX_SQL};
    ${HIDDEN_INDEX_SQL};
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
  /** Bumped whenever this index changes (build, drain): what a cache of its answers checks. */
  generation = 0;

  constructor(
    private readonly db: DB,
    private readonly categoryText: CategoryText,
    /** How many of the newest reviews build() puts in the recent table (tests make it small). */
    recentReviews = RECENT_REVIEWS,
    /** The same for the wider table. */
    widerReviews = WIDER_REVIEWS,
  ) {
    this.newest = [
      { table: NEWEST_TABLES[0], size: recentReviews, floorKey: RECENT_FLOOR_KEY },
      { table: NEWEST_TABLES[1], size: widerReviews, floorKey: WIDER_FLOOR_KEY },
    ];
  }

  /** The tables of the newest reviews: each one's size and the meta row of its floor. */
  private readonly newest: Array<{ table: string; size: number; floorKey: string }>;

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
   * Creates the tables afresh and fills them from the data (the newest reviews also into the
   * recent and wider tables), then clears the queue and (re)creates the triggers: the seed's
   * last step, and openDatabase's when the index is missing or older. Reviews are read in id
   * order, product by product text computed once per product.
   */
  build(): { reviews: number; products: number; ms: number } {
    const started = Date.now();
    let reviews = 0;
    let products = 0;
    this.db.transaction(() => {
      // Dropped and created again, not emptied: a new version may change a table's options, and
      // emptying a contentless-delete table deletes row by row.
      for (const name of Object.keys(FTS_TABLES)) this.db.exec(`DROP TABLE IF EXISTS ${name}`);
      createSearchSchema(this.db);
      this.db.exec('DELETE FROM search_dirty');
      const { last } = this.db.prepare('SELECT coalesce(max(id), 0) AS last FROM reviews').get() as { last: number };
      const floors = this.newest.map((t) => Math.max(0, last - t.size));
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
      const insertNewest = this.newest.map((t) =>
        this.db.prepare(`INSERT INTO ${t.table} (rowid, body, product) VALUES (?, ?, ?)`),
      );
      const rows = this.chunks<{ id: number; product_id: number; content: string | null; word_tags: string }>(
        'SELECT id, product_id, content, word_tags FROM reviews WHERE id > ? ORDER BY id LIMIT ?',
      );
      for (const r of rows) {
        const body = this.reviewBody(r.content, r.word_tags);
        const product = productText.get(r.product_id) ?? '';
        insertReview.run(r.id, body, product);
        floors.forEach((floor, i) => (r.id > floor ? insertNewest[i].run(r.id, body, product) : undefined));
        reviews++;
      }
      for (const name of Object.keys(FTS_TABLES)) this.db.exec(`INSERT INTO ${name} (${name}) VALUES ('optimize')`);
      const setMeta = this.db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      );
      this.newest.forEach((t, i) => setMeta.run(t.floorKey, String(floors[i])));
      setMeta.run(META_KEY, SEARCH_INDEX_VERSION);
    })();
    this.generation++;
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
      if (!queue.length) {
        this.trimRecent(budget);
        return 0;
      }
      budget -= queue.length;
      this.generation++;
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

  /**
   * Keeps each table of the newest reviews near its size as reviews are added: once one holds
   * more than its size plus 4 % ids above its floor, its floor rises to its newest `size` ids
   * (at most `budget` ids at a time, deleted from the table in the same transaction), so a
   * query ranked there stays bounded by that many reviews on a site that keeps growing.
   */
  private trimRecent(budget: number): void {
    const { last } = this.db.prepare('SELECT coalesce(max(id), 0) AS last FROM reviews').get() as { last: number };
    for (const t of this.newest) {
      const floor = this.floor(t.floorKey);
      if (last - floor <= t.size + Math.ceil(t.size / 25)) continue;
      const next = Math.min(last - t.size, floor + budget);
      this.db.transaction(() => {
        this.db.prepare(`DELETE FROM ${t.table} WHERE rowid > ? AND rowid <= ?`).run(floor, next);
        this.db
          .prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
          .run(t.floorKey, String(next));
      })();
      this.generation++;
    }
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

  /** A table's floor (its meta row); reviews added after the build are above it. */
  private floor(key: string): number {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return Number(row?.value ?? 0);
  }

  private indexReview(id: number): void {
    const tables = ['review_fts', ...this.newest.filter((t) => id > this.floor(t.floorKey)).map((t) => t.table)];
    for (const table of tables) this.db.prepare(`DELETE FROM ${table} WHERE rowid = ?`).run(id);
    const r = this.db.prepare('SELECT product_id, content, word_tags FROM reviews WHERE id = ?').get(id) as
      { product_id: number; content: string | null; word_tags: string } | undefined;
    if (!r) return;
    const p = this.productRow(r.product_id);
    const row = [id, this.reviewBody(r.content, r.word_tags), p ? this.productColumns(p).join(' ') : ''];
    for (const table of tables)
      this.db.prepare(`INSERT INTO ${table} (rowid, body, product) VALUES (?, ?, ?)`).run(...row);
  }
}
