// Typed failures of the storefront transport (spec section 8, issue 4). Every rejected call of
// client.ts is one of these kinds, so callers branch on `instanceof` and show `error.text`:
//
//   StorefrontError   the API answered 4xx/5xx; carries status, text, body, method, url
//   NetworkError      no answer at all (refused, reset, DNS, CORS)
//   TimeoutError      no answer within the client's timeout
//   ForeignOriginError the caller handed the client a URL on another origin (never sent)
//
// A call the caller aborted (AbortSignal) rejects with axios' CanceledError instead.
// User-facing texts are Chinese; everything else is English.

import type { ErrorBody } from './types';

/** Common base: what every transport failure knows about the request. */
export abstract class ApiError extends Error {
  abstract readonly kind: 'http' | 'network' | 'timeout' | 'origin';
  /** Text to show the user (Chinese). */
  abstract readonly text: string;
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    // Not new.target: Babel compiles classes for older browsers where it is undefined.
    this.name = this.constructor.name;
  }
}

export class StorefrontError extends ApiError {
  readonly kind = 'http' as const;
  readonly text: string;
  constructor(
    readonly status: number,
    readonly body: unknown,
    method: string,
    url: string,
    /** The Retry-After header of a 429/503, if any. */
    readonly retryAfter?: string,
  ) {
    const text = errorTextOfBody(body, status);
    super(`${method} ${url} failed with HTTP ${status}: ${text}`, method, url);
    this.text = text;
  }

  /** 401: "not signed in" (contract, Transport). */
  get unauthorized(): boolean {
    return this.status === 401;
  }
}

export class NetworkError extends ApiError {
  readonly kind = 'network' as const;
  readonly text = '网络连接失败，请检查网络后重试';
  constructor(method: string, url: string, cause?: unknown) {
    super(`${method} ${url} failed: no answer (${describe(cause)})`, method, url, { cause });
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout' as const;
  readonly text = '请求超时，请稍后重试';
  constructor(
    method: string,
    url: string,
    readonly timeoutMs: number,
    cause?: unknown,
  ) {
    super(`${method} ${url} timed out after ${timeoutMs} ms`, method, url, { cause });
  }
}

/** Session headers only ever go to the API origin: a call elsewhere is refused, not sent. */
export class ForeignOriginError extends ApiError {
  readonly kind = 'origin' as const;
  readonly text = '请求地址无效';
  constructor(
    method: string,
    url: string,
    readonly apiOrigin: string,
  ) {
    super(`${method} ${url} refused: not on the API origin ${apiOrigin}`, method, url);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

const firstText = (v: unknown): string | undefined => {
  if (Array.isArray(v)) v = v[0];
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
};

/**
 * The text of a failed answer, in the order of spec section 8: `messages[0]`, then
 * `errors[0]`, then `message`, then a Chinese fallback naming the status. Empty or
 * non-string entries are skipped, so a malformed body still yields something to show.
 */
export function errorTextOfBody(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as ErrorBody;
    const text = firstText(b.messages) ?? firstText(b.errors) ?? firstText(b.message);
    if (text) return text;
  }
  return status > 0 ? `请求失败（HTTP ${status}）` : '请求失败';
}

function describe(cause: unknown): string {
  if (cause && typeof cause === 'object') {
    const c = cause as { code?: unknown; message?: unknown };
    if (typeof c.code === 'string') return c.code;
    if (typeof c.message === 'string' && c.message) return c.message;
  }
  return 'network error';
}
