// Third-party scripts the site may load off the main thread (Gatsby <Script strategy="off-main-thread">).
// This list is the allow-list of GET /__third-party-proxy?url=...: every other URL is refused.
export interface ThirdPartyScript { id: string; src: string }

export const thirdPartyScripts: ThirdPartyScript[] = [
  // Site statistics (Baidu Tongji). Loaded off the main thread so it never blocks the page.
  { id: 'baidu-tongji', src: 'https://hm.baidu.com/hm.js?3f9c1d2b7a6e5f4c8d0b1a2e3c4d5f60' },
];
