/**
 * The Chinese text of a failed call (`ApiError.text`), else `fallback`. Read from the field
 * rather than by `instanceof ApiError`: in the browser bundle the error classes are compiled
 * to ES5 functions extending the native Error, where `instanceof` of a subclass fails.
 */
export function errorTextOf(e: unknown, fallback: string): string {
  const text = e && typeof e === 'object' ? (e as { text?: unknown }).text : undefined;
  return typeof text === 'string' && text.trim() ? text : fallback;
}
