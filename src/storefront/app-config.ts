// App configuration and popups (spec section 7, "Other").

import type { StorefrontClient } from './client';
import type { AppConfig } from './wire/app-config';
import type { PopupList } from './wire/popups';

export type { AppConfig } from './wire/app-config';
export type { Popup } from './wire/popups';

export const getAppConfig = (c: StorefrontClient) => c.get<AppConfig>('/api/v1/appconfig');

/** GET /api/v1/popup/unread[?channel_source=] */
export const getUnreadPopups = (c: StorefrontClient, channelSource?: string) =>
  c.get<PopupList>('/api/v1/popup/unread', { params: { channel_source: channelSource } });

/** POST /api/v1/popup/read {popupIds} */
export const markPopupsRead = (c: StorefrontClient, popupIds: string[]) =>
  c.post<void>('/api/v1/popup/read', { popupIds });
