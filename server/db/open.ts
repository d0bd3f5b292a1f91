// Opens (and creates) the SQLite file and applies the schema. Used by the app, main and seed.
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { migrate } from './migrate';

export type DB = Database.Database;

const SCHEMA = readFileSync(join(__dirname, 'schema.sql'), 'utf8');

export function openDatabase(file: string): DB {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  migrate(db);
  memoizePrepare(db);
  return db;
}

/**
 * Repositories call db.prepare(sql) per request; compiling the SQL each time dominated the
 * review detail's cost (docs/benchmarks.md). Statements are reusable and better-sqlite3 is
 * synchronous, so one compiled statement per distinct SQL text is safe (the server never
 * iterates a statement while another call could run it). The SQL texts are a fixed set of
 * shapes, so the cache stays small.
 */
export function memoizePrepare(db: DB): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, ReturnType<typeof prepare>>();
  db.prepare = ((sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  }) as DB['prepare'];
}

export function getMeta(db: DB, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function isSeeded(db: DB): boolean {
  return getMeta(db, 'seed_params') !== undefined;
}
