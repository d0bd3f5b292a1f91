// The app promotion of the download bar and the footers (spec section 1: both promote the
// app with the new-user gift package; the amount lives in site-config, spec section 9).
import { siteConfig } from '../../site-config';

/** "新人礼包 688 元" */
export const giftPackageText = () => `新人礼包 ${siteConfig.giftPackageYuan} 元`;

/** "下载环球优选海淘 APP" */
export const appDownloadTitle = () => `下载${siteConfig.brandName} APP`;

/** Where "download" links go: the same URL the footer's app QR code encodes (qr-targets.ts). */
export const appDownloadUrl = () => siteConfig.qr.appDownload;
