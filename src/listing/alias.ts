import { isId } from '../common/coerce';
import { PATH_PREFIX } from '../paths';

/** The product id of a /product/{id} URL (with or without the /review prefix). */
export function aliasProductId(pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean);
  const i = parts.indexOf('product', parts[0] === PATH_PREFIX.slice(1) ? 1 : 0);
  const raw = i >= 0 ? parts[i + 1] : undefined;
  if (!raw) return null;
  let id: string;
  try { id = decodeURIComponent(raw).trim(); } catch { return null; }
  return isId(id) ? id : null;
}
