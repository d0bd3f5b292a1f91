import * as React from 'react';
import { copyText } from '../../storefront/clipboard';

/** The site's desktop breakpoint (src/components/shell/README.md): a QR code only there. */
const DESKTOP = '(min-width: 960px)';
const QR_SIZE = 160;

/**
 * The share panel (a lazy chunk, opened by ShareButton without the Web Share API): copies the
 * link at once; when copying fails, shows the link selected in a read-only field to copy by
 * hand; on desktop, a QR code of the link (qrcode, loaded with the panel) to open it on a phone.
 */
export default function SharePanel({ url, onClose }: { url: string; onClose: () => void }) {
  const [copied, setCopied] = React.useState<boolean | null>(null);
  const [qr, setQr] = React.useState<string | null>(null);
  const field = React.useRef<HTMLInputElement>(null);
  const panel = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    let alive = true;
    void copyText(url).then((ok) => alive && setCopied(ok));
    if (window.matchMedia?.(DESKTOP).matches)
      import('qrcode')
        .then((q) => q.toString(url, { type: 'svg', margin: 1, width: QR_SIZE, errorCorrectionLevel: 'M' }))
        .then((svg) => alive && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
        .catch(() => undefined /* no QR code: the link is still copied or shown */);
    return () => {
      alive = false;
    };
  }, [url]);

  React.useEffect(() => {
    if (copied !== false) return;
    field.current?.focus();
    field.current?.select();
  }, [copied]);

  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="share__panel" role="dialog" aria-label="分享晒单" ref={panel}>
      <p className="share__status" role="status">
        {copied === null ? '正在复制链接…' : copied ? '链接已复制，粘贴给好友即可' : '复制失败，请手动复制下面的链接'}
      </p>
      {copied === false && (
        <input
          ref={field}
          className="share__link"
          type="url"
          readOnly
          value={url}
          aria-label="晒单链接"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      {qr && (
        <figure className="share__qr">
          <img src={qr} width={QR_SIZE} height={QR_SIZE} alt="晒单链接的二维码" />
          <figcaption>手机扫码打开这条晒单</figcaption>
        </figure>
      )}
      <button type="button" className="share__close" onClick={onClose}>
        关闭
      </button>
    </div>
  );
}
