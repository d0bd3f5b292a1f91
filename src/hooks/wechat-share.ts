// WeChat share card (issue 21 item 3), a chunk loaded only inside WeChat's browser: the page is
// signed by GET /api/v1/wechat-jsticket?url= (spec section 7), the JS-SDK is configured with
// that signature and given the card (title, description, link, picture) that WeChat's own
// "share" menu sends. A failure anywhere leaves WeChat's default card; nothing is shown.
import { getWechatJsTicket } from '../storefront/signin';
import type { ShareCard } from '../review/share';
import { browserClient } from './browser-client';

/** The part of the JS-SDK (jweixin 1.6) the site calls. */
export interface WechatSdk {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (res: unknown) => void): void;
  updateAppMessageShareData(data: ShareCard): void;
  updateTimelineShareData(data: Omit<ShareCard, 'desc'>): void;
}

/** WeChat's JS-SDK (the site's CSP allows exactly this origin's scripts beside its own). */
export const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

let sdk: Promise<WechatSdk> | null = null;
function loadSdk(): Promise<WechatSdk> {
  const w = window as Window & { wx?: WechatSdk };
  if (w.wx) return Promise.resolve(w.wx);
  return (sdk ??= new Promise<WechatSdk>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = JSSDK_URL;
    s.async = true;
    s.onload = () => (w.wx ? resolve(w.wx) : reject(new Error('no wx')));
    s.onerror = () => reject(new Error('JS-SDK did not load'));
    document.head.appendChild(s);
  }).catch((e: unknown) => {
    sdk = null;
    throw e;
  }));
}

/** The card last given for a URL: the page's head (src/boot/reader-runtime.ts) and a review's hook give the same one. */
let given = '';

/** Signs the page (its URL without the fragment, as WeChat signs it) and sets the card, once per URL and card. */
export async function setUpWechatShare(card: ShareCard, pageUrl: string = window.location.href): Promise<void> {
  const url = pageUrl.split('#')[0];
  const key = JSON.stringify([url, card]);
  if (key === given) return;
  given = key;
  let wx: WechatSdk;
  let ticket: Awaited<ReturnType<typeof getWechatJsTicket>>;
  try {
    [wx, ticket] = await Promise.all([loadSdk(), browserClient().then((c) => getWechatJsTicket(c, url))]);
  } catch (e) {
    if (given === key) given = ''; // another try may do better
    throw e;
  }
  wx.config({
    debug: false,
    appId: ticket.appId,
    timestamp: ticket.timestamp,
    nonceStr: ticket.nonceStr,
    signature: ticket.signature,
    jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
  });
  wx.ready(() => {
    wx.updateAppMessageShareData(card);
    wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
  });
}
