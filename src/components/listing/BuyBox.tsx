import * as React from 'react';
import { appDownloadUrl, giftPackageText } from '../shell/app-promo';
import { qrTargets, QR_SIZE } from '../shell/qr-targets';
import { withPrefix } from '../../paths';

/**
 * A way to buy (issue 22): the storefront sells in its app (spec section 1). On phones a
 * "去 APP 购买" button opens the app's download link (the download bar's, with the 688-yuan
 * gift); on desktop the app-download QR code with the price. CSS picks one by width (960 px).
 */
export function BuyBox({ price, name }: { price: string | null; name: string }) {
  const href = appDownloadUrl();
  const qr = qrTargets().find((t) => t.key === 'appDownload');
  return (
    <div className="buy" data-price={price ?? ''}>
      {href && (
        <a className="buy__app" href={href} rel="nofollow noopener">
          去 APP 购买{price ? ` ${price}` : ''}
          <span className="buy__gift">{giftPackageText()}</span>
        </a>
      )}
      {qr && (
        <div className="buy__qr">
          <img
            src={withPrefix(qr.path)}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={`扫码下载 APP 购买${name}`}
            loading="lazy"
            decoding="async"
          />
          <p>
            扫码用 APP 购买
            {price && <strong className="buy__price">{price}</strong>}
            <span className="buy__gift">{giftPackageText()}</span>
          </p>
        </div>
      )}
    </div>
  );
}
