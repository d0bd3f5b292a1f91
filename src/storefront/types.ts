// Wire types of the storefront API, as pinned by shared/storefront-api-contract.md and
// spec section 3. Any field may be missing or null in real data: everything that the
// contract does not guarantee is optional here, and the site reshapes once at the edge.

export interface Image {
  url: string;
  format?: string | null;
  width?: number | null;
  height?: number | null;
}

export interface Picture {
  id: string | number;
  full: Image;
  thumbnail?: Image | null;
}

export interface Video {
  cover?: { url?: string | null } | null;
  url?: string | null;
}

export interface Medal {
  image?: { url?: string | null } | null;
  text?: { text?: string | null } | null;
}

export interface Sku {
  productId: string | number;
  name?: string | null;
  cents?: number | null;
  color?: { name?: string | null } | null;
  size?: { name?: string | null } | null;
  attributes?: {
    attributes?: {
      exchangeRateUsed?: { choices?: number[] | null } | null;
      width?: { choices?: string[] | null } | null;
    } | null;
  } | null;
  images?: Array<{ full?: { url?: string | null } | null; thumbnail?: { url?: string | null } | null }> | null;
}

export interface Review {
  id: string | number;
  productId?: string | number | null;
  content?: string | null;
  userLabel?: string | null;
  userAvatar?: string | null;
  userMedals?: Medal[] | null;
  likes?: number | null;
  /** Epoch milliseconds. */
  postedAt?: number | null;
  productCommentLabel?: { productSatisfyScore?: number | null; wordTags?: string[] | null } | null;
  pictures?: Picture[] | null;
  videos?: Video[] | null;
  sku?: Sku | null;
  /** Reference-server extension: whether the signed-in caller liked it. */
  liked?: boolean | null;
}

/** Related-review item; also the review feed's item. */
export interface RelatedReviewItem {
  commentId: string | number;
  productId: string | number;
  image?: string | null;
  userLabel?: string | null;
  userAvatar?: string | null;
  content?: string | null;
  likes?: number | null;
}

export interface SimilarProductItem {
  product: {
    id: string | number;
    images?: Array<{ full?: { url?: string | null } | null; thumbnail?: { url?: string | null } | null } | string> | null;
    marks?: string[] | null;
    name?: string | null;
    nameCN?: string | null;
    priceTag?: string | null;
    priceTagCN?: string | null;
  };
  labelView?: { shortLabels?: Array<{ labels?: Array<{ text?: string | null }> | null }> | null } | null;
  origin?: string | null;
}

/** spec section 3, "Category node". `disabled` is absent on some nodes on purpose. */
export interface CategoryNode {
  id: string;
  parentId: string | null;
  term: string;
  displayTerm: string;
  mappingTerm: string;
  searchRecommend: boolean;
  disabled?: boolean;
  weightInPounds?: number;
}

export interface LeafEntry {
  category: CategoryNode;
  rootCategoryId: string;
  children?: never[];
}

export interface SecondLevelEntry {
  category: CategoryNode;
  rootCategoryId: string;
  children: LeafEntry[];
}

export interface TopLevelGroup {
  id: string;
  name: string;
  /** The group's own node (term, weight, flags); the spec lists id, name, children. */
  category?: CategoryNode;
  children: SecondLevelEntry[];
}

// Pinned endpoint answers.
export interface CategoriesResponse { categories: TopLevelGroup[] }
export interface HaulResponse { waterFall: { waterDrops: RelatedReviewItem[]; delimiter: string | null } }
export interface CommentsResponse { comments: Review[]; total?: number }
export interface SimilarResponse { products: SimilarProductItem[] }

/** Error body of every 4xx/5xx answer. */
export interface ErrorBody { messages?: string[]; errors?: string[]; message?: string }
