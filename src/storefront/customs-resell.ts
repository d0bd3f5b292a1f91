// Customs resell declarations (spec section 7, "Other"): list/create and read/update one.

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { CustomsResell, CustomsResellInput, CustomsResellList, CustomsResellUpdate } from './wire/customs-resell';

export type { CustomsResell, CustomsResellInput } from './wire/customs-resell';

/** GET /api/v1/customs-resell */
export const listCustomsResell = (c: StorefrontClient) => c.get<CustomsResellList>('/api/v1/customs-resell');

/** POST /api/v1/customs-resell */
export const createCustomsResell = (c: StorefrontClient, body: CustomsResellInput) =>
  c.post<CustomsResell>('/api/v1/customs-resell', body);

/** GET /api/v1/customs-resell/{id} */
export const getCustomsResell = (c: StorefrontClient, id: string) =>
  c.get<CustomsResell>(`/api/v1/customs-resell/${seg(id)}`);

/** POST /api/v1/customs-resell/{id} */
export const updateCustomsResell = (c: StorefrontClient, id: string, body: CustomsResellUpdate) =>
  c.post<CustomsResell>(`/api/v1/customs-resell/${seg(id)}`, body);
