// What a search worker (./workers.ts) is asked and answers: a review search's reading, as
// server/repositories/search.ts does it on the event loop. Types only, shared by both sides.
import type { MediaFilter } from '../../src/storefront/wire/reviews';
import type { ReviewSearchSort } from '../../src/storefront/wire/search';

/** What orders a query's candidates: its sort and filters. */
export interface CandidateOrder {
  sort: ReviewSearchSort;
  media?: MediaFilter;
  score?: number;
}

/**
 * What a worker reads: a query's candidates (unless given, kept) and their ordering, at least
 * its first `need` (server/repositories/search.ts orderCandidates).
 */
export interface ReadJob {
  match: string;
  ranked: boolean;
  order: CandidateOrder;
  need: number;
  candidates?: Array<[number, number]>;
}

/**
 * The candidates the filters keep, in order: `ids` ([id, rank]) holds at least the first ones
 * asked for, every one when `complete`; `visible` counts them all.
 */
export interface Ordering {
  ids: Array<[number, number]>;
  visible: number;
  complete: boolean;
}

/** A worker's answer: the candidates ([id, rank]) and their ordering. */
export interface ReadResult {
  candidates: Array<[number, number]>;
  ordered: Ordering;
}
