// The category catalogue: GET /api/v2/productcategories (pinned), spec section 3.
import { Type, type Static } from '@sinclair/typebox';
import { List, Nullable, ShortText } from './common';

/** spec section 3, "Category node". `disabled` is absent on some nodes on purpose. */
export const CategoryNode = Type.Object(
  {
    id: ShortText(),
    parentId: Nullable(ShortText()),
    term: ShortText(),
    displayTerm: ShortText(),
    mappingTerm: ShortText(),
    searchRecommend: Type.Boolean(),
    disabled: Type.Optional(Type.Boolean()),
    weightInPounds: Type.Optional(Type.Number()),
  },
  { additionalProperties: true },
);
export type CategoryNode = Static<typeof CategoryNode>;

export const LeafEntry = Type.Object(
  {
    category: CategoryNode,
    rootCategoryId: ShortText(),
    children: Type.Optional(Type.Array(Type.Never(), { maxItems: 0 })),
  },
  { additionalProperties: true },
);
export type LeafEntry = Static<typeof LeafEntry>;

export const SecondLevelEntry = Type.Object(
  {
    category: CategoryNode,
    rootCategoryId: ShortText(),
    children: List(LeafEntry, 500),
  },
  { additionalProperties: true },
);
export type SecondLevelEntry = Static<typeof SecondLevelEntry>;

export const TopLevelGroup = Type.Object(
  {
    id: ShortText(),
    name: ShortText(),
    /** The group's own node (term, weight, flags); the spec lists id, name, children. */
    category: Type.Optional(CategoryNode),
    children: List(SecondLevelEntry, 500),
  },
  { additionalProperties: true },
);
export type TopLevelGroup = Static<typeof TopLevelGroup>;

/**
 * The whole tree. The reference server sends data/categories.json serialised once
 * (server/routes/catalogue.ts), so this schema types the answer but never serialises it.
 */
export const CategoriesResponse = Type.Object({ categories: List(TopLevelGroup, 100) });
export type CategoriesResponse = Static<typeof CategoriesResponse>;
