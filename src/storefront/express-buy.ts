// Express buy: buy one sku straight from the product page (spec section 7, "Express buy").

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { PaymentMethod, ShippingMethod } from './enums';

const BASE = '/api/v1/express-buy';

export interface ExpressBuyRequest {
  skuId: string;
  quantity: number;
}

export interface ExpressBuyDetails {
  id: string;
  skuId?: string;
  quantity?: number;
  paymentMethod?: PaymentMethod;
  shippingMethod?: ShippingMethod;
  shippingAddressId?: string;
  [field: string]: unknown;
}

/** Either some detail fields or the shipping address to use. */
export type ExpressBuyUpdate =
  { shippingAddressId: string } | Partial<Pick<ExpressBuyDetails, 'quantity' | 'paymentMethod' | 'shippingMethod'>>;

/** POST /api/v1/express-buy/sku */
export const startExpressBuy = (c: StorefrontClient, body: ExpressBuyRequest) =>
  c.post<ExpressBuyDetails>(`${BASE}/sku`, body);

/** POST /api/v1/express-buy/details/{id} */
export const updateExpressBuy = (c: StorefrontClient, id: string, body: ExpressBuyUpdate) =>
  c.post<ExpressBuyDetails>(`${BASE}/details/${seg(id)}`, body);

/** GET /api/v1/express-buy/preordercheck/{id} */
export const expressBuyPreorderCheck = (c: StorefrontClient, id: string) =>
  c.get<{ ok: boolean; messages?: string[] }>(`${BASE}/preordercheck/${seg(id)}`);
