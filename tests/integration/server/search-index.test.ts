// The search index's build and bounded work (issue 43), on a real seeded SQLite file: an index
// of an older version is rebuilt when the file is opened; a word found in more than CANDIDATES
// of the newest reviews is ranked over the newest CANDIDATES matches in the recent table, a
// rarer one over the whole index; the recent table follows edits; FTS syntax stays text there.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readCatalogueFile } from '../../../server/catalogue';
import { openDatabase, type DB } from '../../../server/db/open';
import { seedDatabase } from '../../../server/seed/generate';
import { categorySearchText } from '../../../server/search/category-text';
import {
  META_KEY,
  RECENT_FLOOR_KEY,
  RECENT_REVIEWS,
  SEARCH_INDEX_VERSION,
  SearchIndex,
  WIDER_FLOOR_KEY,
} from '../../../server/search/index-store';
import { ProductRepository } from '../../../server/repositories/products';
import { CANDIDATES, SearchRepository, orderCandidates, readCandidates } from '../../../server/repositories/search';
import { parseQuery } from '../../../server/search/segment';

const catalogue = readCatalogueFile();
const categoryText = categorySearchText(catalogue);
const media = (u: string | null | undefined) => u ?? null;
const meta = (db: DB, key: string) =>
  (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
const matches = (db: DB, table: string, q: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(q) as { n: number }).n;

/** Inserts reviews of one product with these texts, oldest first, as the back office's SQL would; their ids. */
function insertReviews(db: DB, texts: string[]): number[] {
  const p = db.prepare('SELECT id, category_id FROM products WHERE review_count > 0 ORDER BY id LIMIT 1').get() as {
    id: number;
    category_id: string;
  };
  const user = db.prepare('SELECT min(id) AS id FROM users').get() as { id: number };
  const ins = db.prepare(
    `INSERT INTO reviews (product_id, category_id, user_id, content, score, word_tags, pictures, videos, likes, posted_at)
    VALUES (?, ?, ?, ?, 5, '[]', '[]', '[]', 0, ?)`,
  );
  const start = Date.now();
  return db.transaction(() =>
    texts.map((t, i) => Number(ins.run(p.id, p.category_id, user.id, t, start + i).lastInsertRowid)),
  )();
}

describe('search index', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-search-index-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('an index of an older version is rebuilt when the file is opened; the current one is kept', () => {
    const file = join(dir, 'old.sqlite');
    let db = openDatabase(file);
    seedDatabase(db, { reviews: 300, seed: 7, catalogue });
    // A file of version 1: no recent table, an older version in meta.
    db.exec('DROP TABLE review_recent_fts');
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('1', META_KEY);
    db.prepare('DELETE FROM meta WHERE key = ?').run(RECENT_FLOOR_KEY);
    db.close();

    db = openDatabase(file);
    try {
      assert.equal(matches(db, 'review_recent_fts', '"很" *'), 0, 'the table is back, empty');
      new SearchIndex(db, categoryText).ensure();
      assert.equal(meta(db, META_KEY), SEARCH_INDEX_VERSION);
      const reviews = (db.prepare('SELECT count(*) AS n FROM reviews').get() as { n: number }).n;
      assert.ok(reviews < RECENT_REVIEWS);
      const { first } = db.prepare('SELECT min(id) AS first FROM reviews').get() as { first: number };
      assert.ok(Number(meta(db, RECENT_FLOOR_KEY)) < first, 'every review is among the newest');
      assert.equal(matches(db, 'review_recent_fts', '"很" *'), matches(db, 'review_fts', '"很" *'));
      assert.ok(matches(db, 'review_fts', '"很" *') > 0);
      const repo = new SearchRepository(
        db,
        media,
        new SearchIndex(db, categoryText),
        new ProductRepository(db, media, catalogue),
      );
      assert.ok(repo.reviews({ q: '很', offset: 0, limit: 10 }).total > 0);

      // The current version is not rebuilt: a row only this file has stays.
      db.exec(`INSERT INTO review_fts (rowid, body, product) VALUES (999999999, 'sentinelword', '')`);
      new SearchIndex(db, categoryText).ensure();
      assert.equal(matches(db, 'review_fts', 'sentinelword'), 1);
    } finally {
      db.close();
    }
  });

  describe('a word in more than CANDIDATES of the newest reviews', () => {
    let db: DB;
    let repo: SearchRepository;
    /** The reviews that say quorvex, oldest first; each is followed by two that do not. */
    let ids: number[];
    const found = CANDIDATES + 150;
    // The recent table holds the newest CANDIDATES + 100 of them (and their fillers): quorvex
    // is in a third of it, so its bm25 weight is not the floor of a word in most reviews.
    const window = (CANDIDATES + 100) * 3;
    const strongOld = 0; // outside the newest CANDIDATES matches
    const strongNew = 600; // inside them
    let seededWord: { id: number; tag: string };
    let floor: number;

    before(() => {
      db = openDatabase(join(dir, 'common.sqlite'));
      seedDatabase(db, { reviews: 300, seed: 7, catalogue });
      seededWord = db
        .prepare(
          `SELECT id, json_extract(word_tags, '$[0]') AS tag FROM reviews WHERE json_array_length(word_tags) > 0 ORDER BY id LIMIT 1`,
        )
        .get() as { id: number; tag: string };
      const texts = Array.from({ length: found }, (_, i) => [
        i === strongOld
          ? 'quorvex quorvex quorvex quorvex'
          : i === strongNew
            ? 'quorvex quorvex quorvex'
            : 'quorvex 不错',
        '普通 评价',
        '普通 评价',
      ]).flat();
      ids = insertReviews(db, texts).filter((_, i) => i % 3 === 0);
      const index = new SearchIndex(db, categoryText, window);
      index.build();
      floor = Number(meta(db, RECENT_FLOOR_KEY));
      repo = new SearchRepository(db, media, index, new ProductRepository(db, media, catalogue));
    });
    after(() => db.close());

    test('the recent table holds the newest reviews', () => {
      assert.equal(floor, ids[ids.length - 1] + 2 - window);
      assert.equal(matches(db, 'review_recent_fts', 'quorvex'), CANDIDATES + 100);
      assert.equal(matches(db, 'review_recent_fts', '普通'), 2 * (CANDIDATES + 100));
      assert.equal(matches(db, 'review_fts', 'quorvex'), found);
    });

    test('ranked over the newest CANDIDATES matches: the strongest of them first, then ties newest first', () => {
      const res = repo.reviews({ q: 'quorvex', offset: 0, limit: 10 });
      const got = res.comments.map((c) => Number(c.commentId));
      assert.equal(got[0], ids[strongNew]);
      assert.ok(!got.includes(ids[strongOld]), 'older than the newest CANDIDATES matches: not ranked');
      // Equal texts tie on bm25, pictures and likes: the newest first.
      assert.deepEqual(got.slice(1), ids.slice(-9).reverse());
      assert.ok(got.every((id) => id > floor));
      assert.equal(res.total, 1000);
      assert.equal(res.totalCapped, true);
      // The deepest page ends at the oldest candidate.
      const deep = repo.reviews({ q: 'quorvex', offset: 1000, limit: 50 }).comments.map((c) => Number(c.commentId));
      assert.equal(deep.length, 50);
      assert.equal(deep[deep.length - 1], ids[found - CANDIDATES]);
      const newest = repo.reviews({ q: 'quorvex', offset: 0, limit: 3, sort: 'posted_at' });
      assert.deepEqual(
        newest.comments.map((c) => Number(c.commentId)),
        ids.slice(-3).reverse(),
      );
    });

    test('read from the recent table; a word rare among the newest reviews from the whole index', () => {
      // A candidate removed from the whole index only is still found: the recent table answered
      // (a repository of its own: none of its candidates are kept yet).
      const probe = ids[found - 2];
      db.prepare('DELETE FROM review_fts WHERE rowid = ?').run(probe);
      try {
        const own = new SearchRepository(
          db,
          media,
          new SearchIndex(db, categoryText),
          new ProductRepository(db, media, catalogue),
        );
        const got = own.reviews({ q: 'quorvex', offset: 0, limit: 5 }).comments.map((c) => Number(c.commentId));
        assert.ok(got.includes(probe));
      } finally {
        db.prepare('INSERT INTO search_dirty (kind, id) VALUES (?, ?)').run('r', probe);
      }
      // A seeded review's tag: none of the newest reviews says it, the whole index finds it.
      assert.ok(seededWord.id <= floor);
      const old = repo.reviews({ q: seededWord.tag, offset: 0, limit: 50 });
      assert.ok(old.total > 0, seededWord.tag);
      assert.ok(old.comments.every((c) => Number(c.commentId) <= floor));
    });

    test('the recent table follows edits: new and changed reviews above the floor, deletions', () => {
      const [added] = insertReviews(db, ['zentrix 新评价']);
      assert.equal(repo.reviews({ q: 'zentrix', offset: 0, limit: 5 }).total, 1);
      assert.equal(matches(db, 'review_recent_fts', 'zentrix'), 1);
      assert.equal(matches(db, 'review_fts', 'zentrix'), 1);
      db.prepare('DELETE FROM reviews WHERE id = ?').run(added);
      assert.equal(repo.reviews({ q: 'zentrix', offset: 0, limit: 5 }).total, 0);
      assert.equal(matches(db, 'review_recent_fts', 'zentrix'), 0);
      assert.equal(matches(db, 'review_fts', 'zentrix'), 0);
      // An edit below the floor stays out of the recent table.
      db.prepare('UPDATE reviews SET content = ? WHERE id = ?').run('plimsoll 旧评价', seededWord.id);
      assert.deepEqual(
        repo.reviews({ q: 'plimsoll', offset: 0, limit: 5 }).comments.map((c) => Number(c.commentId)),
        [seededWord.id],
      );
      assert.equal(matches(db, 'review_recent_fts', 'plimsoll'), 0);
    });

    test('kept answers are fresh ones: they go when the index or the data changes, from any connection', () => {
      const fresh = () =>
        new SearchRepository(db, media, new SearchIndex(db, categoryText), new ProductRepository(db, media, catalogue));
      const ask = (r: SearchRepository, q: string, offset: number) =>
        r.reviews({ q, offset, limit: 20 }).comments.map((c) => Number(c.commentId));
      for (const offset of [0, 20, 40]) assert.deepEqual(ask(repo, 'quorvex', offset), ask(fresh(), 'quorvex', offset));
      // Likes are read on each search: the kept list reorders ties at once.
      const liked = ids[found - 500];
      db.prepare('UPDATE reviews SET likes = 5 WHERE id = ?').run(liked);
      assert.equal(ask(repo, 'quorvex', 0)[1], liked);
      // Another connection adds and indexes a review (this one's queue stays empty).
      const other = openDatabase(join(dir, 'common.sqlite'));
      try {
        const [added] = insertReviews(other, ['quorvex quorvex quorvex quorvex quorvex']);
        new SearchIndex(other, categoryText).drain();
        assert.equal(ask(repo, 'quorvex', 0)[0], added);
        other.prepare('DELETE FROM reviews WHERE id = ?').run(added);
        new SearchIndex(other, categoryText).drain();
        // A review hidden by another connection (no index change) leaves the kept order at once.
        assert.equal(ask(repo, 'quorvex', 0)[0], ids[strongNew]);
        other.prepare('UPDATE reviews SET hidden_at = 1 WHERE id = ?').run(ids[strongNew]);
        assert.ok(!ask(repo, 'quorvex', 0).includes(ids[strongNew]));
        other.prepare('UPDATE reviews SET hidden_at = NULL WHERE id = ?').run(ids[strongNew]);
      } finally {
        other.close();
      }
      assert.equal(ask(repo, 'quorvex', 0)[0], ids[strongNew]);
      db.prepare('UPDATE reviews SET likes = 0 WHERE id = ?').run(liked);
    });

    test('FTS syntax is text on the recent table too', () => {
      for (const q of ['"quorvex', 'quorvex"', 'quorvex*', '(quorvex)', 'quorvex:', '-quorvex', '^quorvex']) {
        const res = repo.reviews({ q, offset: 0, limit: 3 });
        assert.equal(Number(res.comments[0]?.commentId), ids[strongNew], q);
        assert.equal(res.total, 1000, q);
      }
      // AND, OR and NEAR are words that no review says, not operators.
      for (const q of ['quorvex AND', 'quorvex OR zzzznothing', 'NEAR(quorvex'])
        assert.equal(repo.reviews({ q, offset: 0, limit: 3 }).total, 0, q);
    });
  });

  test('the recent table is trimmed back to the newest reviews as reviews are added; answers stay those of the newest', () => {
    const db = openDatabase(join(dir, 'growing.sqlite'));
    try {
      seedDatabase(db, { reviews: 300, seed: 7, catalogue });
      const recent = 100;
      const index = new SearchIndex(db, categoryText, recent);
      index.build();
      const repo = new SearchRepository(db, media, index, new ProductRepository(db, media, catalogue));
      const count = () => (db.prepare('SELECT count(*) AS n FROM review_recent_fts').get() as { n: number }).n;
      assert.equal(count(), recent);
      // A few more (up to 4 % above its size) are kept: no trim per review.
      insertReviews(db, ['trimvale 一', 'trimvale 二']);
      index.drain();
      assert.equal(count(), recent + 2);
      // Many more: the floor rises to the newest `recent` reviews, in the same drain.
      const added = insertReviews(
        db,
        Array.from({ length: 250 }, (_, i) => `trimvale 第${i}条`),
      );
      const generation = index.generation;
      assert.equal(repo.reviews({ q: 'trimvale', offset: 0, limit: 5, sort: 'posted_at' }).comments.length, 5);
      const floor = Number(meta(db, RECENT_FLOOR_KEY));
      assert.equal(floor, added[added.length - 1] - recent);
      assert.ok(index.generation > generation);
      assert.equal(count(), recent);
      assert.equal(matches(db, 'review_recent_fts', 'trimvale'), recent);
      assert.equal(matches(db, 'review_fts', 'trimvale'), 252);
      // Ranked over the newest matches, as before the trim; found below the floor too.
      const got = repo.reviews({ q: 'trimvale', offset: 0, limit: 3, sort: 'posted_at' });
      assert.deepEqual(
        got.comments.map((c) => Number(c.commentId)),
        added.slice(-3).reverse(),
      );
      assert.equal(repo.reviews({ q: 'trimvale 一', offset: 0, limit: 3 }).total, 1);
      // An edit below the new floor stays out of the recent table.
      db.prepare('UPDATE reviews SET content = ? WHERE id = ?').run('trimvale 改过', added[0]);
      assert.equal(repo.reviews({ q: '改过', offset: 0, limit: 3 }).total, 1);
      assert.equal(matches(db, 'review_recent_fts', '改过'), 0);
    } finally {
      db.close();
    }
  });
  test('a word rare among the newest reviews but in CANDIDATES of the wider table is read there; a rarer one from the whole index', () => {
    const db = openDatabase(join(dir, 'wider.sqlite'));
    try {
      seedDatabase(db, { reviews: 300, seed: 7, catalogue });
      const oldest = db
        .prepare(
          `SELECT id, json_extract(word_tags, '$[0]') AS tag FROM reviews WHERE json_array_length(word_tags) > 0 ORDER BY id LIMIT 1`,
        )
        .get() as { id: number; tag: string };
      const said = insertReviews(
        db,
        Array.from({ length: CANDIDATES + 60 }, () => 'vellmore 不错'),
      );
      insertReviews(
        db,
        Array.from({ length: 200 }, () => '普通 评价'),
      );
      // The recent table: the 200 newest (none says vellmore); the wider one: every vellmore too.
      const index = new SearchIndex(db, categoryText, 200, CANDIDATES + 300);
      index.build();
      assert.equal(matches(db, 'review_recent_fts', 'vellmore'), 0);
      assert.equal(matches(db, 'review_wider_fts', 'vellmore'), CANDIDATES + 60);
      const wider = Number(meta(db, WIDER_FLOOR_KEY));
      assert.ok(oldest.id <= wider && said[0] > wider);
      const fresh = () => new SearchRepository(db, media, index, new ProductRepository(db, media, catalogue));
      // Taken out of the whole index only, the newest vellmore is still found: the wider table answered.
      const probe = said[said.length - 1];
      db.prepare('DELETE FROM review_fts WHERE rowid = ?').run(probe);
      for (const sort of ['relevance', 'posted_at'] as const)
        assert.ok(
          fresh()
            .reviews({ q: 'vellmore', offset: 0, limit: 50, sort })
            .comments.some((c) => Number(c.commentId) === probe),
          sort,
        );
      db.prepare('INSERT INTO search_dirty (kind, id) VALUES (?, ?)').run('r', probe);
      // An edit indexes the wider table too; below its floor it stays out.
      db.prepare('UPDATE reviews SET content = ? WHERE id = ?').run('quillet 改过', said[5]);
      db.prepare('UPDATE reviews SET content = ? WHERE id = ?').run('quillet 旧的', oldest.id);
      assert.equal(fresh().reviews({ q: 'quillet', offset: 0, limit: 5 }).total, 2);
      assert.equal(matches(db, 'review_wider_fts', 'quillet'), 1);
      assert.equal(matches(db, 'review_fts', 'quillet'), 2);
      // A word of the oldest reviews only: from the whole index.
      const old = fresh().reviews({ q: oldest.tag, offset: 0, limit: 50 });
      assert.ok(old.total > 0 && old.total < CANDIDATES, oldest.tag);
      assert.equal(old.total, matches(db, 'review_fts', parseQuery(oldest.tag).match!));
      assert.ok(old.comments.some((c) => Number(c.commentId) <= wider));
    } finally {
      db.close();
    }
  });

  test('the default order reads only the first ranks: its pages are those of the whole order, hidden and taken-down reviews left out', () => {
    const db = openDatabase(join(dir, 'prefix.sqlite'));
    try {
      seedDatabase(db, { reviews: 600, seed: 11, catalogue });
      const index = new SearchIndex(db, categoryText);
      index.build();
      const fresh = () => new SearchRepository(db, media, index, new ProductRepository(db, media, catalogue));
      // Common words: their ranks tie in long runs, so a page's end falls inside a tie.
      const words = (
        db
          .prepare(
            `SELECT t.value AS w FROM reviews r, json_each(r.word_tags) t GROUP BY t.value ORDER BY count(*) DESC, t.value LIMIT 8`,
          )
          .all() as Array<{ w: string }>
      ).map((r) => r.w);
      const queries = [...words, '好', '不错', '质量'];
      const relevance = { sort: 'relevance' as const };
      const whole = (q: string) => {
        const match = parseQuery(q).match!;
        return orderCandidates(db, readCandidates(db, match, true), relevance);
      };
      // Some of the first ranks hidden, some taken down (the back office's and editors' SQL).
      const tops = queries.flatMap((q) =>
        whole(q)
          .ids.slice(0, 12)
          .map(([id]) => id),
      );
      const hide = db.prepare('UPDATE reviews SET hidden_at = 1 WHERE id = ?');
      const down = db.prepare(
        `INSERT OR IGNORE INTO takedowns (product_id, comment_id, reason, created_at)
        SELECT CAST(product_id AS TEXT), CAST(id AS TEXT), 'test', 1 FROM reviews WHERE id = ?`,
      );
      const gone = new Set(tops.filter((_, i) => i % 5 === 1 || i % 5 === 3));
      tops.forEach((id, i) => (i % 5 === 1 ? hide.run(id) : i % 5 === 3 ? down.run(id) : undefined));
      let ties = 0;
      for (const q of queries) {
        const all = whole(q);
        assert.equal(all.complete, true);
        assert.equal(all.visible, all.ids.length);
        assert.ok(gone.size > 0 && all.ids.every(([id]) => !gone.has(id)), q);
        if (all.ids.length > 10 && all.ids[9][1] === all.ids[10][1]) ties++;
        // Pages in the order a shopper scrolls (one repository: its kept order grows), and a
        // deep page first (another).
        const scrolled = fresh();
        for (const [offset, limit] of [
          [0, 10],
          [10, 10],
          [20, 20],
          [40, 50],
          [0, 10],
        ]) {
          const res = scrolled.reviews({ q, offset, limit });
          assert.deepEqual(
            res.comments.map((c) => Number(c.commentId)),
            all.ids.slice(offset, offset + limit).map(([id]) => id),
            `${q} ${offset}+${limit}`,
          );
          assert.equal(res.total, Math.min(all.visible, 1000), q);
        }
        const deep = fresh().reviews({ q, offset: 30, limit: 10 });
        assert.deepEqual(
          deep.comments.map((c) => Number(c.commentId)),
          all.ids.slice(30, 40).map(([id]) => id),
        );
      }
      assert.ok(ties >= 3, `a page ends inside a tie for ${ties} of the queries`);
    } finally {
      db.close();
    }
  });
});
