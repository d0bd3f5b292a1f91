// Reviews (product comments), replies, likes and the haul feed. The Review, RelatedReviewItem
// shapes are pinned by the contract and typed in src/storefront/types.ts; the schemas here
// are the requests and the unpinned answers (replies, likes).
import { Type, type Static } from '@sinclair/typebox';
import { IdString, List, LongText, Nullable, ShortText, UrlText, windowQuery } from './common';

export const CATEGORY_ID_PATTERN = '^[0-9A-Za-z_-]{1,32}$';

export const HaulQuery = Type.Object({
  delimiter: Type.String({ default: '0', minLength: 1, maxLength: 100 }),
  size: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
  category: Type.String({ default: '0', maxLength: 32, pattern: CATEGORY_ID_PATTERN }),
});
export type HaulQuery = Static<typeof HaulQuery>;

export const CommentSort = Type.Union([Type.Literal('posted_at'), Type.Literal('likes')]);
export type CommentSort = Static<typeof CommentSort>;

export const CommentsQuery = Type.Object({
  commentId: Type.Optional(IdString),
  ...windowQuery(10),
  s: Type.Optional(CommentSort),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
});
export type CommentsQuery = Static<typeof CommentsQuery>;

export const RepliesQuery = Type.Object({ ...windowQuery(10), s: Type.Optional(CommentSort) });
export type RepliesQuery = Static<typeof RepliesQuery>;

export const Reply = Type.Object({
  id: Type.Integer(), commentId: Type.Integer(), content: LongText(),
  userLabel: Nullable(ShortText()), userAvatar: Nullable(UrlText()),
  likes: Type.Integer(), postedAt: Type.Integer(),
});
export type Reply = Static<typeof Reply>;
export const RepliesResponse = Type.Object({ replies: List(Reply, 100), total: Type.Integer() });
export type RepliesResponse = Static<typeof RepliesResponse>;

export const LikeResult = Type.Object({ likes: Type.Integer(), liked: Type.Boolean() });
export type LikeResult = Static<typeof LikeResult>;
