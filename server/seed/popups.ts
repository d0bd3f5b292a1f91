// The reference server's popups (spec section 7, "Other"): a fixed set, written (INSERT OR
// IGNORE) when the app opens its database. channel null = every channel. No images: a /media
// URL must name data the renderer knows (server/media/exists.ts), and a popup is not such data.
export const POPUPS: Array<{ id: number; channel: string | null; title: string; image: string | null; link: string }> =
  [
    { id: 1, channel: null, title: '新人礼包：688元优惠券等你领', image: null, link: '/review/' },
    { id: 2, channel: null, title: '海外直邮，正品保障', image: null, link: '/review/' },
    { id: 3, channel: 'wechat', title: '关注公众号，领取专属优惠', image: null, link: '/review/' },
    { id: 4, channel: 'app', title: '下载App，首单立减', image: null, link: '/review/' },
  ];
