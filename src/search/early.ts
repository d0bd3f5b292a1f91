// The search page's early answers (issue 43): what the inline script of /search/
// (src/search/early-script.ts) asked the API while the HTML parsed, taken by src/hooks/use-search.ts.

/** The window slot the inline script keeps its requests on. */
export const EARLY_SEARCH_SLOT = '__earlySearch';

export interface EarlyRequest {
  /** The absolute URL requested. */
  url: string;
  /** The request's JSON body; null for a GET. */
  body: string | null;
  /** The answer's JSON; rejects on any failure (network, status, JSON, timeout). */
  answer: Promise<unknown>;
  /** Set once the answer is in: true, with its JSON in `value`. */
  ok?: boolean;
  value?: unknown;
}

export interface EarlySearch {
  reviews?: EarlyRequest;
  products?: EarlyRequest;
}

/** The early requests, if any are still untaken, left where they are (a render reads them). */
export function peekEarlySearch(): EarlySearch | null {
  if (typeof window === 'undefined') return null;
  const early = (window as unknown as Record<string, unknown>)[EARLY_SEARCH_SLOT];
  return early && typeof early === 'object' ? (early as EarlySearch) : null;
}

/**
 * The early requests, taken once: the slot is emptied, so a later search (another state, the
 * back button to this one) always asks the API itself.
 */
export function takeEarlySearch(): EarlySearch | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as Record<string, unknown>;
  const early = w[EARLY_SEARCH_SLOT];
  if (early === undefined) return null;
  delete w[EARLY_SEARCH_SLOT];
  return early && typeof early === 'object' ? (early as EarlySearch) : null;
}

/**
 * The early answer to exactly this request (the same URL and body as the client would send), or
 * null: the caller then asks the API itself.
 */
export function earlyAnswer(r: EarlyRequest | undefined, url: string, body: string | null): Promise<unknown> | null {
  if (!r || r.url !== url || r.body !== body) return null;
  return r.answer && typeof r.answer.then === 'function' ? r.answer : null;
}
