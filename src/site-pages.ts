// The site's own pages with their Chinese names: the one table behind the navigation list
// (src/catalogue/navigation.ts), the mobile menu and the footers (components/shell/nav-links.ts),
// the content pages and their side list (components/content/ContentPage.tsx) and the
// breadcrumbs that name a page. Every path from src/paths.ts.
import {
  aboutPath,
  articlesPath,
  genuineGuaranteePath,
  haulPath,
  helpPath,
  homePath,
  logisticsPath,
  merchantsPath,
  paymentAgreementPath,
  privacyPath,
  productOverviewPath,
} from './paths';

export interface SitePage {
  name: string;
  /** A site path (no /review prefix). */
  path: string;
}

export const SITE_PAGES = {
  home: { name: '首页', path: homePath() },
  /** The mobile menu's product overview (spec section 2): the first top-level category. */
  productOverview: { name: '商品总览', path: productOverviewPath() },
  merchants: { name: '精选商家', path: merchantsPath() },
  haul: { name: '晒单广场', path: haulPath() },
  articles: { name: '精选文章', path: articlesPath() },
  about: { name: '联系我们', path: aboutPath() },
  help: { name: '帮助中心', path: helpPath() },
  privacy: { name: '隐私政策', path: privacyPath() },
  paymentAgreement: { name: '支付协议', path: paymentAgreementPath() },
  genuineGuarantee: { name: '正品保障', path: genuineGuaranteePath() },
  logistics: { name: '国际物流说明', path: logisticsPath() },
} as const satisfies Record<string, SitePage>;

const { about, help, privacy, paymentAgreement, genuineGuarantee, logistics } = SITE_PAGES;

/** The static content pages, in the order of the side list beside each of them. */
export const CONTENT_PAGES: readonly SitePage[] = [about, help, privacy, paymentAgreement, genuineGuarantee, logistics];

/** The footers' service pages (the customer-service chat follows them: nav-links.ts). */
export const SERVICE_PAGES: readonly SitePage[] = [paymentAgreement, genuineGuarantee, logistics];

/** A fresh `{ name, path }` of a page, for lists that callers may extend. */
export const linkTo = ({ name, path }: SitePage) => ({ name, path });
