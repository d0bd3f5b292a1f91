// The order admin's token for the internal calls (/api/v1/_internal/order-admin/...):
// `Authorization: Bearer <STOREFRONT_ADMIN_TOKEN>`, compared in constant time on sha256 digests
// (tokensEqual, as the editors' token). When the variable is unset, buildApp generates a random
// token that is never printed, so the internal calls stay closed.
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';
import { generateToken, tokensEqual } from './editor/token';

const BEARER = /^Bearer ([\x21-\x7e]{1,256})$/;

/** The token for this run: the option, else STOREFRONT_ADMIN_TOKEN, else a random one. */
export const adminTokenOf = (given?: string) => given || process.env.STOREFRONT_ADMIN_TOKEN || generateToken();

/** A preValidation hook: 401 in the API's error shape unless the request carries the token. */
export function adminAuth(opts: { token?: string }) {
  return async (req: FastifyRequest) => {
    const m = BEARER.exec(req.headers.authorization ?? '');
    if (!(m && opts.token && tokensEqual(m[1], opts.token))) throw unauthorized('需要管理员令牌');
  };
}
