// Search (issue 43): reviews (GET /api/v1/product-comment/search, an extension) and products
// (POST /api/v3/discover) over the FTS5 index of server/search/. docs/server.md "Search".
import type { DB } from '../db/open';
import { badRequest } from '../errors';
import type { Prefixer } from '../media/prefix';
import { parseQuery } from '../search/segment';
import { HIDDEN_INDEX, KEYS_INDEX, NEWEST_TABLES, type SearchIndex } from '../search/index-store';
import type { CandidateOrder, Ordering, ReadResult } from '../search/read-job';
import type { SearchWorkers } from '../search/workers';
import { FEED_COLUMNS, MEDIA_CONDITION, VISIBLE, feedItem, type FeedRow } from './reviews';
import type { ProductRepository } from './products';
import { MAX_PRODUCT_SKIP } from './products';
import type { Product } from '../../src/storefront/wire/products';
import type { MediaFilter } from '../../src/storefront/wire/reviews';
import {
  SEARCH_COUNT_CAP,
  SEARCH_MAX_OFFSET,
  type ReviewSearchResponse,
  type ReviewSearchSort,
} from '../../src/storefront/wire/search';

/**
 * bm25 weights of review_fts's columns: the review's own words count more than its product's
 * names (every review of a product shares those), measured on the relevance list
 * (tests/unit/server/search-relevance.test.ts).
 */
const REVIEW_WEIGHTS = '1.0, 0.5';
/** product_fts: name, brand, category. */
const PRODUCT_WEIGHTS = '1.0, 1.0, 0.5';

/**
 * The matches ranked per query at most: the newest ones by id. Enough for the deepest page
 * (a window starts at most SEARCH_MAX_OFFSET deep, 50 long); fewer when filters drop some.
 * Bounds the work of a word found in most reviews (docs/server.md "Search").
 */
export const CANDIDATES = SEARCH_MAX_OFFSET + 50;

/** Ranks are bm25 rounded to 2 decimals: texts that score alike tie, and the tie-breaks decide. */
const HAS_MEDIA = '(json_array_length(r.pictures) > 0 OR json_array_length(r.videos) > 0)';

/** Sort keys; every column they read is in KEYS_INDEX (the candidates are ordered there). */
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

/**
 * A query's candidates, newest first: [id, rank] of its newest CANDIDATES matches (by id,
 * read from the index in order: FTS5 reads a doclist backwards without sorting), each scored
 * once when ranked by relevance. Read from the first of the tables of the newest reviews
 * (`review_recent_fts`, then `review_wider_fts`) that holds CANDIDATES matches (then the
 * newest CANDIDATES matches are all there, and bm25's document counts, which FTS5 takes over
 * every match of each phrase, are bounded by that table's size); else from `review_fts`,
 * where the query's matches are then few among the newest reviews. The wider table is asked
 * first without ranking (what a count costs), so a query ranked over the whole index is
 * ranked once. Reads only: the search workers (server/search/workers.ts) run it too.
 */
export function readCandidates(db: DB, match: string, ranked: boolean): Array<[number, number]> {
  const read = (table: string, rank = ranked) =>
    db
      .prepare(
        `SELECT rowid, ${rank ? `round(bm25(${table}, ${REVIEW_WEIGHTS}), 2)` : '0'} FROM ${table}
        WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ${CANDIDATES}`,
      )
      .raw()
      .all(match) as Array<[number, number]>;
  const [recent, wider] = NEWEST_TABLES;
  const first = read(recent);
  if (first.length >= CANDIDATES) return first;
  const second = read(wider, false);
  if (second.length < CANDIDATES) return read('review_fts');
  return ranked ? read(wider) : second;
}

/**
 * The candidates the filters keep (visible ones only), in order: `ids` ([id, rank]) holds at
 * least the first `need` of them (all when `complete`), `visible` counts them all. Reads only,
 * like readCandidates.
 *
 * The default search (by relevance, no filter) orders only a prefix: rank is the first sort
 * key, so the visible candidates whose rank is at most the need-th's (its ties included) are
 * exactly the first ones of the whole order, and only they need their media and likes read.
 * Reading that for all CANDIDATES (one lookup of each in KEYS_INDEX) was most of a first-time
 * search's cost after FTS5's (docs/benchmarks.md "Search"). What is not visible comes from
 * two small lists instead (hidden reviews, taken-down ones), read whole: their size is the
 * back office's, not the query's.
 */
export function orderCandidates(
  db: DB,
  candidates: Array<[number, number]>,
  o: CandidateOrder,
  need = Infinity,
): Ordering {
  const order = (list: Array<[number, number]>, conds: string[], args: unknown[]) =>
    db
      .prepare(
        `SELECT r.id, c.value ->> 1 AS rank FROM json_each(?) c CROSS JOIN reviews r INDEXED BY ${KEYS_INDEX}
        ON r.id = c.value ->> 0 WHERE ${[VISIBLE, ...conds].join(' AND ')} ORDER BY ${ORDERS[o.sort]}`,
      )
      .raw()
      .all(JSON.stringify(list), ...args) as Array<[number, number]>;
  if (o.sort === 'relevance' && !o.media && o.score === undefined && need < candidates.length)
    return db.transaction(() => {
      const hidden = invisibleReviews(db);
      const byRank = candidates.filter(([id]) => !hidden.has(id)).sort((a, b) => a[1] - b[1]);
      let k = Math.min(need, byRank.length);
      while (k > 0 && k < byRank.length && byRank[k][1] === byRank[k - 1][1]) k++;
      const ids = order(byRank.slice(0, k), [], []);
      return { ids, visible: byRank.length, complete: k === byRank.length };
    })();
  const conds: string[] = [];
  const args: unknown[] = [];
  if (o.media) conds.push(MEDIA_CONDITION[o.media]);
  if (o.score !== undefined) {
    conds.push('r.score = ?');
    args.push(o.score);
  }
  const ids = order(candidates, conds, args);
  return { ids, visible: ids.length, complete: true };
}

/** Ids of the reviews VISIBLE leaves out: hidden by the back office, or taken down. */
function invisibleReviews(db: DB): Set<number> {
  const ids = db
    .prepare(
      `SELECT id FROM reviews INDEXED BY ${HIDDEN_INDEX} WHERE hidden_at IS NOT NULL
      UNION ALL SELECT r.id FROM takedowns t JOIN reviews r ON r.id = t.comment_id
      WHERE t.product_id = CAST(r.product_id AS TEXT) AND t.comment_id = CAST(r.id AS TEXT)`,
    )
    .pluck()
    .all() as number[];
  return new Set(ids);
}

/** Lists kept per cache (oldest dropped first): ~17 KB each at most. */
const KEPT_MAX = 256;

/** Values kept by key while a state stays the same (a change empties it), the oldest dropped past `max`. */
class Kept<T> {
  private readonly map = new Map<string, T>();
  private state = '';
  constructor(private readonly max: number) {}

  get(state: string, key: string, compute: () => T): T {
    let value = this.peek(state, key);
    if (value === undefined) this.put(state, key, (value = compute()));
    return value;
  }

  /** The value kept for `key` in `state` (then the most recently used), if any. */
  peek(state: string, key: string): T | undefined {
    if (state !== this.state) {
      this.map.clear();
      this.state = state;
    }
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** Keeps `value`, computed in `state`; nothing when the state has changed since. */
  put(state: string, key: string, value: T): void {
    if (state !== this.state) return;
    if (!this.map.has(key) && this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
  }
}

/** A kept ordering that holds the first `need` of its candidates (or all of them). */
function covers(o: Ordering | undefined, need: number): o is Ordering {
  return o !== undefined && (o.complete || o.ids.length >= need);
}

/** Where a query's lists are kept: its candidates' key and its ordered candidates' key. */
interface QueryKeys {
  match: string;
  ranked: boolean;
  order: CandidateOrder;
  candidates: string;
  ordered: string;
}

export class SearchRepository {
  /**
   * What recent queries found, kept while nothing they depend on changed, so a kept answer is
   * exactly a fresh one, and the next pages of a query (infinite scroll) and popular queries
   * cost little: the candidates (they depend on the index alone: kept until this process
   * indexes anything, `generation`, or another connection commits, `data_version`), and the
   * filtered and ordered candidates (they also read visibility, likes and pictures: kept until
   * any write at all, `total_changes()` of this connection besides).
   */
  private readonly keptCandidates = new Kept<Array<[number, number]>>(KEPT_MAX);
  private readonly keptOrders = new Kept<Ordering>(KEPT_MAX);
  /** Worker threads that read a query's lists off the event loop (search()); none: this thread. */
  private workers: SearchWorkers | null = null;
  /** Queries being read by a worker, by their lists' keys and states: asked twice, read once. */
  private readonly reading = new Map<string, Promise<void>>();

  constructor(
    private readonly db: DB,
    private readonly media: Prefixer,
    private readonly index: SearchIndex,
    private readonly catalogueProducts: ProductRepository,
  ) {}

  /** Reads the lists of queries not kept in these workers from now on (server/app.ts). */
  useWorkers(workers: SearchWorkers | null): void {
    this.workers = workers;
  }

  /** The workers set by useWorkers, if any (tests, benchmarks). */
  get searchWorkers(): SearchWorkers | null {
    return this.workers;
  }

  /** Indexes what changed since the last search (a bounded batch: search-index.ts drain). */
  private fresh(): void {
    this.index.drain();
  }

  /** The states the kept lists check: the index's, and the whole database's. */
  private states(): { index: string; data: string } {
    const { changes, version } = this.db
      .prepare('SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version')
      .get() as { changes: number; version: number };
    const index = `${this.index.generation} ${version}`;
    return { index, data: `${index} ${changes}` };
  }

  private keys(match: string, s: ReviewSearch): QueryKeys {
    const order: CandidateOrder = { sort: s.sort ?? 'relevance', media: s.media, score: s.score };
    const ranked = order.sort === 'relevance';
    return {
      match,
      ranked,
      order,
      candidates: `${ranked ? 'r' : 'n'}${match}`,
      ordered: JSON.stringify([match, order.sort, order.media, order.score]),
    };
  }

  /**
   * The same answer as reviews(), with the query's reading (FTS5 and its ordering, up to tens
   * of milliseconds the first time a common phrase is asked at 1,000,000 reviews) done by a
   * search worker when one is set: meanwhile this thread answers other requests, and kept
   * queries. Indexing what changed stays here (the one writer); a worker's read starts after
   * it, so it sees it. A worker that fails leaves the reading to this thread.
   */
  async search(s: ReviewSearch): Promise<ReviewSearchResponse> {
    const match = parseQuery(s.q).match;
    if (this.workers && match !== null) {
      this.fresh();
      const states = this.states();
      const k = this.keys(match, s);
      const candidates = this.keptCandidates.peek(states.index, k.candidates);
      const need = s.offset + s.limit;
      if (!covers(this.keptOrders.peek(states.data, k.ordered), need)) {
        const key = `${states.data}\n${k.ordered}`;
        let reading = this.reading.get(key);
        const read = reading ? null : this.workers.read({ match, ranked: k.ranked, order: k.order, need, candidates });
        if (read) {
          reading = read
            .then((r: ReadResult) => {
              this.keptCandidates.put(states.index, k.candidates, r.candidates);
              this.keptOrders.put(states.data, k.ordered, r.ordered);
            })
            .catch((err: Error) => this.workers?.failed(err))
            .finally(() => this.reading.delete(key));
          this.reading.set(key, reading);
        }
        await reading;
      }
    }
    return this.reviews(s);
  }

  reviews(s: ReviewSearch): ReviewSearchResponse {
    const parsed = parseQuery(s.q);
    const base = { q: parsed.text, cut: parsed.cut, terms: parsed.terms };
    if (parsed.match === null) return { ...base, comments: [], total: 0, totalCapped: false };
    this.fresh();
    const states = this.states();
    const k = this.keys(parsed.match, s);
    const candidates = this.keptCandidates.get(states.index, k.candidates, () =>
      readCandidates(this.db, k.match, k.ranked),
    );
    // Only the page's reviews are read whole. `total` counts the filtered candidates, up to
    // SEARCH_COUNT_CAP: what can be paged through.
    const need = s.offset + s.limit;
    let ordered = this.keptOrders.peek(states.data, k.ordered);
    if (!covers(ordered, need)) {
      ordered = orderCandidates(this.db, candidates, k.order, need);
      this.keptOrders.put(states.data, k.ordered, ordered);
    }
    const page = ordered.ids.slice(s.offset, need);
    const rows = new Map(
      (
        this.db
          .prepare(
            `SELECT ${FEED_COLUMNS},
            json_array_length(r.pictures) AS n_pictures, json_array_length(r.videos) AS n_videos, p.name_cn AS p_name
          FROM reviews r JOIN users u ON u.id = r.user_id JOIN products p ON p.id = r.product_id
          WHERE r.id IN (SELECT value FROM json_each(?))`,
          )
          .all(JSON.stringify(page.map(([id]) => id))) as SearchRow[]
      ).map((r) => [r.id, r]),
    );
    const total = Math.min(ordered.visible, SEARCH_COUNT_CAP);
    return {
      ...base,
      comments: page
        .map(([id]) => rows.get(id))
        .filter((r): r is SearchRow => r !== undefined)
        .map((r) => ({
          ...feedItem(r, this.media),
          productName: r.p_name,
          pictureCount: r.n_pictures,
          videoCount: r.n_videos,
        })),
      total,
      totalCapped: total >= SEARCH_COUNT_CAP,
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
