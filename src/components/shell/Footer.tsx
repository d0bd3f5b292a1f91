import * as React from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import { siteConfig } from '../../site-config';
import { appDownloadTitle, appDownloadUrl, giftPackageText } from './app-promo';
import { copyrightLine } from './copyright';
import { Logo } from './Logo';
import { footerLinkGroups } from './nav-links';
import { getNavigation } from './nav-source';
import { QrCodes } from './QrCodes';
import { ShellLinkItem } from './ShellLinkItem';
import { VerificationBadge } from './VerificationBadge';

/**
 * Footer for both widths (spec section 2, "Shell"). Desktop: QR codes, links, company
 * details, ICP filing, telecom licence, verification badge. Mobile (CSS): logo, the same links,
 * the copyright line. Both promote the app with the new-user gift package (spec section 1).
 */
export function Footer() {
  const data = useStaticQuery<{ site: { buildTime: string } }>(graphql`
    query ShellFooterBuildYear {
      site {
        buildTime(formatString: "YYYY")
      }
    }
  `);
  const { company } = siteConfig;
  return (
    <footer className="ftr">
      <div className="ftr__inner">
        <Logo className="ftr__logo" />
        <div className="ftr__top">
          <nav className="ftr__links" aria-label="页脚导航">
            {footerLinkGroups(getNavigation()).map((g) => (
              <div key={g.title} className="ftr__group">
                <h2 className="ftr__title">{g.title}</h2>
                <ul>
                  {g.links.map((l) => (
                    <li key={l.path}>
                      <ShellLinkItem link={l} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <div className="ftr__app">
            <p className="ftr__promo">
              <span>
                {appDownloadTitle()}，{giftPackageText()}
              </span>
              <a href={appDownloadUrl()} target="_blank" rel="noopener">
                立即下载
              </a>
            </p>
            <QrCodes />
          </div>
        </div>
        <p className="ftr__copy">{copyrightLine(Number(data.site.buildTime))}</p>
        <div className="ftr__company">
          <p>
            <span>地址：{company.address}</span>
            <span>
              客服电话：<a href={`tel:${company.phone}`}>{company.phone}</a>
            </span>
          </p>
          <p>
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener">
              {company.icp}
            </a>
            <span>增值电信业务经营许可证：{company.telecomLicence}</span>
            <VerificationBadge />
          </p>
        </div>
      </div>
    </footer>
  );
}
