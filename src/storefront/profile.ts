// Address book, payer identities, photo ids and world areas (spec section 7, "Profile").
// Note the spec's version split: list/create addresses on v2, update/delete on v1.

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type {
  Address,
  AddressInput,
  AddressList,
  AddressUpdate,
  PayerIdentity,
  PayerIdentityInput,
  PayerIdentityList,
  PayerIdentityUpdate,
  PhotoIdResult,
  WorldArea,
  WorldAreaList,
} from './wire/profile';

export type {
  Address,
  AddressInput,
  PayerIdentity,
  PayerIdentityInput,
  PhotoIdResult,
  WorldArea,
} from './wire/profile';

/** Scenario of the world-area calls; the only one the site uses. */
export const SHIPPING_ADDRESS = 'SHIPPING_ADDRESS';

/** GET /api/v2/profile/addressbook */
export const listAddresses = (c: StorefrontClient) => c.get<AddressList>('/api/v2/profile/addressbook');

/** POST /api/v2/profile/addressbook */
export const createAddress = (c: StorefrontClient, body: AddressInput) =>
  c.post<Address>('/api/v2/profile/addressbook', body);

/** POST /api/v1/profile/addressbook/{id} */
export const updateAddress = (c: StorefrontClient, id: string, body: AddressUpdate) =>
  c.post<Address>(`/api/v1/profile/addressbook/${seg(id)}`, body);

/** DELETE /api/v1/profile/addressbook/{id} */
export const deleteAddress = (c: StorefrontClient, id: string) =>
  c.delete<void>(`/api/v1/profile/addressbook/${seg(id)}`);

/** GET /api/v1/profile/payer-identities */
export const listPayerIdentities = (c: StorefrontClient) =>
  c.get<PayerIdentityList>('/api/v1/profile/payer-identities');

/** POST /api/v1/profile/payer-identities */
export const createPayerIdentity = (c: StorefrontClient, body: PayerIdentityInput) =>
  c.post<PayerIdentity>('/api/v1/profile/payer-identities', body);

/** POST /api/v1/profile/payer-identities/{id} */
export const updatePayerIdentity = (c: StorefrontClient, id: string, body: PayerIdentityUpdate) =>
  c.post<PayerIdentity>(`/api/v1/profile/payer-identities/${seg(id)}`, body);

/** DELETE /api/v1/profile/payer-identities/{id} */
export const deletePayerIdentity = (c: StorefrontClient, id: string) =>
  c.delete<void>(`/api/v1/profile/payer-identities/${seg(id)}`);

/**
 * POST /api/v2/profile/photo-ids, multipart field `image`. The spec's image processing
 * (convert to progressive JPEG) happens before this call, in the page; this only uploads.
 */
export function uploadPhotoId(c: StorefrontClient, image: Blob, filename = 'photo-id.jpg') {
  const form = new FormData();
  form.append('image', image, filename);
  return c.post<PhotoIdResult>('/api/v2/profile/photo-ids', form);
}

/** GET /api/v1/basic-data/world-areas?scenario=SHIPPING_ADDRESS */
export const listWorldAreas = (c: StorefrontClient) =>
  c.get<WorldAreaList>('/api/v1/basic-data/world-areas', { params: { scenario: SHIPPING_ADDRESS } });

/** GET /api/v1/basic-data/world-areas/{id}?scenario=SHIPPING_ADDRESS */
export const getWorldArea = (c: StorefrontClient, id: string) =>
  c.get<WorldArea>(`/api/v1/basic-data/world-areas/${seg(id)}`, { params: { scenario: SHIPPING_ADDRESS } });
