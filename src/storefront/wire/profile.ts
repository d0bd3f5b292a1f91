// Profile (spec section 7, "Profile"): address book, payer identities, photo ids, world areas.
// Request bodies are checked by these schemas first (bounds); the reference server then checks
// what a schema cannot: area chain, phone, ID-number checksum (server/repositories/profile.ts).
import { Type, type Static } from '@sinclair/typebox';
import { List, ShortText } from './common';

/** Most addresses and payer identities one user may keep (server refuses more). */
export const MAX_ADDRESSES = 20;
export const MAX_PAYER_IDENTITIES = 10;

/** A world-area id: a GB/T 2260 code on the reference server. */
export const AreaId = Type.String({ minLength: 1, maxLength: 12 });
export const AREA_ID_PATTERN = '^[0-9]{1,12}$';
export const AreaParams = Type.Object({ id: Type.String({ maxLength: 12, pattern: AREA_ID_PATTERN }) });
export type AreaParams = Static<typeof AreaParams>;

export const AddressInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 40 }),
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  /** World-area ids from province down to district. */
  areaIds: Type.Array(AreaId, { minItems: 1, maxItems: 4 }),
  street: Type.String({ minLength: 1, maxLength: 200 }),
  postcode: Type.Optional(Type.String({ maxLength: 10 })),
  isDefault: Type.Optional(Type.Boolean()),
});
export type AddressInput = Static<typeof AddressInput>;

export const AddressUpdate = Type.Partial(AddressInput);
export type AddressUpdate = Static<typeof AddressUpdate>;

export const Address = Type.Object({ id: Type.String({ maxLength: 20 }), ...AddressInput.properties });
export type Address = Static<typeof Address>;

export const AddressList = Type.Object({ addresses: List(Address, MAX_ADDRESSES) });
export type AddressList = Static<typeof AddressList>;

/** Payer flags of spec section 3: BEFORE_MODIFICATION=1, AFTER_MODIFICATION=2. */
export const PayerFlagValue = Type.Unsafe<1 | 2>({ type: 'integer', enum: [1, 2] });

/** Photo ids answered by the upload (random hex). */
export const PhotoIdText = Type.String({ minLength: 1, maxLength: 40 });

export const PayerIdentityInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 30 }),
  /** 18-character resident identity number (GB 11643). Answers carry it masked. */
  idNumber: Type.String({ minLength: 1, maxLength: 30 }),
  /** Photo ids returned by uploadPhotoId (front, back). */
  photoIds: Type.Optional(Type.Array(PhotoIdText, { maxItems: 2 })),
  isDefault: Type.Optional(Type.Boolean()),
  flag: Type.Optional(PayerFlagValue),
});
export type PayerIdentityInput = Static<typeof PayerIdentityInput>;

export const PayerIdentityUpdate = Type.Partial(PayerIdentityInput);
export type PayerIdentityUpdate = Static<typeof PayerIdentityUpdate>;

export const PayerIdentity = Type.Object({ id: Type.String({ maxLength: 20 }), ...PayerIdentityInput.properties });
export type PayerIdentity = Static<typeof PayerIdentity>;

export const PayerIdentityList = Type.Object({ payerIdentities: List(PayerIdentity, MAX_PAYER_IDENTITIES) });
export type PayerIdentityList = Static<typeof PayerIdentityList>;

export const PhotoIdResult = Type.Object({
  photoId: PhotoIdText,
  url: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type PhotoIdResult = Static<typeof PhotoIdResult>;

/** World areas nest three levels deep: province, city, district. */
const AreaFields = {
  id: Type.String({ maxLength: 12 }),
  name: ShortText(),
  parentId: Type.Optional(Type.Unsafe<string | null>({ type: 'string', maxLength: 12, nullable: true })),
};
export const District = Type.Object(AreaFields);
export const City = Type.Object({ ...AreaFields, children: Type.Optional(List(District, 100)) });
export const WorldArea = Type.Object({ ...AreaFields, children: Type.Optional(List(City, 100)) });
export type WorldArea = Static<typeof WorldArea>;

export const WorldAreaList = Type.Object({ areas: List(WorldArea, 100) });
export type WorldAreaList = Static<typeof WorldAreaList>;

export const ScenarioQuery = Type.Object({
  scenario: Type.Unsafe<'SHIPPING_ADDRESS'>({ type: 'string', enum: ['SHIPPING_ADDRESS'], maxLength: 32 }),
});
export type ScenarioQuery = Static<typeof ScenarioQuery>;
