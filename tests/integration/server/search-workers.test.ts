// Search workers (issue 43, server/search/workers.ts): a review search's reading runs in a
// worker thread with a read-only connection of its own. A real server on a seeded SQLite file:
// the worker's answers are those of a repository reading on its own connection, for every sort
// and filter, and the workers did read them; an edit or a takedown leaves or joins the results
// at the next request while answers are kept; a worker that cannot start leaves the search to
// the event loop, with the same answers and one warning.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './helper';
import { readCatalogueFile } from '../../../server/catalogue';
import { openDatabase, type DB } from '../../../server/db/open';
import { categorySearchText } from '../../../server/search/category-text';
import { SearchIndex } from '../../../server/search/index-store';
import { SearchWorkers } from '../../../server/search/workers';
import { ProductRepository } from '../../../server/repositories/products';
import { SearchRepository, type ReviewSearch } from '../../../server/repositories/search';

let s: TestServer;
let own: DB;
let reference: SearchRepository;

const ids = (body: { comments: Array<{ commentId: number | string }> }) =>
  body.comments.map((c) => Number(c.commentId));
const search = async (q: ReviewSearch) => {
  const params = new URLSearchParams({ q: q.q, f: String(q.offset), t: String(q.offset + q.limit) });
  if (q.sort) params.set('sort', q.sort);
  if (q.media) params.set('media', q.media);
  if (q.score !== undefined) params.set('score', String(q.score));
  const res = await s.get(`/api/v1/product-comment/search?${params}`);
  assert.equal(res.status, 200, JSON.stringify(q));
  return res.body as { total: number; comments: Array<{ commentId: number }> };
};

describe('search workers', () => {
  before(async () => {
    s = await startTestServer({ reviews: 400, app: { searchWorkers: 2 } });
    const catalogue = readCatalogueFile();
    own = openDatabase(join(s.dir, 'storefront.sqlite'));
    const media = (u: string | null | undefined) => u ?? null;
    reference = new SearchRepository(
      own,
      media,
      new SearchIndex(own, categorySearchText(catalogue)),
      new ProductRepository(own, media, catalogue),
    );
    await s.app.repos.search.searchWorkers!.ready();
  });
  after(async () => {
    own.close();
    await s.close();
  });

  test('answers read by the workers are those of a repository on its own connection, every sort and filter', async () => {
    const workers = s.app.repos.search.searchWorkers!;
    const before = workers.stats().reads;
    const cases: ReviewSearch[] = [];
    for (const q of ['很', '物流很快', '质量', 'a', '面霜 保湿'])
      for (const sort of ['relevance', 'posted_at', 'likes'] as const)
        cases.push(
          { q, offset: 0, limit: 20, sort },
          { q, offset: 5, limit: 10, sort, media: 'any', score: 5 },
          { q, offset: 0, limit: 10, sort, media: 'video' },
        );
    for (const c of cases) {
      const got = await search(c);
      const want = reference.reviews(c);
      assert.equal(got.total, want.total, JSON.stringify(c));
      assert.deepEqual(ids(got), ids(want), JSON.stringify(c));
    }
    assert.ok(workers.stats().reads > 0, 'the workers read queries');
    assert.ok(workers.stats().reads >= before + 10, `reads ${workers.stats().reads - before} of ${cases.length}`);
    assert.equal(workers.stats().failures, 0);
    // Asked again: kept, no read.
    const reads = workers.stats().reads;
    await search(cases[0]);
    assert.equal(workers.stats().reads, reads);
  });

  test('kept answers follow edits: a hidden review leaves, an edited one joins, at the next request', async () => {
    const q = { q: '很', offset: 0, limit: 5 };
    const first = ids(await search(q));
    assert.ok(first.length > 0);
    // Hidden through another connection (an editor's SQL): the kept answer is dropped.
    own.prepare('UPDATE reviews SET hidden_at = ? WHERE id = ?').run(Date.now(), first[0]);
    const after1 = ids(await search(q));
    assert.ok(!after1.includes(first[0]), 'the hidden review left the results');
    assert.deepEqual(after1, ids(reference.reviews(q)));
    // A review edited to a word no other review has is found at once.
    own.prepare('UPDATE reviews SET content = ? WHERE id = ?').run('qwivelstone 的味道', first[1]);
    const found = await search({ q: 'qwivelstone', offset: 0, limit: 5 });
    assert.deepEqual(ids(found), [first[1]]);
  });

  test('a worker that cannot start leaves the search to the event loop: same answers, one warning', async () => {
    const warnings: string[] = [];
    const broken = new SearchWorkers(join(s.dir, 'missing.sqlite'), 1, (m) => warnings.push(m));
    const repo = s.app.repos.search;
    const kept = repo.searchWorkers;
    repo.useWorkers(broken);
    try {
      await assert.rejects(broken.ready(), /no search worker/);
      for (const q of ['质量', '好用']) {
        const c = { q, offset: 0, limit: 10, sort: 'likes' as const };
        assert.deepEqual(ids(await search(c)), ids(reference.reviews(c)));
      }
      assert.equal(broken.stats().reads, 0);
    } finally {
      repo.useWorkers(kept);
      await broken.close();
    }
  });
});
