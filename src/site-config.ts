// Site name, public URL and company details: the one configuration the head data, footers
// and structured data read (issue 5, "Head data"). Values can be overridden at build time
// with SITE_URL and GATSBY_ANALYTICS_SITE_ID; the rest is the company's published data.
import { analyticsSiteIdFrom } from './third-party';

/** A build-time override, or undefined (also in the browser, where there is no `process`). */
const buildEnv = (name: string): string | undefined =>
  (typeof process !== 'undefined' && process.env?.[name]) || undefined;

export const siteConfig = {
  siteName: '海淘晒单',
  brandName: '环球优选海淘',
  siteUrl: buildEnv('SITE_URL') ?? 'https://www.example-haitao.cn',
  description: '真实海淘买家晒单：欧美正品购物心得、实拍图片与视频，帮你买对海外好物。',
  keywords: ['海淘', '晒单', '海外购', '跨境电商', '正品', '买家秀'],
  defaultPraise: '此用户未填写评价内容，默认好评',
  /** New-user gift package the download bar and footers promote (spec sections 1 and 9). */
  giftPackageYuan: 688,
  /**
   * Site-analytics id (Baidu Tongji), read at build time; unset by default, and then no
   * third-party script loads (docs/analytics.md). Gatsby inlines GATSBY_* variables into the
   * browser bundle; a malformed value fails the build (gatsby-config.ts imports this file).
   */
  analyticsSiteId: analyticsSiteIdFrom(process.env.GATSBY_ANALYTICS_SITE_ID),
  company: {
    name: '上海环球优选电子商务有限公司',
    address: '上海市静安区南京西路1266号恒隆广场二期28楼',
    phone: '400-820-6688',
    icp: '沪ICP备18034567号-1',
    telecomLicence: '沪B2-20190321',
    copyrightStartYear: 2016,
    postcode: '200040',
    serviceHours: '每天 9:00-22:00（节假日不休）',
    serviceEmail: 'service@example-haitao.cn',
    cooperationEmail: 'bd@example-haitao.cn',
    privacyEmail: 'privacy@example-haitao.cn',
  },
  qr: {
    appDownload: 'https://www.example-haitao.cn/app/download',
    wechat: 'https://weixin.qq.com/r/example-haitao',
    weibo: 'https://weibo.com/examplehaitao',
    miniProgram: 'https://www.example-haitao.cn/mp/launch',
  },
  customerServiceChat: 'https://kefu.example-haitao.cn/chat',
  // The buy path's app links and web purchase (issue 45): src/app-settings.ts, which only the
  // build reads (this file is in every page's first-load JavaScript).
} as const;

export type SiteConfig = typeof siteConfig;
