// Where the login page sends the shopper back to (the `returnTo` query parameter): only a
// path on this site. Absolute URLs, protocol-relative ("//evil", "/\evil") and anything that
// would resolve to another origin fall back to home (no open redirect).
import { PATH_PREFIX, homePath, loginPath } from '../paths';

const BASE = 'http://same.invalid';

/**
 * A site path (without the /review prefix, which Gatsby's navigate adds) to return to,
 * or home. Accepts `/review/...` (the 401 redirect and the like button send the browser's
 * own path) and plain site paths (`/pd/1/`).
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (typeof raw !== 'string') return homePath();
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return homePath();
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return homePath();
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return homePath();
  }
  if (url.origin !== BASE) return homePath();
  let path = url.pathname;
  if (path === PATH_PREFIX || path.startsWith(`${PATH_PREFIX}/`)) path = path.slice(PATH_PREFIX.length) || '/';
  // Returning to the login page itself would loop.
  if (path === loginPath() || path === loginPath().replace(/\/$/, '')) return homePath();
  const result = `${path}${url.search}${url.hash}`;
  // The checks above saw the raw text; dot segments and an empty segment after the prefix
  // only collapse during parsing ("/review//evil", "/.//evil", "/review/%2e%2e//evil" all come
  // out as "//evil"), so the final path is checked again (issue 12, item 7).
  return isSitePath(result) ? result : homePath();
}

/** A path that stays on this origin however it is resolved: one leading slash, no backslash. */
function isSitePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!path.startsWith('/') || path.startsWith('//') || /[\u0000-\u001f\u007f\\]/.test(path)) return false;
  try {
    return new URL(path, BASE).origin === BASE && new URL(`${PATH_PREFIX}${path}`, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** The `returnTo` parameter of a location search string (first value). */
export function returnToParam(search: string): string | null {
  return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('returnTo');
}
