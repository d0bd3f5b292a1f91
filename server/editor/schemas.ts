// Editor takedowns (issue 13, "Instant takedown"): ids as they appear in a review's URL
// (the one site-URL id pattern of src/common/coerce.ts), a reason an editor writes.
import { Type, type Static } from '@sinclair/typebox';
import { ID_SOURCE } from '../../src/common/coerce';

const ReviewUrlId = Type.String({ minLength: 1, maxLength: 64, pattern: `^${ID_SOURCE}$` });

export const TakedownBody = Type.Object(
  {
    productId: ReviewUrlId,
    commentId: ReviewUrlId,
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type TakedownBody = Static<typeof TakedownBody>;

export const TakedownParams = Type.Object({ productId: ReviewUrlId, commentId: ReviewUrlId });
export type TakedownParams = Static<typeof TakedownParams>;
