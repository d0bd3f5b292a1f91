// The order admin's token for the internal calls (/api/v1/_internal/order-admin/...):
// `Authorization: Bearer <STOREFRONT_ADMIN_TOKEN>`, compared in constant time on sha256 digests
// (the editors' bearer check, server/editor/token.ts), with a per-client limit on failed
// attempts so the token cannot be guessed online. When the variable is unset, buildApp generates a random token that
// is never printed, so the internal calls stay closed.
import { editorAuth, generateToken } from './editor/token';

/** The token for this run: the option, else STOREFRONT_ADMIN_TOKEN, else a random one. */
export const adminTokenOf = (given?: string) => given || process.env.STOREFRONT_ADMIN_TOKEN || generateToken();

/**
 * A hook: 401 in the API's error shape unless the request carries the token; 429 after 10 failed
 * attempts a minute per client. The editors' bearer check (server/editor/token.ts) with its text.
 */
export const adminAuth = (opts: { token?: string; now?: () => number }) =>
  editorAuth({ ...opts, refusal: '需要管理员令牌' });
