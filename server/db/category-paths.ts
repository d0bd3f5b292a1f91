// Each leaf category's ancestors in the database (issue 23): the review feed filtered by a
// second-level or top-level category reads one index range (reviews.parent_id / group_id)
// instead of merging or sorting its leaves' reviews. The catalogue is a file the server reads,
// so the copy is refreshed on start; reviews written without ancestors get them from the table
// (server/db/migrate.ts's trigger) or here.
import type { Catalogue } from '../catalogue';
import type { DB } from './open';

const HASH_KEY = 'category_paths_hash';

/**
 * Writes category_paths from the catalogue and fills reviews' parent_id / group_id: only the
 * ones still empty when the catalogue is the one last written (an index range, quick at any
 * size), every review whose copy differs when the catalogue changed (one pass over the table).
 */
export function syncCategoryPaths(db: DB, catalogue: Catalogue): void {
  db.transaction(() => {
    const written = db.prepare('SELECT value FROM meta WHERE key = ?').get(HASH_KEY) as { value: string } | undefined;
    const same = written?.value === catalogue.hash;
    if (!same) {
      db.exec('DELETE FROM category_paths');
      const ins = db.prepare('INSERT INTO category_paths (leaf_id, parent_id, group_id) VALUES (?, ?, ?)');
      for (const leaf of catalogue.leaves) ins.run(leaf.id, leaf.parentId, leaf.groupId);
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(HASH_KEY, catalogue.hash);
    }
    db.exec(`UPDATE reviews SET parent_id = p.parent_id, group_id = p.group_id
      FROM category_paths p WHERE p.leaf_id = reviews.category_id
      AND ${same ? 'reviews.group_id IS NULL' : '(reviews.group_id IS NOT p.group_id OR reviews.parent_id IS NOT p.parent_id)'}`);
  })();
}
