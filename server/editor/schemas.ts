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

// The demo's back office (backoffice.ts): the reference server's numeric ids, a review's text.
const NumericId = Type.String({ maxLength: 16, pattern: '^[1-9][0-9]{0,15}$' });
const Content = Type.String({ minLength: 1, maxLength: 2000 });

export const EditReviewBody = Type.Object({ content: Content }, { additionalProperties: false });
export type EditReviewBody = Static<typeof EditReviewBody>;

export const AddReviewBody = Type.Object(
  {
    productId: NumericId,
    skuId: Type.Optional(NumericId),
    content: Content,
    stars: Type.Integer({ minimum: 1, maximum: 5 }),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 10 })),
  },
  { additionalProperties: false },
);
export type AddReviewBody = Static<typeof AddReviewBody>;
