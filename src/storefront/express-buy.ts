// Express buy: buy one sku straight from the product page (spec section 7, "Express buy").

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { PreorderCheckResult } from './wire/cart';
import type { ExpressBuyDetails, ExpressBuyRequest, ExpressBuyUpdate } from './wire/orders';

const BASE = '/api/v1/express-buy';

export type { ExpressBuyDetails, ExpressBuyRequest, ExpressBuyUpdate } from './wire/orders';

/** POST /api/v1/express-buy/sku */
export const startExpressBuy = (c: StorefrontClient, body: ExpressBuyRequest) =>
  c.post<ExpressBuyDetails>(`${BASE}/sku`, body);

/** POST /api/v1/express-buy/details/{id} */
export const updateExpressBuy = (c: StorefrontClient, id: string, body: ExpressBuyUpdate) =>
  c.post<ExpressBuyDetails>(`${BASE}/details/${seg(id)}`, body);

/** GET /api/v1/express-buy/preordercheck/{id} */
export const expressBuyPreorderCheck = (c: StorefrontClient, id: string) =>
  c.get<PreorderCheckResult>(`${BASE}/preordercheck/${seg(id)}`);
