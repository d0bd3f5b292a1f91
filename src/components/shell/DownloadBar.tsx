import * as React from 'react';
import { useEffect, useState } from 'react';
import { DOWNLOAD_BAR_DISMISSED_KEY as DISMISS_KEY } from '../../boot/engagement';
import { appDownloadTitle, appDownloadUrl, giftPackageText } from './app-promo';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISS_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * App download bar with the new-user gift package (spec sections 1 and 9). Fixed at the
 * bottom over space the layout reserves, so showing or dismissing it shifts nothing; a
 * dismissal holds for the browser session.
 */
export function DownloadBar({ onDismiss }: { onDismiss: () => void }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    if (readDismissed()) {
      setShown(false);
      onDismiss();
    }
  }, [onDismiss]);
  if (!shown) return null;

  const dismiss = () => {
    setShown(false);
    onDismiss();
    try {
      window.sessionStorage.setItem(DISMISS_KEY, '1');
    } catch {
      // Storage unavailable: the bar stays closed for this page only.
    }
  };

  return (
    <aside className="dlbar" aria-label="下载APP">
      <p className="dlbar__text">
        <strong>{appDownloadTitle()}</strong>
        <span>{giftPackageText()}，海外正品直邮到家</span>
      </p>
      <a className="dlbar__cta" href={appDownloadUrl()} target="_blank" rel="noopener">
        立即下载
      </a>
      <button type="button" className="dlbar__close" aria-label="关闭下载提示" onClick={dismiss}>
        ×
      </button>
    </aside>
  );
}
