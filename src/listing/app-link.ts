// A buy path that lands on this product (issue 45), where the hub and the review page's product
// box said "去 APP 购买" and opened the generic app download: the app's product page by its
// universal link, its URL scheme, and the WeChat mini program's page, each for this product and
// with the spec's UTM parameters (section 3: utmSource, utmMedium, utmTerm, utmContent,
// utmCampaign), so the storefront can tell which page sent the shopper.
import { appSettings } from '../app-settings';

/** Where the buy path is: the product hub, or a review page's product box. */
export type BuyPlacement = 'hub' | 'review';

export interface AppProductLinks {
  /** https: opens the app's product page when the app is installed, else the storefront's page. */
  universal: string;
  /** The app's own scheme (`haitao://product/…`), for an in-app browser that allows it. */
  scheme: string;
  /** The WeChat mini program's page path with its query (wx.navigateToMiniProgram's `path`). */
  miniProgramPath: string;
}

export interface AppLinkTemplates {
  productLink: string;
  productScheme: string;
  miniProgramProductPath: string;
}

/** A product id as the API gives it: digits only, bounded. */
const PRODUCT_ID = /^[0-9]{1,12}$/;
const PLACEHOLDER = '{productId}';
/** A URL scheme's name (RFC 3986: a letter, then letters, digits, +, -, .), not a browser's own. */
const SCHEME = /^[a-z][a-z0-9+.-]{0,31}:\/\//i;
const BROWSER_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'http']);

/** UTM parameters of a buy link: the source is this site, the campaign is the page kind. */
export function utmParams(placement: BuyPlacement, productId: string, commentId?: string): Array<[string, string]> {
  return [
    ['utmSource', 'review-site'],
    ['utmMedium', 'web'],
    ['utmCampaign', placement === 'hub' ? 'product-hub' : 'review-page'],
    ['utmContent', placement === 'review' && commentId && PRODUCT_ID.test(commentId) ? commentId : productId],
  ];
}

function withQuery(base: string, params: Array<[string, string]>): string {
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return base + sep + params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/**
 * Checks the templates (a misconfigured one fails the build with what is wrong): the universal
 * link an https URL, the scheme an app's own (never javascript:, data: or the web's), the mini
 * program's path relative; each with exactly one `{productId}`.
 */
export function checkAppLinkTemplates(t: AppLinkTemplates): AppLinkTemplates {
  const once = (name: string, v: string) => {
    if (v.length > 500) throw new Error(`${name}: longer than 500 characters`);
    if (v.split(PLACEHOLDER).length !== 2) throw new Error(`${name}: needs exactly one ${PLACEHOLDER} (${v})`);
  };
  once('APP_PRODUCT_LINK', t.productLink);
  once('APP_PRODUCT_SCHEME', t.productScheme);
  once('MINI_PROGRAM_PRODUCT_PATH', t.miniProgramProductPath);
  const url = new URL(t.productLink.replace(PLACEHOLDER, '1'));
  if (url.protocol !== 'https:') throw new Error(`APP_PRODUCT_LINK: not an https URL (${t.productLink})`);
  const scheme = SCHEME.exec(t.productScheme)?.[0].slice(0, -3).toLowerCase();
  if (!scheme || BROWSER_SCHEMES.has(scheme) || scheme === 'https')
    throw new Error(`APP_PRODUCT_SCHEME: not an app's own URL scheme (${t.productScheme})`);
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(t.miniProgramProductPath))
    throw new Error(`MINI_PROGRAM_PRODUCT_PATH: a page path, not a URL (${t.miniProgramProductPath})`);
  return t;
}

/** The three links for one product, or null for an id that is not one. */
export function appProductLinks(
  productId: string,
  placement: BuyPlacement,
  commentId?: string,
  templates: AppLinkTemplates = appSettings,
): AppProductLinks | null {
  if (!PRODUCT_ID.test(productId)) return null;
  const t = checkAppLinkTemplates(templates);
  const utm = utmParams(placement, productId, commentId);
  const fill = (s: string) => s.replace(PLACEHOLDER, productId);
  return {
    universal: withQuery(fill(t.productLink), utm),
    scheme: withQuery(fill(t.productScheme), utm),
    miniProgramPath: withQuery(fill(t.miniProgramProductPath), utm),
  };
}
