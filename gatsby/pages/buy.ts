// A page's buy path (issue 45), for the hub (gatsby/pages/product.ts) and the review page
// (gatsby/pages/review.ts) alike, so `gatsby build`, the patch build and the site server's
// deferred renders write the same bytes: the app's links with the spec's UTM parameters and the
// QR code of the universal link. Node only: the QR library stays out of the browser bundle.
import QRCode from 'qrcode';
import { appProductLinks, type BuyPlacement } from '../../src/listing/app-link';
import type { BuyData, BuyQr } from '../../src/listing/buy';
import { siteConfig } from '../../src/site-config';
import { appSettings } from '../../src/app-settings';

/** Quiet zone in modules (the footer's codes use the same, gatsby/qr-codes.ts). */
const MARGIN = 2;

/**
 * The QR code of `text` as one path of 1-unit horizontal strokes, a row's runs of dark modules
 * each `h<n>` after a relative move (the qrcode package's own SVG renderer draws the same).
 */
export function qrPath(text: string): BuyQr {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  for (let y = 0; y < n; y++) {
    let x = 0;
    let pen = -1; // where the last run of this row ended; -1: none yet
    while (x < n) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x++;
      d += pen < 0 ? `M${start + MARGIN} ${y + MARGIN}.5` : `m${start - pen} 0`;
      d += `h${x - start}`;
      pen = x;
    }
  }
  return { size: n + 2 * MARGIN, d };
}

/** The buy path of a product hub (`hub`) or a review page (`review`, with its comment id); null for a bad id. */
export function buyData(productId: string, placement: BuyPlacement, commentId?: string): BuyData | null {
  const links = appProductLinks(productId, placement, commentId);
  if (!links) return null;
  const launch = new URL(siteConfig.qr.miniProgram);
  launch.searchParams.set('path', links.miniProgramPath);
  return {
    productId,
    placement,
    ...(commentId ? { commentId } : {}),
    links,
    qr: qrPath(links.universal),
    miniProgramLaunch: launch.href,
    webPurchase: appSettings.webPurchase,
  };
}
