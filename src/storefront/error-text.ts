// The text the browser hooks show for a failed call. Apart from errors.ts: the hooks need
// only the text, never the error classes in their chunks.

/**
 * The Chinese text of a failed call (`ApiError.text`), else `fallback`: what the browser hooks
 * show. Read from the field rather than by `instanceof ApiError`: in the browser bundle the
 * error classes are compiled to ES5 functions extending the native Error, where `instanceof`
 * of a subclass fails.
 */
export function errorTextOr(e: unknown, fallback: string): string {
  const text = e && typeof e === 'object' ? (e as { text?: unknown }).text : undefined;
  return typeof text === 'string' && text.trim() ? text : fallback;
}
