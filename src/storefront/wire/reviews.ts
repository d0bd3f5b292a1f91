// Reviews (product comments), replies, likes and the haul feed. Review and RelatedReviewItem
// are pinned by the contract (shared/storefront-api-contract.md, "Entities"): loose, every
// field may be missing or null; the reference server's additions are listed with them.
import { Type, type Static } from '@sinclair/typebox';
import {
  CATEGORY_ID_SOURCE,
  IdString,
  Image,
  List,
  LongText,
  Loose,
  Nullable,
  ShortText,
  Unchecked,
  UrlOnly,
  UrlText,
  WireId,
  windowQuery,
} from './common';

/** A medal of the reviewer. */
export const Medal = Type.Object(
  {
    image: Loose(UrlOnly),
    text: Loose(Type.Object({ text: Loose(ShortText()) }, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
export type Medal = Static<typeof Medal>;

export const Picture = Type.Object(
  { id: WireId(), full: Image, thumbnail: Loose(Image) },
  { additionalProperties: true },
);
export type Picture = Static<typeof Picture>;

/**
 * `{ cover: { url }, url? }` (contract). Optional extensions (docs/api-client.md, issue 21): the
 * video's `width` and `height` in pixels and its `duration` in seconds; the reference server
 * sends them with `url` (an H.264/AAC MP4) and the cover's width and height.
 */
export const Video = Type.Object(
  {
    cover: Loose(UrlOnly),
    url: Loose(UrlText()),
    width: Loose(Type.Number({ minimum: 0, maximum: 100_000 })),
    height: Loose(Type.Number({ minimum: 0, maximum: 100_000 })),
    duration: Loose(Type.Number({ minimum: 0, maximum: 86_400 })),
  },
  { additionalProperties: true },
);
export type Video = Static<typeof Video>;

const Choices = <T extends Parameters<typeof List>[0]>(item: T) =>
  Loose(Type.Object({ choices: Loose(List(item, 20)) }, { additionalProperties: true }));

export const Sku = Type.Object(
  {
    /** Reference-server extension. */
    id: Type.Optional(WireId()),
    productId: Type.Optional(WireId()),
    name: Loose(ShortText({ maxLength: 400 })),
    cents: Loose(Type.Number()),
    attributes: Loose(
      Type.Object(
        {
          attributes: Loose(
            Type.Object(
              {
                exchangeRateUsed: Choices(Type.Number()),
                width: Choices(ShortText()),
              },
              { additionalProperties: true },
            ),
          ),
        },
        { additionalProperties: true },
      ),
    ),
    images: Loose(
      List(Type.Object({ full: Loose(UrlOnly), thumbnail: Loose(UrlOnly) }, { additionalProperties: true }), 20),
    ),
    color: Loose(Type.Object({ name: Loose(ShortText()) }, { additionalProperties: true })),
    size: Loose(Type.Object({ name: Loose(ShortText()) }, { additionalProperties: true })),
    /**
     * Reference-server extension (issue 45), in the product call's skus only: how many can be
     * bought now; 0 = sold out. Absent: unknown (the picker then offers the sku).
     */
    stock: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: true },
);
export type Sku = Static<typeof Sku>;

export const Review = Type.Object(
  {
    id: WireId(),
    productId: Loose(WireId()),
    content: Loose(LongText()),
    userLabel: Loose(ShortText()),
    userAvatar: Loose(UrlText()),
    userMedals: Loose(List(Medal, 20)),
    likes: Loose(Type.Number()),
    /** Epoch milliseconds (not checked on the wire: see Unchecked). */
    postedAt: Type.Optional(Unchecked<number | null>()),
    productCommentLabel: Loose(
      Type.Object(
        {
          productSatisfyScore: Loose(Type.Number()),
          wordTags: Loose(List(ShortText(), 50)),
        },
        { additionalProperties: true },
      ),
    ),
    pictures: Loose(List(Picture, 50)),
    videos: Loose(List(Video, 20)),
    sku: Loose(Sku),
    /** Reference-server extension: the number of replies. */
    replyCount: Type.Optional(Type.Number()),
    /** Reference-server extension: whether the signed-in caller liked it (absent for guests). */
    liked: Loose(Type.Boolean()),
    /**
     * Optional extension (issue 21, docs/api-client.md): present when the reviewer received an
     * order of this sku before writing it; `variant` names what was bought ("驼色 / M").
     */
    verifiedPurchase: Loose(
      Type.Object({ variant: Loose(ShortText({ maxLength: 200 })) }, { additionalProperties: true }),
    ),
  },
  { additionalProperties: true },
);
export type Review = Static<typeof Review>;

/** Related-review item; also the review feed's item. */
export const RelatedReviewItem = Type.Object(
  {
    commentId: WireId(),
    productId: WireId(),
    image: Loose(UrlText()),
    userLabel: Loose(ShortText()),
    userAvatar: Loose(UrlText()),
    content: Loose(LongText()),
    likes: Loose(Type.Number()),
    /**
     * Optional extension (issue 23, docs/api-client.md): epoch milliseconds of the review's
     * posting, the sitemap's lastmod of a deferred review. Not checked on the wire (see
     * Unchecked): the sitemap writer drops a value that is not a plausible date.
     */
    postedAt: Type.Optional(Unchecked<number | null>()),
    /**
     * Optional extensions (issue 23, docs/api-client.md): the review's score (1-5, the detail's
     * productSatisfyScore) and word tags, so a bounded build's product hubs count deferred
     * reviews too. Not checked on the wire: the build keeps only a whole score 1-5 and short
     * string tags (gatsby/sourcing/feed-facts.ts).
     */
    score: Type.Optional(Unchecked<number | null>()),
    wordTags: Type.Optional(Unchecked<string[] | null>()),
    /**
     * Optional extensions (issue 44, docs/api-client.md): the pixel size of `image` (a
     * waterfall places its cards from it before any picture loads), the product's picture (a
     * review without one is drawn as a text card with it) and the product's leaf category (related
     * reviews by category). Not checked on the wire: toRelatedViews keeps only sane values.
     */
    imageWidth: Type.Optional(Unchecked<number | null>()),
    imageHeight: Type.Optional(Unchecked<number | null>()),
    productImage: Type.Optional(Unchecked<string | null>()),
    categoryId: Type.Optional(Unchecked<string | number | null>()),
  },
  { additionalProperties: true },
);
export type RelatedReviewItem = Static<typeof RelatedReviewItem>;

// Answers.

/** GET /api/v2/product_comment/haul (pinned). */
export const HaulResponse = Type.Object({
  waterFall: Type.Object({ waterDrops: List(RelatedReviewItem, 500), delimiter: Nullable(ShortText()) }),
});
export type HaulResponse = Static<typeof HaulResponse>;

/** GET .../comments: `{ comments: [review] }` with ?commentId= (pinned), else a page and `total`. */
export const CommentsResponse = Type.Object({ comments: List(Review, 100), total: Type.Optional(Type.Integer()) });
export type CommentsResponse = Static<typeof CommentsResponse>;

export const Reply = Type.Object({
  id: WireId(),
  commentId: WireId(),
  content: LongText(),
  userLabel: Loose(ShortText()),
  userAvatar: Loose(UrlText()),
  likes: Loose(Type.Number()),
  postedAt: Loose(Type.Number()),
  /** Optional extension (issue 21): true when the merchant wrote it (userLabel is the shop). */
  fromMerchant: Loose(Type.Boolean()),
});
export type Reply = Static<typeof Reply>;
export const RepliesResponse = Type.Object({ replies: List(Reply, 100), total: Type.Optional(Type.Integer()) });
export type RepliesResponse = Static<typeof RepliesResponse>;

/** Answer of like / unlike: the new count and whether the caller now likes it. */
export const LikeResult = Type.Object({ likes: Type.Integer(), liked: Type.Boolean() });
export type LikeResult = Static<typeof LikeResult>;

// Requests.

export const CATEGORY_ID_PATTERN = `^${CATEGORY_ID_SOURCE}$`;

export const HaulQuery = Type.Object({
  /** Opaque cursor; '0' = first page. */
  delimiter: Type.String({ default: '0', minLength: 1, maxLength: 100 }),
  /** 1..500. */
  size: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
  /** Category id of the catalogue; '0' = all. */
  category: Type.String({ default: '0', maxLength: 32, pattern: CATEGORY_ID_PATTERN }),
  /** Extension (ours, docs/api-client.md): only reviews with a picture or video / a picture / a video. */
  media: Type.Optional(Type.Union([Type.Literal('any'), Type.Literal('picture'), Type.Literal('video')])),
  /** Extension (ours): only reviews with this satisfaction score. */
  score: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  /** Extension (ours): posted_at (default) or likes, most first. */
  sort: Type.Optional(Type.Union([Type.Literal('posted_at'), Type.Literal('likes')])),
});
export type HaulQuery = Static<typeof HaulQuery>;

/** Comment list sort key; posted_at is the default (spec section 9); likes is the reference server's other one. */
export const CommentSort = Type.Union([Type.Literal('posted_at'), Type.Literal('likes')]);
export type CommentSort = Static<typeof CommentSort>;

export const MediaFilter = Type.Union([Type.Literal('any'), Type.Literal('picture'), Type.Literal('video')]);
export type MediaFilter = Static<typeof MediaFilter>;

export const CommentsQuery = Type.Object({
  commentId: Type.Optional(IdString),
  ...windowQuery(10),
  s: Type.Optional(CommentSort),
  /** Only comments with this word tag. */
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  /** Extension (ours, docs/api-client.md): only comments with this satisfaction score. */
  score: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  /** Extension (ours): only comments with a picture or video ('any'), a picture, or a video. */
  media: Type.Optional(MediaFilter),
});
export type CommentsQuery = Static<typeof CommentsQuery>;

export const RepliesQuery = Type.Object({ ...windowQuery(10), s: Type.Optional(CommentSort) });
export type RepliesQuery = Static<typeof RepliesQuery>;
