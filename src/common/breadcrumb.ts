// A breadcrumb trail as data: the visible <Breadcrumb> and its BreadcrumbList structured data
// are both made from the same list, so what a crawler reads is what a shopper sees (issue 11).
import type { BreadcrumbList, WithContext } from 'schema-dts';
import { absoluteUrl } from '../paths';
import type { SitePage } from '../site-pages';

/** One crumb: a label and a site path (src/paths.ts); the last one is the current page. */
export interface Crumb {
  label: string;
  to?: string;
}

/** A crumb linking to one of the site's pages (src/site-pages.ts). */
export const pageCrumb = ({ name, path }: SitePage): Crumb => ({ label: name, to: path });

/**
 * BreadcrumbList (schema.org; Google's breadcrumb rules): positions 1..n, each with the visible
 * label and an absolute URL; the current page's crumb points to its canonical URL.
 */
export function breadcrumbList(
  crumbs: readonly Crumb[],
  currentUrl: string,
  siteUrl: string,
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: c.to && i < crumbs.length - 1 ? absoluteUrl(siteUrl, c.to) : currentUrl,
    })),
  };
}
