// The footer's four QR codes (spec section 2, "Shell"): what each encodes and where the
// build writes its image. Shared by the footer (browser) and gatsby/qr-codes.ts (Node); no
// QR library here, so nothing of it reaches the browser bundle.
import { siteConfig } from '../../site-config';

export interface QrTarget {
  key: keyof typeof siteConfig.qr;
  label: string;
  /** The URL the code encodes. */
  url: string;
  /** Site path of the generated image (under public/). */
  path: string;
}

/** Rendered size in CSS pixels (the SVG scales without blur). */
export const QR_SIZE = 96;

const file = (name: string) => `/qr/${name}.svg`;

export function qrTargets(): QrTarget[] {
  const { qr } = siteConfig;
  return [
    { key: 'appDownload', label: 'APP 下载', url: qr.appDownload, path: file('app-download') },
    { key: 'wechat', label: '官方微信', url: qr.wechat, path: file('wechat') },
    { key: 'weibo', label: '官方微博', url: qr.weibo, path: file('weibo') },
    { key: 'miniProgram', label: '小程序', url: qr.miniProgram, path: file('mini-program') },
  ];
}
