// Relevance of search (issue 43): the 30 queries of bench/search-relevance.ts against a seeded
// demo database, through the search repository (the index of segmented words) and through the
// trigram peer. Precision at 5 must not fall below the floor (measured 0.973 at 5,000 reviews,
// seed 42; the floor leaves one miss in 30 queries of slack), nor to the trigram peer's, and
// every query is answered. 5,000 reviews, not 2,000: with the long tail of reviews per product
// (issue 44, server/seed/allocate.ts) 2,000 reviews held only 2 about Montblanc or 洗衣液, so
// those queries could not score above 0.4 whatever the ranking.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/db/open';
import { readCatalogueFile } from '../../../server/catalogue';
import { seedDatabase } from '../../../server/seed/generate';
import { SearchIndex } from '../../../server/search/index-store';
import { categorySearchText } from '../../../server/search/category-text';
import { SearchRepository } from '../../../server/repositories/search';
import { ProductRepository } from '../../../server/repositories/products';
import { RELEVANCE, buildTrigramPeer, judge, reviewFacts } from '../../../bench/search-relevance';

const FLOOR = 0.95;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-relevance-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('precision at 5 of the relevance list: at the floor, above the trigram peer, every query answered', () => {
  const catalogue = readCatalogueFile();
  const db = openDatabase(path.join(dir, 'db.sqlite'));
  seedDatabase(db, { reviews: 5000, seed: 42, catalogue });
  const categoryText = categorySearchText(catalogue);
  const media = (u: string | null | undefined) => u ?? null;
  const repo = new SearchRepository(
    db,
    media,
    new SearchIndex(db, categoryText),
    new ProductRepository(db, media, catalogue),
  );
  const facts = reviewFacts(db, categoryText);
  const ours = judge(facts, (q) => repo.reviews({ q, offset: 0, limit: 5 }).comments.map((c) => Number(c.commentId)));
  const trigram = judge(facts, buildTrigramPeer(db, categoryText));
  db.close();
  const line = (r: typeof ours) => r.perQuery.map((x) => `${x.q}:${x.p5}`).join(' ');
  assert.equal(RELEVANCE.length, 30);
  assert.equal(ours.answered, 30, `every query answered: ${line(ours)}`);
  assert.ok(ours.precisionAt5 >= FLOOR, `P@5 ${ours.precisionAt5.toFixed(3)} >= ${FLOOR}: ${line(ours)}`);
  assert.ok(
    ours.precisionAt5 > trigram.precisionAt5,
    `segmented ${ours.precisionAt5.toFixed(3)} > trigram ${trigram.precisionAt5.toFixed(3)}: ${line(trigram)}`,
  );
});
