// The shell's link lists as data (house style habit 5): the mobile menu and the footer links.
// The spec's navigation list itself comes from src/catalogue/navigation.ts; every page and its
// name from src/site-pages.ts.
import { SERVICE_PAGES, SITE_PAGES, linkTo } from '../../site-pages';
import { siteConfig } from '../../site-config';

export interface ShellLink {
  name: string;
  /** A site path (no /review prefix) for internal links, an absolute URL when `external`. */
  path: string;
  external?: boolean;
}

/** The mobile header's collapsible menu, in this order (spec section 2, "Shell"). */
export function mobileMenuLinks(): ShellLink[] {
  const { home, productOverview, merchants, haul, about, privacy } = SITE_PAGES;
  return [
    linkTo(home),
    linkTo(productOverview),
    // The menu's own word for the merchants page ("merchant picks", spec section 2).
    { name: '商家精选', path: merchants.path },
    linkTo(haul),
    linkTo(about),
    linkTo(privacy),
  ];
}

/** Service links of the footer: static pages and the external customer-service chat. */
export function serviceLinks(): ShellLink[] {
  return [...SERVICE_PAGES.map(linkTo), { name: '在线客服', path: siteConfig.customerServiceChat, external: true }];
}

export interface LinkGroup {
  title: string;
  links: ShellLink[];
}

/**
 * Footer links in columns: the spec's navigation list (from the catalogue's buildNavigation)
 * split into categories and site pages, then the service pages and the customer-service chat.
 */
export function footerLinkGroups(nav: readonly ShellLink[]): LinkGroup[] {
  const isCategory = (l: ShellLink) => l.path.startsWith('/category/');
  return [
    { title: '商品分类', links: nav.filter(isCategory) },
    { title: '关于我们', links: nav.filter((l) => !isCategory(l)) },
    { title: '服务保障', links: serviceLinks() },
  ];
}
