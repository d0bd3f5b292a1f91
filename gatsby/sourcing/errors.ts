import { ApiError, StorefrontError } from '../../src/storefront/errors';

/** A pinned (required) endpoint could not be read: the build must stop and publish nothing. */
export class RequiredEndpointError extends Error {
  constructor(
    readonly endpoint: string,
    readonly cause: unknown,
  ) {
    super(
      `Required storefront endpoint failed: ${endpoint} — ${describe(cause)}. ` +
        'The build stops here and leaves any earlier output untouched. ' +
        'Check STOREFRONT_API_URL and that the API is up.',
    );
    this.name = 'RequiredEndpointError';
  }
}

export function describe(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Whether a failure means "the API is unreachable or broken" (network, timeout, 5xx, 429 after
 * the client's retries) rather than "this record is bad" (404 and other 4xx).
 */
export function isOutage(e: unknown): boolean {
  if (e instanceof StorefrontError) return e.status >= 500 || e.status === 429;
  return true;
}

export const isNotFound = (e: unknown) => e instanceof StorefrontError && e.status === 404;
