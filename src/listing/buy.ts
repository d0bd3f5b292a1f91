// What a buy path needs from the build (issue 45), in the page context of a product hub and of
// a review page: the app's links for this product and page (src/listing/app-link.ts, made at
// build time so the browser never reads the build's settings), the QR code of the universal link
// as SVG path data (drawn by gatsby/pages/buy.ts: the QR library never reaches the browser),
// and whether the storefront sells on the web (site-config `app.webPurchase`).
import type { AppProductLinks, BuyPlacement } from './app-link';

/** 加入购物车 or 立即购买 (issue 45). */
export type BuyAction = 'cart' | 'now';

/** A QR code as one SVG path of 1-unit strokes (`M2 2.5h7m1 0h1...`), quiet zone included. */
export interface BuyQr {
  /** Width and height in modules, the quiet zone included (the SVG's viewBox). */
  size: number;
  d: string;
}

export interface BuyData {
  productId: string;
  placement: BuyPlacement;
  /** The review page's review (its UTM content); absent on a hub. */
  commentId?: string;
  links: AppProductLinks;
  qr: BuyQr;
  /**
   * Inside WeChat's browser, where universal links and schemes do not open the app: the mini
   * program's launch page (site-config `qr.miniProgram`) with the product page's path.
   */
  miniProgramLaunch: string;
  /** 加入购物车 and 立即购买 on the web (POST /api/v2/shoppingcart, /api/v1/express-buy/sku). */
  webPurchase: boolean;
}
