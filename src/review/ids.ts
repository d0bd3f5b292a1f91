// Review ids (spec sections 2 and 5): from the query string first (trimmed, first value
// if repeated), otherwise from the path segments after "review". Both are needed.
import { PATH_PREFIX } from '../paths';

export interface ReviewIds { productId: string; commentId: string }

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function firstParam(search: string, name: string): string | null {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const all = params.getAll(name);
  if (!all.length) return null;
  const v = all[0].trim();
  return v || null;
}

function fromPath(pathname: string): Partial<ReviewIds> {
  const parts = pathname.split('/').filter(Boolean).map((p) => {
    try { return decodeURIComponent(p); } catch { return p; }
  });
  const prefix = PATH_PREFIX.replace(/^\//, '');
  const i = parts.indexOf(prefix);
  const rest = i >= 0 ? parts.slice(i + 1) : parts;
  return { productId: rest[0]?.trim() || undefined, commentId: rest[1]?.trim() || undefined };
}

/** Ids of the review a URL points at, or null when either is missing or not an id. */
export function reviewIds(pathname: string, search = ''): ReviewIds | null {
  const path = fromPath(pathname);
  const productId = firstParam(search, 'productId') ?? path.productId;
  const commentId = firstParam(search, 'commentId') ?? path.commentId;
  if (!productId || !commentId) return null;
  if (!ID_PATTERN.test(productId) || !ID_PATTERN.test(commentId)) return null;
  return { productId, commentId };
}
