import * as React from 'react';
import { withPrefix } from '../../paths';
import { QR_SIZE, qrTargets } from './qr-targets';

/** The four footer QR codes; the images are generated at build time (gatsby/qr-codes.ts). */
export function QrCodes() {
  return (
    <ul className="qr">
      {qrTargets().map((t) => (
        <li key={t.key} className="qr__item">
          <img
            src={withPrefix(t.path)}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={`${t.label}二维码`}
            loading="lazy"
            decoding="async"
            data-qr={t.key}
          />
          <span>{t.label}</span>
        </li>
      ))}
    </ul>
  );
}
