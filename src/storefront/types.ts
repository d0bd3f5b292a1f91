// Wire types of the storefront API, as pinned by shared/storefront-api-contract.md and spec
// section 3: the `Static<>` types of the schemas in ./wire/ (one schema per shape, shared with
// the reference server). Any field may be missing or null in real data: everything that the
// contract does not guarantee is optional, and the site reshapes once at the edge.
export type { Image, ErrorBody } from './wire/common';
export type {
  Medal,
  Picture,
  Video,
  Sku,
  Review,
  RelatedReviewItem,
  HaulResponse,
  CommentsResponse,
} from './wire/reviews';
export type { SimilarProductItem, SimilarResponse } from './wire/products';
export type { CategoryNode, LeafEntry, SecondLevelEntry, TopLevelGroup, CategoriesResponse } from './wire/catalogue';
