/** One URL path segment, percent-encoded: ids and codes in API paths (src/storefront/) and site paths (src/paths.ts). */
export const seg = (v: string | number): string => encodeURIComponent(String(v));
