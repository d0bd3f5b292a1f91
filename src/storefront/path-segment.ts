/** One URL path segment, percent-encoded (ids and codes in API paths). */
export const seg = (v: string | number): string => encodeURIComponent(String(v));
