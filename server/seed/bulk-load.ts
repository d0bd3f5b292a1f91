// The seed's bulk-load mode (docs/server.md "Demo data at scale"): batched transactions, no
// foreign-key checks or fsyncs while loading, the big tables' indexes built once at the end
// instead of updated row by row, and the connection's settings restored afterwards.
import type { DB } from '../db/open';

/** Tables whose secondary indexes are dropped during the load and rebuilt after it. */
const BIG_TABLES = ['products', 'skus', 'users', 'reviews', 'replies', 'orders', 'order_items'];
/** Page cache while loading, KiB: bounded, and enough to keep the tables' last pages hot. */
const LOAD_CACHE_KIB = 64 * 1024;

/**
 * Empties `tables`, then runs `load` inside a transaction; `load` calls `commit()` between
 * batches to commit and start the next transaction (the WAL and memory stay small). The
 * readers of another connection may see a partly loaded set in between; it is complete once
 * `meta.seed_params` is written (last), which is what isSeeded checks. On an error the current
 * batch is rolled back and the error thrown: the set stays unseeded (no seed_params) and
 * openDatabase recreates any missing index.
 */
export function bulkLoad<T>(db: DB, tables: readonly string[], load: (commit: () => void) => T): T {
  const saved = {
    foreign_keys: db.pragma('foreign_keys', { simple: true }) as number,
    synchronous: db.pragma('synchronous', { simple: true }) as number,
    cache_size: db.pragma('cache_size', { simple: true }) as number,
  };
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
       AND tbl_name IN (SELECT value FROM json_each(?)) ORDER BY name`,
    )
    .all(JSON.stringify(BIG_TABLES)) as Array<{ name: string; sql: string }>;
  // foreign_keys cannot change inside a transaction; the generator writes parents first anyway.
  db.pragma('foreign_keys = OFF');
  db.pragma('synchronous = OFF');
  db.pragma(`cache_size = -${LOAD_CACHE_KIB}`);
  try {
    db.exec('BEGIN');
    for (const t of tables) db.exec(`DELETE FROM ${t}`);
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    const out = load(() => {
      db.exec('COMMIT');
      db.exec('BEGIN');
    });
    for (const { sql } of indexes) db.exec(sql);
    db.exec('COMMIT');
    return out;
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  } finally {
    db.pragma(`cache_size = ${saved.cache_size}`);
    db.pragma(`synchronous = ${saved.synchronous}`);
    db.pragma(`foreign_keys = ${saved.foreign_keys}`);
    // The load's pages are in the WAL: move them into the file and give the disk back.
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
}
