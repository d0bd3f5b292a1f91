import { createStorefrontClient, type StorefrontClient } from '../storefront/client';

let client: StorefrontClient | null = null;

/** The page's one API client (browser mode), created on first use, never during SSR. */
export function browserClient(): StorefrontClient {
  return (client ??= createStorefrontClient({ mode: 'browser' }));
}
