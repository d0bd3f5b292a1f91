// GET /api/v1/appconfig (spec section 7, "Other"). Keys are the server's; the site reads the
// ones it knows, so any other key passes through.
import { Type, type Static } from '@sinclair/typebox';
import { List, ShortText, UrlText } from './common';

export const AppConfig = Type.Object(
  {
    siteName: Type.Optional(ShortText()),
    brandName: Type.Optional(ShortText()),
    /** New-user gift package in yuan (spec section 9: 688). */
    giftPackageYuan: Type.Optional(Type.Number()),
    appDownloadUrl: Type.Optional(UrlText()),
    customerServiceUrl: Type.Optional(UrlText()),
    defaultPraise: Type.Optional(ShortText()),
    exchangeRates: Type.Optional(Type.Record(Type.String({ maxLength: 3 }), Type.Number())),
    commentPageSize: Type.Optional(Type.Integer()),
    haulPageSize: Type.Optional(Type.Integer()),
    hotSearchWords: Type.Optional(List(ShortText(), 50)),
    features: Type.Optional(
      Type.Object(
        {
          likes: Type.Optional(Type.Boolean()),
          smsSignIn: Type.Optional(Type.Boolean()),
          wechatSignIn: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);
export type AppConfig = Static<typeof AppConfig>;
