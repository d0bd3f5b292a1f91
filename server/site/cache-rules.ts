// Gatsby's caching rules (docs "Caching Static Sites"), applied by the site server:
// HTML and page-data are revalidated on every visit so a rebuild shows at once; hashed
// assets under static/ and the webpack chunks never change and are cached for a year; the
// service worker file is never cached, so a new build's worker is found at once.
export const REVALIDATE = 'public, max-age=0, must-revalidate';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NEVER = 'no-cache, no-store, must-revalidate';

/** Cache-Control for a file path relative to the site root (public/). */
export function cacheControlFor(rel: string): string {
  const p = rel.replace(/^\/+/, '');
  if (p === 'sw.js') return NEVER;
  if (p.endsWith('.html') || p.startsWith('page-data/')) return REVALIDATE;
  if (p.startsWith('static/')) return IMMUTABLE;
  // Webpack chunks carry a content hash in their names (app-3f2a9c1b.js, styles.1a2b3c.css).
  if (/[.-][0-9a-f]{16,}\.(js|css)$/.test(p)) return IMMUTABLE;
  // workbox, idb-keyval and other unhashed files: revalidate.
  return REVALIDATE;
}
