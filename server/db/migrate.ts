// Changes to tables that existing database files already have. schema.sql only creates what
// is missing (CREATE ... IF NOT EXISTS), so a column added later is added here, once, on open.
import type Database from 'better-sqlite3';

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

/** Brings an opened file's tables up to schema.sql. Idempotent. */
export function migrate(db: DB): void {
  addSessionLastUsed(db);
  addReviewHiddenAt(db);
  addReplyMerchant(db);
}
