import * as React from 'react';
import type { ShareCard } from '../review/share';

/** WeChat's in-app browser says so in its user agent. */
export const isWechat = (ua: string) => /MicroMessenger/i.test(ua);

/**
 * Inside WeChat, gives the review's share card to the JS-SDK (issue 21 item 3; src/hooks/
 * wechat-share.ts, loaded only there): a shared review shows its title, text and picture
 * instead of a bare link. Anywhere else it does nothing and loads nothing.
 */
export function useWechatShare(card: ShareCard | null): void {
  const key = card ? JSON.stringify(card) : null;
  React.useEffect(() => {
    if (!card || typeof navigator === 'undefined' || !isWechat(navigator.userAgent)) return;
    import('./wechat-share').then(
      (m) => m.setUpWechatShare(card).catch(() => undefined /* WeChat's default card */),
      () => undefined,
    );
    // The card's content is the dependency (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
