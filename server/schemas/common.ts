// Shared request schemas (TypeBox; Fastify's ajv validates and coerces query/path strings).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { badRequest } from '../errors';

/*
 * Every string has a maxLength and every array a maxItems (developers' guide, "every input
 * bounded"; issue 12, item 1; tests/unit/server/schema-bounds.test.ts walks this folder). ajv
 * checks maxLength before pattern, so no longer input ever reaches a regular expression. The
 * answer schemas are types only (docs/server.md: not attached to routes); their bounds are
 * generous and say what a client may expect.
 */
/** Names, labels, codes, tags. */
export const ShortText = (opts: { minLength?: number; maxLength?: number } = {}) => Type.String({ maxLength: 200, ...opts });
/** URLs in answers. */
export const UrlText = () => Type.String({ maxLength: 2048 });
/** Descriptions, article bodies, review text. */
export const LongText = () => Type.String({ maxLength: 100_000 });
/** An array in an answer; `max` is the most any endpoint returns. */
export const List = <T extends TSchema>(item: T, max = 10_000) => Type.Array(item, { maxItems: max });

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/**
 * Ids in paths and queries are validated as decimal strings (ajv's number coercion would also
 * accept "1e3" or "0x10") and turned into numbers with `toId`.
 */
export const IdString = Type.String({ maxLength: 10, pattern: '^[1-9][0-9]{0,9}$' });
export const toId = (s: string) => Number(s);
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const IdParams = Type.Object({ id: IdString });
export type IdParams = Static<typeof IdParams>;

export const ProductParams = Type.Object({ productId: IdString });
export type ProductParams = Static<typeof ProductParams>;

export const CommentParams = Type.Object({ productId: IdString, cid: IdString });
export type CommentParams = Static<typeof CommentParams>;

/** Offset window `f` (from, inclusive) .. `t` (to, exclusive), spec section 3 "Comment query". */
export const windowQuery = (defaultT: number) => ({
  f: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  t: Type.Integer({ minimum: 0, maximum: 1_000_000, default: defaultT }),
});

/** t must not be below f, and the window is capped per endpoint. */
export function checkWindow(f: number, t: number, max: number): { offset: number; limit: number } {
  if (t < f) throw badRequest('参数 t 不能小于 f');
  if (t - f > max) throw badRequest(`每次最多获取 ${max} 条`);
  return { offset: f, limit: t - f };
}

export const Image = Type.Object({
  url: UrlText(), format: Type.Optional(ShortText()), width: Type.Optional(Type.Integer()), height: Type.Optional(Type.Integer()),
});
export type ImageT = Static<typeof Image>;
