// The review search's limits (issue 43), apart from its schemas (./search.ts) so the browser
// reads them without TypeBox: the search box and page import this, the schemas and the server
// the same numbers through ./search.ts.

/** The longest query accepted, in characters (the search box's maxLength). */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** The longest query searched, in characters: longer ones are cut and the answer says so. */
export const SEARCH_QUERY_MAX_CHARS = 50;
/** The deepest window start (a shopper scrolls a few pages; deeper ones answer 400). */
export const SEARCH_MAX_OFFSET = 1000;
/** The most reviews counted; `total` stops there (`totalCapped`). */
export const SEARCH_COUNT_CAP = 1000;
