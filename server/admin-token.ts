// The order admin's token for the internal calls (/api/v1/_internal/order-admin/...):
// `Authorization: Bearer <STOREFRONT_ADMIN_TOKEN>`, compared in constant time on sha256 digests
// (tokensEqual, as the editors' token), with a per-client limit on failed attempts so the token
// cannot be guessed online. When the variable is unset, buildApp generates a random token that
// is never printed, so the internal calls stay closed.
import type { FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from './errors';
import { generateToken, tokensEqual } from './editor/token';

const BEARER = /^Bearer ([\x21-\x7e]{1,256})$/;
/** Failed attempts a client (req.ip) may make per window before it gets 429. */
const MAX_FAILURES = 10;
const WINDOW_MS = 60_000;
/** Clients whose failures are remembered (oldest out). */
const MAX_CLIENTS = 10_000;

/** The token for this run: the option, else STOREFRONT_ADMIN_TOKEN, else a random one. */
export const adminTokenOf = (given?: string) => given || process.env.STOREFRONT_ADMIN_TOKEN || generateToken();

/** A preValidation hook: 401 in the API's error shape unless the request carries the token. */
export function adminAuth(opts: { token?: string; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const failures = new Map<string, { count: number; since: number }>();
  return async (req: FastifyRequest) => {
    const t = now();
    let f = failures.get(req.ip);
    if (f && t - f.since >= WINDOW_MS) {
      failures.delete(req.ip);
      f = undefined;
    }
    if (f && f.count >= MAX_FAILURES)
      throw new HttpError(429, '请求过于频繁，请稍后再试', 'TOO_MANY_REQUESTS', {
        'Retry-After': String(Math.ceil((f.since + WINDOW_MS - t) / 1000)),
      });
    const m = BEARER.exec(req.headers.authorization ?? '');
    if (m && opts.token && tokensEqual(m[1], opts.token)) return;
    if (!f) {
      if (failures.size >= MAX_CLIENTS) failures.delete(failures.keys().next().value!);
      f = { count: 0, since: t };
      failures.set(req.ip, f);
    }
    f.count++;
    throw unauthorized('需要管理员令牌');
  };
}
