// Popups (spec section 7, "Other"): unread per channel, mark read.
import { Type, type Static } from '@sinclair/typebox';
import { IdString, List, Loose, ShortText, UrlText } from './common';

export const CHANNEL_PATTERN = '^[A-Za-z0-9_-]{1,32}$';

export const PopupQuery = Type.Object({
  channel_source: Type.Optional(Type.String({ maxLength: 32, pattern: CHANNEL_PATTERN })),
});
export type PopupQuery = Static<typeof PopupQuery>;

export const Popup = Type.Object({
  id: Type.String({ maxLength: 20 }),
  title: Loose(ShortText()),
  image: Loose(UrlText()),
  link: Loose(UrlText()),
});
export type Popup = Static<typeof Popup>;

export const PopupList = Type.Object({ popups: List(Popup, 50) });
export type PopupList = Static<typeof PopupList>;

export const PopupReadBody = Type.Object({ popupIds: Type.Array(IdString, { minItems: 1, maxItems: 50 }) });
export type PopupReadBody = Static<typeof PopupReadBody>;
