// Category ids are short string codes: a top-level id is one digit, and every child id is its
// parent's id plus one more digit (spec section 3, "f0 to fa" under f). Digits run 0-9 then
// a-z, so a parent can have up to 36 children and an id's length is its level.

export const ID_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The id of a parent's `index`-th child (0-based): childId('f', 10) === 'fa'. */
export function childId(parentId: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= ID_DIGITS.length) {
    throw new RangeError(`category ${parentId} cannot have a child number ${index}: ids allow ${ID_DIGITS.length}`);
  }
  return parentId + ID_DIGITS[index];
}

/** True when `id` is a valid id for a child of `parentId` (null: a top-level id). */
export function extendsParent(id: string, parentId: string | null): boolean {
  const prefix = parentId ?? '';
  return id.length === prefix.length + 1 && id.startsWith(prefix) && ID_DIGITS.includes(id[id.length - 1]);
}
