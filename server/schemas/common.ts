// Shared request schemas (TypeBox; Fastify's ajv validates and coerces query/path strings).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { badRequest } from '../errors';

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/**
 * Ids in paths and queries are validated as decimal strings (ajv's number coercion would also
 * accept "1e3" or "0x10") and turned into numbers with `toId`.
 */
export const IdString = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });
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
  url: Type.String(), format: Type.Optional(Type.String()), width: Type.Optional(Type.Integer()), height: Type.Optional(Type.Integer()),
});
export type ImageT = Static<typeof Image>;
