// Customs resell declarations (spec section 7, "Other"). The spec names only the calls; the
// fields are the project's (docs/server.md, "Profile, logins and other calls").
import { Type, type Static } from '@sinclair/typebox';
import { List } from './common';

/** Most declarations one user may keep. */
export const MAX_RESELL_PER_USER = 200;

/** SUBMITTED on creation; the owner may cancel (CANCELLED), after which it is read-only. */
export const RESELL_STATUSES = ['SUBMITTED', 'CANCELLED'] as const;

const Fields = {
  /** The declaration's order (an order id as the order calls answer it). */
  orderId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]{1,40}$' }),
  status: Type.Optional(Type.String({ maxLength: 20 })),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
  declaredValueCents: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  contactPhone: Type.Optional(Type.String({ maxLength: 20 })),
  note: Type.Optional(Type.String({ maxLength: 500 })),
};

export const CustomsResellInput = Type.Object(Fields);
export type CustomsResellInput = Static<typeof CustomsResellInput>;

export const CustomsResellUpdate = Type.Partial(Type.Object(Fields));
export type CustomsResellUpdate = Static<typeof CustomsResellUpdate>;

export const CustomsResell = Type.Object({
  id: Type.String({ maxLength: 20 }),
  ...Fields,
  createdAt: Type.Optional(Type.Number({ minimum: 0, maximum: 1e14 })),
  updatedAt: Type.Optional(Type.Number({ minimum: 0, maximum: 1e14 })),
});
export type CustomsResell = Static<typeof CustomsResell>;

export const CustomsResellList = Type.Object({ items: List(CustomsResell, MAX_RESELL_PER_USER) });
export type CustomsResellList = Static<typeof CustomsResellList>;
