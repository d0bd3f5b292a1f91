// Address book, payer identities, photo ids and world areas (spec section 7, "Profile").
// Note the spec's version split: list/create addresses on v2, update/delete on v1.

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { PayerFlag } from './enums';

export interface Address {
  id: string;
  name: string;
  phone: string;
  /** World-area ids from province down to district. */
  areaIds: string[];
  street: string;
  postcode?: string;
  isDefault?: boolean;
}

export type AddressInput = Omit<Address, 'id'>;

export interface PayerIdentity {
  id: string;
  name: string;
  idNumber: string;
  /** Photo ids returned by uploadPhotoId (front, back). */
  photoIds?: string[];
  isDefault?: boolean;
  flag?: PayerFlag;
}

export type PayerIdentityInput = Omit<PayerIdentity, 'id'>;

export interface WorldArea {
  id: string;
  name: string;
  parentId?: string | null;
  children?: WorldArea[];
}

/** Scenario of the world-area calls; the only one the site uses. */
export const SHIPPING_ADDRESS = 'SHIPPING_ADDRESS';

/** GET /api/v2/profile/addressbook */
export const listAddresses = (c: StorefrontClient) => c.get<{ addresses: Address[] }>('/api/v2/profile/addressbook');

/** POST /api/v2/profile/addressbook */
export const createAddress = (c: StorefrontClient, body: AddressInput) =>
  c.post<Address>('/api/v2/profile/addressbook', body);

/** POST /api/v1/profile/addressbook/{id} */
export const updateAddress = (c: StorefrontClient, id: string, body: Partial<AddressInput>) =>
  c.post<Address>(`/api/v1/profile/addressbook/${seg(id)}`, body);

/** DELETE /api/v1/profile/addressbook/{id} */
export const deleteAddress = (c: StorefrontClient, id: string) =>
  c.delete<void>(`/api/v1/profile/addressbook/${seg(id)}`);

/** GET /api/v1/profile/payer-identities */
export const listPayerIdentities = (c: StorefrontClient) =>
  c.get<{ payerIdentities: PayerIdentity[] }>('/api/v1/profile/payer-identities');

/** POST /api/v1/profile/payer-identities */
export const createPayerIdentity = (c: StorefrontClient, body: PayerIdentityInput) =>
  c.post<PayerIdentity>('/api/v1/profile/payer-identities', body);

/** POST /api/v1/profile/payer-identities/{id} */
export const updatePayerIdentity = (c: StorefrontClient, id: string, body: Partial<PayerIdentityInput>) =>
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
  return c.post<{ photoId: string; url?: string }>('/api/v2/profile/photo-ids', form);
}

/** GET /api/v1/basic-data/world-areas?scenario=SHIPPING_ADDRESS */
export const listWorldAreas = (c: StorefrontClient) =>
  c.get<{ areas: WorldArea[] }>('/api/v1/basic-data/world-areas', { params: { scenario: SHIPPING_ADDRESS } });

/** GET /api/v1/basic-data/world-areas/{id}?scenario=SHIPPING_ADDRESS */
export const getWorldArea = (c: StorefrontClient, id: string) =>
  c.get<WorldArea>(`/api/v1/basic-data/world-areas/${seg(id)}`, { params: { scenario: SHIPPING_ADDRESS } });
