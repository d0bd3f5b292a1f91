// The buy path's build settings (issue 45), apart from site-config.ts: the build reads them
// (gatsby/pages/buy.ts writes the links into each page's context), the browser never does, and
// site-config is part of every page's first-load JavaScript (the review page's budget,
// tests/e2e/page-weight.test.ts). Nothing under src/components or src/hooks imports this file.

/** A build-time override, or undefined. */
const buildEnv = (name: string): string | undefined =>
  (typeof process !== 'undefined' && process.env?.[name]) || undefined;

export const appSettings = {
  /**
   * The app's product page (issue 45: a buy path that lands on the product), `{productId}`
   * filled in: its universal link (https: the app when installed, else the storefront's page for
   * the product), its URL scheme, and the WeChat mini program's page path. APP_PRODUCT_LINK,
   * APP_PRODUCT_SCHEME and MINI_PROGRAM_PRODUCT_PATH override them at build time
   * (src/listing/app-link.ts checks them).
   */
  productLink: buildEnv('APP_PRODUCT_LINK') ?? 'https://www.example-haitao.cn/app/product/{productId}',
  productScheme: buildEnv('APP_PRODUCT_SCHEME') ?? 'haitao://product/{productId}',
  miniProgramProductPath: buildEnv('MINI_PROGRAM_PRODUCT_PATH') ?? 'pages/product/index?id={productId}',
  /**
   * Whether the storefront sells on the web: 加入购物车 and 立即购买 beside the app's link.
   * On unless WEB_PURCHASE=0 at build time.
   */
  webPurchase: buildEnv('WEB_PURCHASE') !== '0',
} as const;
