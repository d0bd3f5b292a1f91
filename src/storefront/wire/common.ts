// Building blocks of the wire schemas (TypeBox). One schema per shape serves both sides: the
// client takes its types with `Static<>` (type-only imports: TypeBox stays out of the browser
// bundle), the reference server validates requests and serialises answers with them
// (server/routes/, Fastify's ajv and fast-json-stringify).
//
// Bounds (issue 12, item 1; tests/unit/server/schema-bounds.test.ts walks this folder): every
// string has a maxLength and every array a maxItems. ajv checks maxLength before pattern, so no
// longer input ever reaches a regular expression. In answers the bounds say what a client may
// expect; the serialiser does not check them.
//
// Answers are tolerant where the contract is ("any field may be missing or null in real
// data"): optional fields, `Nullable`, and extra properties allowed on the pinned entities.
// `Nullable` is the `nullable` keyword rather than a union: fast-json-stringify writes it
// with a null check, while a union (anyOf) would run ajv on every value it serialises.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Names, labels, codes, tags. */
export const ShortText = (opts: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ maxLength: 200, ...opts });
/** URLs in answers. */
export const UrlText = () => Type.String({ maxLength: 2048 });
/** Descriptions, article bodies, review text. */
export const LongText = () => Type.String({ maxLength: 100_000 });
/** An array in an answer; `max` is the most any endpoint returns. */
export const List = <T extends TSchema>(item: T, max = 10_000) => Type.Array(item, { maxItems: max });
/** `T` or null. */
export const Nullable = <T extends TSchema>(t: T) => Type.Unsafe<Static<T> | null>({ ...t, nullable: true });
/** Optional and nullable: a field of a loose contract shape. */
export const Loose = <T extends TSchema>(t: T) => Type.Optional(Nullable(t));
/**
 * A field typed as the contract says but not checked or coerced on the wire: real data may hold
 * anything there (the seeded malformed review 5000055 has a string `postedAt`, and it must reach
 * clients as it is, so that they skip it: docs/server.md, "Special records").
 */
export const Unchecked = <T>() => Type.Unsafe<T>({});
/** An id in an answer: the reference server sends integers, the contract allows strings. */
export const WireId = () => Type.Unsafe<string | number>({ type: ['string', 'number'], maxLength: 64 });

export const Image = Type.Object(
  {
    url: UrlText(),
    format: Loose(ShortText()),
    width: Loose(Type.Number()),
    height: Loose(Type.Number()),
  },
  { additionalProperties: true },
);
export type Image = Static<typeof Image>;
/** `{ url }` only (covers, medals, sku images): the URL itself may be missing. */
export const UrlOnly = Type.Object({ url: Loose(UrlText()) }, { additionalProperties: true });

// Requests.

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/**
 * Ids in paths and queries are validated as decimal strings (ajv's number coercion would also
 * accept "1e3" or "0x10") and turned into numbers by the routes.
 */
export const ID_STRING_PATTERN = '^[1-9][0-9]{0,9}$';
export const IdString = Type.String({ maxLength: 10, pattern: ID_STRING_PATTERN });

export const IdParams = Type.Object({ id: IdString });
export type IdParams = Static<typeof IdParams>;

export const ProductParams = Type.Object({ productId: IdString });
export type ProductParams = Static<typeof ProductParams>;

export const CommentParams = Type.Object({ productId: IdString, cid: IdString });
export type CommentParams = Static<typeof CommentParams>;

/** A catalogue node id in a query (haul `category`, discover `cids`). */
export const CATEGORY_ID_SOURCE = '[0-9A-Za-z_-]{1,32}';

/** Offset window `f` (from, inclusive) .. `t` (to, exclusive), spec section 3 "Comment query". */
export const windowQuery = (defaultT: number) => ({
  f: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  t: Type.Integer({ minimum: 0, maximum: 1_000_000, default: defaultT }),
});

/** Error body of every 4xx/5xx answer (contract "Transport"; the server adds statusCode, code). */
export const ErrorBody = Type.Object(
  {
    messages: Type.Optional(List(Type.String({ maxLength: 2000 }), 20)),
    errors: Type.Optional(List(Type.String({ maxLength: 2000 }), 20)),
    message: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);
export type ErrorBody = Static<typeof ErrorBody>;
