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

/** What a worker reads: a query's candidates (unless given, kept) and their ordering. */
export interface ReadJob {
  match: string;
  ranked: boolean;
  order: CandidateOrder;
  candidates?: Array<[number, number]>;
}

/** [id, rank] lists: the candidates, and those the filters keep, ordered. */
export interface ReadResult {
  candidates: Array<[number, number]>;
  ordered: Array<[number, number]>;
}
