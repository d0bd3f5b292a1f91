// The reference server's popups (spec section 7, "Other"): a fixed set, written (INSERT OR
// IGNORE) when the app opens its database. channel null = every channel.
export const POPUPS: Array<{ id: number; channel: string | null; title: string; image: string; link: string }> = [
  { id: 1, channel: null, title: '新人礼包：688元优惠券等你领', image: '/media/popups/new-user.jpg', link: '/review/' },
  { id: 2, channel: null, title: '海外直邮，正品保障', image: '/media/popups/genuine.jpg', link: '/review/' },
  { id: 3, channel: 'wechat', title: '关注公众号，领取专属优惠', image: '/media/popups/wechat.jpg', link: '/review/' },
  { id: 4, channel: 'app', title: '下载App，首单立减', image: '/media/popups/app.jpg', link: '/review/' },
];
