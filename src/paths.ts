// The one module that knows URLs. Every internal link of the site is built here (and the
// product alias URL read back: aliasProductId).
//
// Two kinds of path:
// - "site paths" (`reviewPath`, `categoryPath`, ...) are paths *inside* the Gatsby site,
//   without the /review prefix. Gatsby's <Link> and navigate() add the prefix themselves
//   (pathPrefix in gatsby-config.ts, builds always run with --prefix-paths).
// - `withPrefix(sitePath)` gives the full path (/review/...) for plain <a href>, canonical
//   URLs, sitemaps, redirects and tests.

import { seg } from './common/path-segment';
import { isId } from './common/coerce';

export const PATH_PREFIX = '/review';

export const homePath = () => '/';
export const reviewPath = (productId: string | number, commentId: string | number) =>
  `/${seg(productId)}/${seg(commentId)}/`;
export const categoryPath = (id: string) => `/category/${seg(id)}/`;
/** Product overview link of the mobile menu (spec section 2). */
export const productOverviewPath = () => '/category/8/?from=menu';
export const productPath = (productId: string | number) => `/pd/${seg(productId)}/`;
export const productAliasPath = (productId: string | number) => `/product/${seg(productId)}`;
/** The product id of a /product/{id} URL (with or without the /review prefix), else null. */
export function aliasProductId(pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean);
  const i = parts.indexOf('product', parts[0] === PATH_PREFIX.slice(1) ? 1 : 0);
  const raw = i >= 0 ? parts[i + 1] : undefined;
  if (!raw) return null;
  let id: string;
  try {
    id = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  return isId(id) ? id : null;
}
/** The search page (issue 43); its state is the query string (searchPath, src/search/query.ts). */
export const searchPagePath = () => '/search/';
/**
 * The site path of a search's state (src/search/query.ts SearchState): the query, then what
 * differs from the defaults (relevance, all reviews, page 1), which are left out of the URL.
 */
export function searchPath(s: {
  q: string;
  sort?: string;
  media?: boolean;
  score?: number | null;
  page?: number;
}): string {
  const p = new URLSearchParams({ q: s.q });
  if (s.sort && s.sort !== 'relevance') p.set('sort', s.sort);
  if (s.media) p.set('media', '1');
  if (s.score) p.set('score', String(s.score));
  if (s.page && s.page > 1) p.set('page', String(s.page));
  return `${searchPagePath()}?${p.toString()}`;
}
export const haulPath = (page = 1) => (page <= 1 ? '/haul/' : `/haul/page/${page}/`);
/** The showcase of one top-level category (issue 22): /haul/c/8/, /haul/c/8/page/2/. */
export const haulCategoryPath = (id: string, page = 1) =>
  page <= 1 ? `/haul/c/${seg(id)}/` : `/haul/c/${seg(id)}/page/${page}/`;
export const merchantsPath = () => '/merchants/';
export const articlesPath = () => '/articles/';
export const aboutPath = () => '/about/';
export const helpPath = () => '/help/';
export const privacyPath = () => '/privacy/';
export const loginPath = (returnTo?: string) =>
  returnTo ? `/login/?returnTo=${encodeURIComponent(returnTo)}` : '/login/';
export const paymentAgreementPath = () => '/payment-agreement/';
export const genuineGuaranteePath = () => '/genuine-guarantee/';
export const logisticsPath = () => '/logistics/';

/** Full path including the /review prefix. Leaves absolute URLs alone. */
export function withPrefix(sitePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(sitePath)) return sitePath;
  if (sitePath === PATH_PREFIX || sitePath.startsWith(`${PATH_PREFIX}/`)) return sitePath;
  return `${PATH_PREFIX}${sitePath.startsWith('/') ? '' : '/'}${sitePath}`;
}

/** Absolute URL on the public site (canonical, Open Graph). */
export function absoluteUrl(siteUrl: string, sitePath: string): string {
  return siteUrl.replace(/\/+$/, '') + withPrefix(sitePath);
}
