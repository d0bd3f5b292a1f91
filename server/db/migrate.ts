// Changes to tables that existing database files already have. schema.sql only creates what
// is missing (CREATE ... IF NOT EXISTS), so a column added later is added here, once, on open.
import type Database from 'better-sqlite3';
import { createSearchSchema } from '../search/index-store';

// The connection's type from the driver itself: open.ts imports this module.
type DB = Database.Database;

const columnsOf = (db: DB, table: string) =>
  new Set((db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name));

/** Sessions gained last_used_at (issue 12 item 4): an old key counts as last used when created. */
function addSessionLastUsed(db: DB): void {
  if (columnsOf(db, 'sessions').has('last_used_at')) return;
  db.transaction(() => {
    db.exec('ALTER TABLE sessions ADD COLUMN last_used_at INTEGER NOT NULL DEFAULT 0');
    db.exec('UPDATE sessions SET last_used_at = created_at');
  })();
}

/** Reviews gained hidden_at (issue 13 part 2, the demo's back office hides a review). */
function addReviewHiddenAt(db: DB): void {
  if (columnsOf(db, 'reviews').has('hidden_at')) return;
  db.exec('ALTER TABLE reviews ADD COLUMN hidden_at INTEGER');
}

/** Replies gained merchant_id (issue 21 item 4: a reply by the merchant is labelled). */
function addReplyMerchant(db: DB): void {
  if (columnsOf(db, 'replies').has('merchant_id')) return;
  db.exec('ALTER TABLE replies ADD COLUMN merchant_id INTEGER REFERENCES merchants(id)');
}

/**
 * Reviews gained their leaf's ancestors (issue 23: a feed by a second-level or top-level
 * category walks one index range instead of sorting the leaves' reviews). Older files get the
 * columns empty; ReviewRepository fills them from category_paths on start. The trigger fills
 * them for a review inserted without them (the back office, tests copying rows).
 */
function addReviewCategoryPath(db: DB): void {
  const columns = columnsOf(db, 'reviews');
  if (!columns.has('parent_id')) db.exec('ALTER TABLE reviews ADD COLUMN parent_id TEXT');
  if (!columns.has('group_id')) db.exec('ALTER TABLE reviews ADD COLUMN group_id TEXT');
  db.exec(`
    CREATE INDEX IF NOT EXISTS reviews_parent_feed ON reviews(parent_id, posted_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS reviews_parent_likes ON reviews(parent_id, likes DESC, posted_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS reviews_group_feed ON reviews(group_id, posted_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS reviews_group_likes ON reviews(group_id, likes DESC, posted_at DESC, id DESC);
    CREATE TRIGGER IF NOT EXISTS reviews_category_path AFTER INSERT ON reviews
    WHEN NEW.group_id IS NULL BEGIN
      UPDATE reviews SET parent_id = p.parent_id, group_id = p.group_id
      FROM category_paths p WHERE p.leaf_id = NEW.category_id AND reviews.id = NEW.id;
    END;`);
}

/**
 * Discover's first per-sort indexes (issue 23), replaced by the covering products_all_* ones of
 * schema.sql (same order, plus the filters' columns): dropped so writes keep one copy.
 */
function dropOldProductOrderIndexes(db: DB): void {
  db.exec(`DROP INDEX IF EXISTS products_popular;
    DROP INDEX IF EXISTS products_newest;
    DROP INDEX IF EXISTS products_price_desc;`);
}

/** Brings an opened file's tables up to schema.sql. Idempotent. */
export function migrate(db: DB): void {
  addSessionLastUsed(db);
  addReviewHiddenAt(db);
  addReplyMerchant(db);
  addReviewCategoryPath(db);
  dropOldProductOrderIndexes(db);
  // The search index (issue 43): its tables and the triggers that queue changes; filled by the
  // seed or, for a file without it, by SearchIndex.ensure() when the app starts.
  createSearchSchema(db);
}
