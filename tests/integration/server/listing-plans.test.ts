// Issue 23: every listing of reviews reads an index range in its answer order, at any depth.
// Each listing is served by the real repository on a real SQLite file; every statement it runs
// on reviews or replies is then explained with the same arguments: an index search, no scan of
// the table, no temporary B-tree to sort (the shapes that made a page cost grow with the data).
// Product listings (discover, category listings) likewise: their windows walk a sort's index
// in answer order, no table scan, no sort (the last describe).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readCatalogueFile } from '../../../server/catalogue';
import { syncCategoryPaths } from '../../../server/db/category-paths';
import { openDatabase, type DB } from '../../../server/db/open';
import { DiscoverRepository } from '../../../server/repositories/discover';
import { ProductRepository, type ProductSort } from '../../../server/repositories/products';
import { ReviewRepository } from '../../../server/repositories/reviews';
import { seedDatabase } from '../../../server/seed/generate';

interface Run {
  sql: string;
  args: unknown[];
}

/** Records every statement run through `db` (its SQL and arguments) while `fn` runs. */
function recordStatements(db: DB): { runs: Run[] } {
  const runs: Run[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const stmt = prepare(sql);
    return new Proxy(stmt, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if ((prop === 'all' || prop === 'get' || prop === 'iterate') && typeof value === 'function') {
          return (...args: unknown[]) => {
            runs.push({ sql, args });
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  }) as DB['prepare'];
  return { runs };
}

/** The lines of a recorded statement's query plan, explained with the same arguments. */
const planOf = (db: DB, run: Run): string[] =>
  (db.prepare(`EXPLAIN QUERY PLAN ${run.sql}`).all(...run.args) as Array<{ detail: string }>).map((p) => p.detail);

/** Fails with every problem `check` finds in the plans of the statements that read `tables`. */
function assertPlans(db: DB, runs: Run[], tables: RegExp, check: (db: DB, run: Run) => string[]): void {
  const read = runs.filter((r) => tables.test(r.sql));
  assert.ok(read.length > 0, 'statements were recorded');
  const bad = read.flatMap((r) => check(db, r).map((p) => `${p}\n    in: ${r.sql.replace(/\s+/g, ' ').slice(0, 400)}`));
  assert.deepEqual([...new Set(bad)], []);
}

/** The plan's lines that read a reviews or replies table, and whether any of them sorts or scans. */
function planProblems(db: DB, run: Run): string[] {
  const details = planOf(db, run);
  const problems = details.filter(
    (d) => /^SCAN (r|rp|reviews|replies)\b/.test(d) || /USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(d),
  );
  if (!details.some((d) => /^SEARCH (r|rp|reviews|replies) USING (COVERING INDEX|INDEX|INTEGER PRIMARY KEY)/.test(d)))
    problems.push(`no index search of the table: ${details.join(' | ')}`);
  return problems;
}

describe('review listings read an index range in answer order (EXPLAIN QUERY PLAN)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-plans-test-'));
  const catalogue = readCatalogueFile();
  let db: DB;
  let repo: ReviewRepository;
  let runs: Run[];
  /** The fixtures: the leaf with most reviews, the product with most (and a tag of it), a review with replies. */
  let leaf: string;
  let product: { id: number; tag: string };
  let withReplies: { id: number; p: number };
  before(() => {
    db = openDatabase(join(dir, 'plans.sqlite'));
    seedDatabase(db, { reviews: 1500, seed: 42, catalogue });
    syncCategoryPaths(db, catalogue);
    leaf = (
      db.prepare('SELECT category_id AS c FROM reviews GROUP BY category_id ORDER BY count(*) DESC').get() as {
        c: string;
      }
    ).c;
    const id = (
      db.prepare('SELECT product_id AS id FROM reviews GROUP BY product_id ORDER BY count(*) DESC LIMIT 1').get() as {
        id: number;
      }
    ).id;
    const tags = db.prepare('SELECT word_tags FROM reviews WHERE product_id = ?').all(id) as Array<{
      word_tags: string;
    }>;
    product = { id, tag: tags.flatMap((t) => JSON.parse(t.word_tags) as string[])[0] ?? '好' };
    withReplies = db
      .prepare('SELECT r.id, r.product_id AS p FROM reviews r WHERE r.reply_count > 1 ORDER BY r.id LIMIT 1')
      .get() as { id: number; p: number };
    runs = recordStatements(db).runs;
    repo = new ReviewRepository(db, (u) => u ?? null, catalogue);
  });
  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const explainAll = () => assertPlans(db, runs, /\bFROM (reviews|replies)\b/, planProblems);

  test('the feed: both sorts, every category level, the media and score filters, first and later pages', () => {
    runs.length = 0;
    const { parentId, groupId } = catalogue.leafById.get(leaf)!;
    for (const sort of ['posted_at', 'likes'] as const)
      for (const category of ['0', leaf, parentId, groupId])
        for (const filter of [{}, { media: 'any' }, { media: 'picture' }, { media: 'video' }, { score: 5 }] as const) {
          const first = repo.feedPage({ delimiter: '0', size: 3, category, sort, ...filter });
          if (first.delimiter) repo.feedPage({ delimiter: first.delimiter, size: 3, category, sort, ...filter });
        }
    explainAll();
  });

  test("a product's comments: both sorts, tag, score and media filters, windows that continue and that skip", () => {
    runs.length = 0;
    const { id, tag } = product;
    for (const s of ['posted_at', 'likes'] as const)
      for (const filter of [{}, { tag }, { score: 5 }, { media: 'any' }] as const) {
        const q = { sort: s, ...filter };
        repo.listByProduct(id, { ...q, offset: 0, limit: 2 }, null);
        repo.listByProduct(id, { ...q, offset: 2, limit: 2 }, null); // continues the first page
        repo.listByProduct(id, { ...q, offset: 3, limit: 2 }, null); // skips 3 rows of the range
      }
    explainAll();
  });

  test("a review's replies, both sorts", () => {
    runs.length = 0;
    const r = withReplies;
    for (const sort of ['posted_at', 'likes'] as const) repo.replies(r.p, r.id, { offset: 0, limit: 2, sort });
    explainAll();
  });
});

/** A product statement's plan: no table scan (only index walks), no sort; windows read a listing index. */
function productPlanProblems(db: DB, run: Run): string[] {
  const details = planOf(db, run);
  const problems = details.filter(
    (d) =>
      /^SCAN p$/.test(d) || // the table, row by row
      /^SCAN p USING INDEX /.test(d) || // a whole index, with a row lookup each
      /USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(d),
  );
  if (
    /LIMIT \? OFFSET \?/.test(run.sql) &&
    !details.some((d) => / p USING COVERING INDEX products_(all|leaf|group)_/.test(d))
  )
    problems.push(`the window does not read a listing index alone: ${details.join(' | ')}`);
  return problems;
}

describe('product listings read a sort index in answer order (EXPLAIN QUERY PLAN)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-product-plans-test-'));
  const catalogue = readCatalogueFile();
  let db: DB;
  let discover: DiscoverRepository;
  let runs: Run[];
  let leaf: string;
  let group: string;
  let second: string;
  let otherGroupLeaf: string;
  before(() => {
    db = openDatabase(join(dir, 'plans.sqlite'));
    seedDatabase(db, { reviews: 3000, seed: 42, catalogue });
    const top = db
      .prepare('SELECT category_id AS c, group_id AS g FROM products GROUP BY category_id ORDER BY count(*) DESC')
      .get() as { c: string; g: string };
    leaf = top.c;
    group = top.g;
    second = catalogue.leafById.get(leaf)!.parentId;
    otherGroupLeaf = (
      db.prepare('SELECT category_id AS c FROM products WHERE group_id != ? LIMIT 1').get(group) as { c: string }
    ).c;
    runs = recordStatements(db).runs;
    discover = new DiscoverRepository(new ProductRepository(db, (u) => u ?? null, catalogue), catalogue);
  });
  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sorts: ProductSort[] = ['popular', 'newest', 'price_asc', 'price_desc'];
  const scopes = () => [undefined, leaf, group, second, `${leaf},${otherGroupLeaf}`];
  const prices = [undefined, '0-100', '100-', '50-5000'];

  test('discover: every sort, every scope (all, leaf, group, second level, two groups), price filters, first and deep windows', () => {
    runs.length = 0;
    for (const sort of sorts)
      for (const cids of scopes())
        for (const pr of prices)
          for (const offset of [0, 7, 200]) discover.discover({ sort, cids, pr, offset, limit: 15 });
    assert.ok(
      runs.some((r) => /LIMIT \? OFFSET \?/.test(r.sql)),
      'window statements were recorded',
    );
    assertPlans(db, runs, /\bFROM products\b/, productPlanProblems);
  });

  test('discover answers what a plain ORDER BY over the same filters answers (order, ties, total)', () => {
    const orders: Record<ProductSort, string> = {
      popular: 'review_count DESC, id ASC',
      newest: 'created_at DESC, id DESC',
      price_asc: 'price_yuan ASC, id ASC',
      price_desc: 'price_yuan DESC, id ASC',
    };
    const leavesOf = (cids: string) => new Set(cids.split(',').flatMap((c) => catalogue.leafIdsUnder(c)!));
    for (const sort of sorts)
      for (const cids of scopes())
        for (const pr of [undefined, '100-']) {
          const all = (
            db
              .prepare(`SELECT id, category_id AS c, price_yuan AS y FROM products ORDER BY ${orders[sort]}`)
              .all() as Array<{
              id: number;
              c: string;
              y: number;
            }>
          ).filter((r) => (!cids || leavesOf(cids).has(r.c)) && (!pr || r.y >= 100));
          for (const offset of [0, 7, 200]) {
            const got = discover.discover({ sort, cids, pr, offset, limit: 15 });
            const what = `${sort} ${cids ?? 'all'} ${pr ?? ''} f=${offset}`;
            assert.deepEqual(
              got.products.map((p) => p.id),
              all.slice(offset, offset + 15).map((r) => r.id),
              what,
            );
            assert.equal(got.total, all.length, what);
          }
        }
  });
});
