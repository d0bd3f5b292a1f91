// Review search (issue 43): an extension of the contract (ours, docs/api-client.md "Review
// search"). Products are searched by the contract's own POST /api/v3/discover (products.ts),
// over the same index.
import { Type, type Static } from '@sinclair/typebox';
import { List, Loose, ShortText } from './common';
import { MediaFilter, RelatedReviewItem } from './reviews';
import { SEARCH_MAX_OFFSET, SEARCH_QUERY_MAX_LENGTH } from './search-limits';

export { SEARCH_COUNT_CAP, SEARCH_MAX_OFFSET, SEARCH_QUERY_MAX_CHARS, SEARCH_QUERY_MAX_LENGTH } from './search-limits';

export const ReviewSearchSort = Type.Union([
  Type.Literal('relevance'),
  Type.Literal('posted_at'),
  Type.Literal('likes'),
]);
export type ReviewSearchSort = Static<typeof ReviewSearchSort>;

/** GET /api/v1/product-comment/search */
export const ReviewSearchQuery = Type.Object({
  /** The query; any text. Accepted up to 200 characters, searched up to SEARCH_QUERY_MAX_CHARS. Missing: as empty (nothing found). */
  q: Type.Optional(Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH })),
  f: Type.Integer({ minimum: 0, maximum: SEARCH_MAX_OFFSET, default: 0 }),
  t: Type.Integer({ minimum: 0, maximum: SEARCH_MAX_OFFSET + 50, default: 10 }),
  /** relevance (bm25; ties: with pictures or videos first, then most liked), newest, most liked. */
  sort: Type.Optional(ReviewSearchSort),
  media: Type.Optional(MediaFilter),
  score: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
});
export type ReviewSearchQuery = Static<typeof ReviewSearchQuery>;

/** A found review: the feed's item, its product's name and how many pictures and videos it has. */
export const ReviewSearchItem = Type.Object(
  {
    ...RelatedReviewItem.properties,
    productName: Loose(ShortText()),
    pictureCount: Type.Integer(),
    videoCount: Type.Integer(),
  },
  { additionalProperties: true },
);
export type ReviewSearchItem = Static<typeof ReviewSearchItem>;

export const ReviewSearchResponse = Type.Object({
  /** The query as searched: cut to SEARCH_QUERY_MAX_CHARS characters and trimmed. */
  q: Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH }),
  /** True when the query was longer and was cut. */
  cut: Type.Boolean(),
  /** The query's words as matched (normalised: lower case, half-width), to highlight. */
  terms: List(ShortText(), 50),
  comments: List(ReviewSearchItem, 50),
  /** Every match, counted up to SEARCH_COUNT_CAP. */
  total: Type.Integer(),
  totalCapped: Type.Boolean(),
});
export type ReviewSearchResponse = Static<typeof ReviewSearchResponse>;
