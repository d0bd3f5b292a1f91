// App configuration and popups (spec section 7, "Other").

import type { StorefrontClient } from './client';

/** GET /api/v1/appconfig. Keys are the server's; the site reads the ones it knows. */
export interface AppConfig {
  siteName?: string;
  brandName?: string;
  /** New-user gift package in yuan (spec section 9: 688). */
  giftPackageYuan?: number;
  appDownloadUrl?: string;
  customerServiceUrl?: string;
  defaultPraise?: string;
  exchangeRates?: Record<string, number>;
  commentPageSize?: number;
  haulPageSize?: number;
  hotSearchWords?: string[];
  features?: { likes?: boolean; smsSignIn?: boolean; wechatSignIn?: boolean };
  [key: string]: unknown;
}

export interface Popup {
  id: string;
  title?: string | null;
  image?: string | null;
  link?: string | null;
}

export const getAppConfig = (c: StorefrontClient) => c.get<AppConfig>('/api/v1/appconfig');

/** GET /api/v1/popup/unread[?channel_source=] */
export const getUnreadPopups = (c: StorefrontClient, channelSource?: string) =>
  c.get<{ popups: Popup[] }>('/api/v1/popup/unread', { params: { channel_source: channelSource } });

/** POST /api/v1/popup/read {popupIds} */
export const markPopupsRead = (c: StorefrontClient, popupIds: string[]) =>
  c.post<void>('/api/v1/popup/read', { popupIds });
