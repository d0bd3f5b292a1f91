// The shell's link lists as data (house style habit 5): the mobile menu and the footer links.
// The spec's navigation list itself comes from src/catalogue/navigation.ts; every path from src/paths.ts.
import {
  aboutPath, genuineGuaranteePath, haulPath, homePath, logisticsPath, merchantsPath,
  paymentAgreementPath, privacyPath, productOverviewPath,
} from '../../paths';
import { siteConfig } from '../../site-config';

export interface ShellLink {
  name: string;
  /** A site path (no /review prefix) for internal links, an absolute URL when `external`. */
  path: string;
  external?: boolean;
}

/** The mobile header's collapsible menu, in this order (spec section 2, "Shell"). */
export function mobileMenuLinks(): ShellLink[] {
  return [
    { name: '首页', path: homePath() },
    { name: '商品总览', path: productOverviewPath() },
    { name: '商家精选', path: merchantsPath() },
    { name: '晒单广场', path: haulPath() },
    { name: '联系我们', path: aboutPath() },
    { name: '隐私政策', path: privacyPath() },
  ];
}

/** Service links of the footer: static pages and the external customer-service chat. */
export function serviceLinks(): ShellLink[] {
  return [
    { name: '支付协议', path: paymentAgreementPath() },
    { name: '正品保障', path: genuineGuaranteePath() },
    { name: '国际物流说明', path: logisticsPath() },
    { name: '在线客服', path: siteConfig.customerServiceChat, external: true },
  ];
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

/** Every footer link, flattened (the desktop and the mobile footer show the same links). */
export const footerLinks = (nav: readonly ShellLink[]) => footerLinkGroups(nav).flatMap((g) => g.links);
