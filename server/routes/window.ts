// What the routes do with validated query values: windows and ids (the schemas themselves are
// in src/storefront/wire/, shared with the client).
import { badRequest } from '../errors';

/** Ids arrive as decimal strings (IdString) and are turned into numbers here. */
export const toId = (s: string) => Number(s);

/** t must not be below f, and the window is capped per endpoint. */
export function checkWindow(f: number, t: number, max: number): { offset: number; limit: number } {
  if (t < f) throw badRequest('参数 t 不能小于 f');
  if (t - f > max) throw badRequest(`每次最多获取 ${max} 条`);
  return { offset: f, limit: t - f };
}
