// Issue 23: a database file from before reviews carried their leaf's ancestors (parent_id,
// group_id) gets the columns, the indexes and the values when the server opens it, so the feed
// of a second-level category or a group answers the same reviews as before; a review added
// later without them (as the back office inserts) gets them from category_paths.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { readCatalogueFile } from '../../../server/catalogue';
import { openDatabase } from '../../../server/db/open';
import { seedDatabase } from '../../../server/seed/generate';
import { startServer, type RunningServer } from '../../../server/start';

describe('reviews get their category ancestors in files seeded before them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-paths-test-'));
  const file = join(dir, 'old.sqlite');
  let server: RunningServer | undefined;
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an old file is brought up on start; group and second-level feeds list every review of their leaves', async () => {
    const catalogue = readCatalogueFile();
    const seeded = openDatabase(file);
    seedDatabase(seeded, { reviews: 200, seed: 5, catalogue });
    seeded.close();
    // Back to the shape of a file seeded before issue 23: no columns, indexes, trigger or paths.
    const raw = new Database(file);
    for (const { name } of raw
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND (name LIKE 'reviews_parent%' OR name LIKE 'reviews_group%')",
      )
      .all() as Array<{ name: string }>)
      raw.exec(`DROP INDEX ${name}`);
    raw.exec(`DROP TRIGGER reviews_category_path; ALTER TABLE reviews DROP COLUMN parent_id;
      ALTER TABLE reviews DROP COLUMN group_id; DELETE FROM category_paths; DELETE FROM meta WHERE key = 'category_paths_hash'`);
    raw.close();

    server = await startServer({
      dbFile: file,
      mediaDir: join(dir, 'media'),
      host: '127.0.0.1',
      port: 0,
      logger: false,
    });
    const db = server.app.db;
    // A review added the back office's way: no ancestors given.
    db.prepare(
      `INSERT INTO reviews (product_id, category_id, sku_id, user_id, content, score, word_tags, pictures, videos, posted_at)
       SELECT product_id, category_id, sku_id, user_id, '后加的晒单', 5, '[]', '[]', '[]', posted_at - 1 FROM reviews ORDER BY id LIMIT 1`,
    ).run();
    const all = db.prepare('SELECT id, category_id FROM reviews').all() as Array<{ id: number; category_id: string }>;
    const leaf = catalogue.leafById.get(all[0].category_id)!;
    for (const node of [leaf.groupId, leaf.parentId]) {
      const under = new Set(catalogue.leafIdsUnder(node));
      const expected = all.filter((r) => under.has(r.category_id)).map((r) => r.id);
      const res: Response = await fetch(
        `${server.url}/api/v2/product_comment/haul?delimiter=0&size=500&category=${node}`,
      );
      assert.equal(res.status, 200);
      const body = (await res.json()) as { waterFall: { waterDrops: Array<{ commentId: number }> } };
      assert.deepEqual(body.waterFall.waterDrops.map((d) => d.commentId).sort(), expected.sort(), `feed of ${node}`);
    }
  });
});
