// Every media URL a database references, found without knowing where media columns are: each
// text column of each table, as plain text or anywhere inside JSON. The media tests use it to
// pick real URLs and to check that everything the data names is served.
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../../../server/db/open';

export function mediaUrlsInData(db: DB): string[] {
  const urls = new Set<string>();
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as Array<{ name: string }>;
  for (const { name } of tables) {
    const cols = db.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(name) as Array<{
      name: string;
      type: string;
    }>;
    for (const c of cols.filter((x) => x.type === 'TEXT')) {
      const rows = db
        .prepare(
          `SELECT j.value AS u FROM "${name}" t, json_tree(t."${c.name}") j
        WHERE json_valid(t."${c.name}") AND j.type = 'text' AND j.value LIKE '/media/%'
        UNION SELECT t."${c.name}" FROM "${name}" t WHERE t."${c.name}" LIKE '/media/%'`,
        )
        .all() as Array<{ u: string }>;
      for (const r of rows) urls.add(r.u);
    }
  }
  return [...urls].sort();
}

/** The media dir's files (relative paths, without dotfiles) and their total size. */
export function filesUnder(dir: string): { files: string[]; bytes: number } {
  if (!fs.existsSync(dir)) return { files: [], bytes: 0 };
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.')) // not the .renderer marker
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return { files, bytes: files.reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0) };
}
