import type { StorefrontClient } from '../storefront/client';

let client: Promise<StorefrontClient> | null = null;

/**
 * The page's one API client (browser mode). The transport (axios) is its own chunk, loaded
 * on the first call from an effect or an event: never during SSR and never part of a page's
 * first-load JavaScript (docs/benchmarks.md, page weight).
 */
export function browserClient(): Promise<StorefrontClient> {
  return (client ??= import('../storefront/client').then((m) => m.createStorefrontClient({ mode: 'browser' })));
}
