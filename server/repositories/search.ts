// Search (issue 43): reviews (GET /api/v1/product-comment/search, an extension) and products
// (POST /api/v3/discover) over the FTS5 index of server/search/. docs/server.md "Search".
import type { DB } from '../db/open';
import { badRequest } from '../errors';
import type { Prefixer } from '../media/prefix';
import { parseQuery } from '../search/segment';
import type { SearchIndex } from '../search/index-store';
import { FEED_COLUMNS, MEDIA_CONDITION, VISIBLE, feedItem, type FeedRow } from './reviews';
import type { ProductRepository } from './products';
import { MAX_PRODUCT_SKIP } from './products';
import type { Product } from '../../src/storefront/wire/products';
import type { MediaFilter } from '../../src/storefront/wire/reviews';
import { SEARCH_COUNT_CAP, type ReviewSearchResponse, type ReviewSearchSort } from '../../src/storefront/wire/search';

/**
 * bm25 weights of review_fts's columns: the review's own words count more than its product's
 * names (every review of a product shares those), measured on the relevance list
 * (tests/unit/server/search-relevance.test.ts).
 */
const REVIEW_WEIGHTS = '1.0, 0.5';
/** product_fts: name, brand, category. */
const PRODUCT_WEIGHTS = '1.0, 1.0, 0.5';

/**
 * The matches ranked per query at most: the newest ones by id. Bounds the work of a word found
 * in most reviews (docs/server.md "Search"); the window starts at most 1,000 deep.
 */
export const CANDIDATES = 5000;

/** Ranks are bm25 rounded to 2 decimals: texts that score alike tie, and the tie-breaks decide. */
const HAS_MEDIA = '(json_array_length(r.pictures) > 0 OR json_array_length(r.videos) > 0)';

const ORDERS: Record<ReviewSearchSort, string> = {
  relevance: `rank, ${HAS_MEDIA} DESC, r.likes DESC, r.id DESC`,
  posted_at: 'r.posted_at DESC, r.id DESC',
  likes: 'r.likes DESC, r.posted_at DESC, r.id DESC',
};

interface SearchRow extends FeedRow {
  p_name: string | null;
  n_pictures: number;
  n_videos: number;
}

export interface ReviewSearch {
  q: string;
  offset: number;
  limit: number;
  sort?: ReviewSearchSort;
  media?: MediaFilter;
  score?: number;
}

export class SearchRepository {
  constructor(
    private readonly db: DB,
    private readonly media: Prefixer,
    private readonly index: SearchIndex,
    private readonly catalogueProducts: ProductRepository,
  ) {}

  /** Indexes what changed since the last search (a bounded batch: search-index.ts drain). */
  private fresh(): void {
    this.index.drain();
  }

  reviews(s: ReviewSearch): ReviewSearchResponse {
    const parsed = parseQuery(s.q);
    const base = { q: parsed.text, cut: parsed.cut, terms: parsed.terms };
    if (parsed.match === null) return { ...base, comments: [], total: 0, totalCapped: false };
    this.fresh();
    // The MATCH parameter comes first in both statements (the candidates' subquery).
    const conds = [VISIBLE];
    const args: unknown[] = [parsed.match];
    if (s.media) conds.push(MEDIA_CONDITION[s.media]);
    if (s.score !== undefined) {
      conds.push('r.score = ?');
      args.push(s.score);
    }
    const where = conds.join(' AND ');
    // The candidates: the newest CANDIDATES matches (by id, read from the index in order, each
    // scored once), so a word in most reviews (很, 好) costs a bounded read, not a sort of
    // every match; below that every match is ranked.
    const candidates = `SELECT rowid AS id, bm25(review_fts, ${REVIEW_WEIGHTS}) AS score FROM review_fts
      WHERE review_fts MATCH ? ORDER BY rowid DESC LIMIT ${CANDIDATES}`;
    const rows = this.db
      .prepare(
        `SELECT ${FEED_COLUMNS},
        json_array_length(r.pictures) AS n_pictures, json_array_length(r.videos) AS n_videos,
        p.name_cn AS p_name, round(c.score, 2) AS rank
      FROM (${candidates}) c CROSS JOIN reviews r ON r.id = c.id JOIN users u ON u.id = r.user_id
      JOIN products p ON p.id = r.product_id
      WHERE ${where} ORDER BY ${ORDERS[s.sort ?? 'relevance']} LIMIT ? OFFSET ?`,
      )
      .all(...args, s.limit, s.offset) as SearchRow[];
    const { n } = this.db
      .prepare(
        `SELECT count(*) AS n FROM (SELECT rowid AS id FROM review_fts WHERE review_fts MATCH ? LIMIT ${SEARCH_COUNT_CAP}) c
        CROSS JOIN reviews r ON r.id = c.id WHERE ${where}`,
      )
      .get(...args) as { n: number };
    return {
      ...base,
      comments: rows.map((r) => ({
        ...feedItem(r, this.media),
        productName: r.p_name,
        pictureCount: r.n_pictures,
        videoCount: r.n_videos,
      })),
      total: n,
      totalCapped: n >= SEARCH_COUNT_CAP,
    };
  }

  /**
   * Products whose names, brand or category match (POST /api/v3/discover): bm25, then the most
   * reviewed. A query without a word (blank, only punctuation or emoji) is a 400, as before.
   */
  products(q: string, offset: number, limit: number): { q: string; products: Product[]; total: number } {
    if (offset > MAX_PRODUCT_SKIP) throw badRequest(`参数 f 最大为 ${MAX_PRODUCT_SKIP}`);
    const parsed = parseQuery(q);
    if (!parsed.text) throw badRequest('请输入搜索关键词');
    if (parsed.match === null) return { q: parsed.text, products: [], total: 0 };
    this.fresh();
    const ids = (
      this.db
        .prepare(
          `SELECT f.rowid AS id FROM product_fts f JOIN products p ON p.id = f.rowid WHERE product_fts MATCH ?
          ORDER BY round(bm25(product_fts, ${PRODUCT_WEIGHTS}), 2), p.review_count DESC, p.id LIMIT ? OFFSET ?`,
        )
        .all(parsed.match, limit, offset) as Array<{ id: number }>
    ).map((r) => r.id);
    const { n } = this.db
      .prepare('SELECT count(*) AS n FROM product_fts WHERE product_fts MATCH ?')
      .get(parsed.match) as { n: number };
    return { q: parsed.text, products: this.catalogueProducts.byIds(ids), total: n };
  }
}
