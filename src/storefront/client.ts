// The one transport of the storefront API (spec sections 6-8, contract "Transport", issue 4).
//
// One axios instance owns the base URL, the session headers, the timeout and the mapping of
// failures to the typed errors of errors.ts; resource modules (cart.ts, comments.ts, ...) only
// call `client.get/post/delete` and get the response body back ("unwrapped automatically").
//
// Two modes:
// - 'build' (Gatsby Node APIs, scripts): base URL from STOREFRONT_API_URL, identity
//   `X-Session-User: build`, 30 s timeout, idempotent calls (GET/HEAD/OPTIONS) retried with
//   exponential backoff on network errors, timeouts, 5xx and 429; a 401 is just an error.
// - 'browser': base URL from GATSBY_STOREFRONT_API_URL (inlined by Gatsby at build time), else
//   the page's own origin; identity from the stored session (session.ts); 10 s timeout, no
//   retries; a 401 sends the user to /review/login/?returnTo=<current path> (spec section 8).
//
// The spec says no timeouts are configured; a real client needs them (issue 4), so both
// modes set one. Session headers only ever go to the API origin: a URL on another origin is
// refused before anything is sent, and a redirect (Node) to another origin drops them.

import axios, { type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios';
import { loginPath, withPrefix } from '../paths';
import { ApiError, ForeignOriginError, NetworkError, StorefrontError, TimeoutError } from './errors';
import { BUILD_IDENTITY, defaultSession, type Session, type SessionIdentity, type SessionSource } from './session';
import {
  CLIENT_NAME,
  CLIENT_VERSION,
  DEFAULT_TIMEOUT_MS,
  defaultBaseURL,
  requestUrl,
  serializeQuery,
  type ClientMode,
  type Query,
} from './request-url';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  params?: Query;
  /** Extra headers (e.g. Accept). The session headers cannot be overridden. */
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface StorefrontClient {
  readonly mode: ClientMode;
  /** Absolute base URL every path is appended to. */
  readonly baseURL: string;
  /** The only origin that ever receives the session headers. */
  readonly origin: string;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions & { body?: unknown }): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T>;
}

export interface RetryInfo {
  method: string;
  url: string;
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  error: ApiError;
}

export interface StorefrontClientOptions {
  mode: ClientMode;
  /** Default: build -> STOREFRONT_API_URL; browser -> GATSBY_STOREFRONT_API_URL, else page origin. */
  baseURL?: string;
  /**
   * Who is calling. Default: build -> `{ key: '', user: 'build' }`; browser -> the stored
   * session (guest id or signed-in user), read fresh on every request.
   */
  session?: Session | SessionSource | SessionIdentity;
  /** X-Client-Agent `<name>/<version> (web)`. */
  agentName?: string;
  agentVersion?: string;
  /** Default 10 000 (browser), 30 000 (build). */
  timeoutMs?: number;
  /** Retries of idempotent calls. Default 3 (build), 0 (browser). */
  retries?: number;
  /** First backoff delay; doubles each retry (with jitter), capped by maxRetryDelayMs. Default 300. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  onRetry?: (info: RetryInfo) => void;
  /** Browser 401 redirect: how to go somewhere. Default `window.location.assign`. */
  navigate?: (url: string) => void;
  /** Browser 401 redirect: the current path + query + hash. Default from `window.location`. */
  location?: () => string;
}

export const DEFAULT_RETRIES = { browser: 0, build: 3 } as const;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

// The page's one stored session lives in session.ts so that pages can read it without
// loading this transport (and axios) on first load.
export { defaultSession } from './session';

function toSessionSource(mode: ClientMode, s: StorefrontClientOptions['session']): SessionSource {
  if (!s) return mode === 'build' ? () => BUILD_IDENTITY : () => defaultSession().identity();
  if (typeof s === 'function') return s;
  if ('identity' in s) return () => s.identity();
  return () => s;
}

export function createStorefrontClient(opts: StorefrontClientOptions): StorefrontClient {
  const mode = opts.mode;
  const baseURL = (opts.baseURL ?? defaultBaseURL(mode)).replace(/\/+$/, '');
  let origin: string;
  try {
    origin = new URL(baseURL).origin;
  } catch {
    throw new Error(`Storefront API base URL is not an absolute URL: ${JSON.stringify(baseURL)}`);
  }
  const identity = toSessionSource(mode, opts.session);
  const agent = `${opts.agentName ?? CLIENT_NAME}/${opts.agentVersion ?? CLIENT_VERSION} (web)`;
  const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS[mode];
  const retries = Math.max(0, opts.retries ?? DEFAULT_RETRIES[mode]);
  const baseDelay = opts.retryDelayMs ?? 300;
  const maxDelay = opts.maxRetryDelayMs ?? 5_000;

  const instance: AxiosInstance = axios.create({
    baseURL,
    timeout,
    headers: { Accept: 'application/json' },
    paramsSerializer: { serialize: serializeQuery },
    // Timeouts surface as ETIMEDOUT, distinct from ECONNABORTED.
    transitional: { clarifyTimeoutError: true },
    // Cookies are not how this API authenticates; never send them cross-origin.
    withCredentials: false,
    validateStatus: (s) => s >= 200 && s < 300,
    // Node only (follow-redirects): a redirect off the API origin loses the session headers.
    beforeRedirect(options) {
      const target = `${options.protocol}//${options.host ?? `${options.hostname}:${options.port}`}`;
      if (sameOrigin(target, origin)) return;
      const h = options.headers as Record<string, unknown>;
      for (const name of Object.keys(h)) {
        if (/^x-session-(key|user)$/i.test(name)) delete h[name];
      }
    },
  });

  // One redirect per page: several calls failing with 401 on the same page navigate once.
  let redirectedFrom: string | undefined;
  const redirectToLogin = () => {
    const here = opts.location ? opts.location() : currentLocation();
    if (redirectedFrom === here) return;
    const login = withPrefix(loginPath());
    const herePath = here.split(/[?#]/)[0];
    if (herePath === login || herePath === login.replace(/\/$/, '')) return; // no loop on the login page
    redirectedFrom = here;
    const go = opts.navigate ?? ((url: string) => (globalThis as { location?: Location }).location?.assign(url));
    go(withPrefix(loginPath(here)));
  };

  async function request<T>(method: HttpMethod, path: string, o: RequestOptions & { body?: unknown } = {}): Promise<T> {
    const url = requestUrl(baseURL, path, o.params);
    if (!sameOrigin(url, origin)) throw new ForeignOriginError(method, url, origin);
    const who = identity();
    const config: AxiosRequestConfig = {
      method: method as Method,
      url: path,
      params: o.params,
      data: o.body,
      timeout: o.timeoutMs ?? timeout,
      signal: o.signal,
      headers: {
        // No body, no Content-Type (axios would add a form type to an empty POST, which
        // body-parsing servers such as Fastify reject).
        ...(o.body === undefined ? { 'Content-Type': false } : {}),
        ...o.headers,
        'X-Session-Key': who.key ?? '',
        'X-Session-User': who.user ?? '',
        'X-Client-Agent': agent,
      },
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await instance.request<T>(config);
        return (res.status === 204 || (res.data as unknown) === '' ? undefined : res.data) as T;
      } catch (e) {
        if (axios.isCancel(e)) throw e; // the caller aborted: not a failure of the API
        const err = toApiError(e, method, url, config.timeout ?? timeout);
        if (attempt < retries && IDEMPOTENT.has(method) && isRetryable(err)) {
          const delayMs = backoff(attempt, baseDelay, maxDelay, err);
          opts.onRetry?.({ method, url, attempt: attempt + 1, delayMs, error: err });
          await sleep(delayMs);
          continue;
        }
        if (mode === 'browser' && err instanceof StorefrontError && err.status === 401) redirectToLogin();
        throw err;
      }
    }
  }

  return {
    mode,
    baseURL,
    origin,
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
  };
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

function currentLocation(): string {
  const l = (globalThis as { location?: Location }).location;
  return l ? `${l.pathname}${l.search}${l.hash}` : '/';
}

function toApiError(e: unknown, method: string, url: string, timeoutMs: number): ApiError {
  if (e instanceof ApiError) return e;
  if (axios.isAxiosError(e)) {
    if (e.response) {
      const ra = e.response.headers?.['retry-after'];
      return new StorefrontError(e.response.status, e.response.data, method, url, ra == null ? undefined : String(ra));
    }
    if (e.code === 'ETIMEDOUT' || e.code === 'ECONNABORTED') return new TimeoutError(method, url, timeoutMs, e);
  }
  return new NetworkError(method, url, e);
}

function isRetryable(err: ApiError): boolean {
  if (err instanceof NetworkError || err instanceof TimeoutError) return true;
  return err instanceof StorefrontError && (err.status >= 500 || err.status === 429);
}

function backoff(attempt: number, base: number, max: number, err: ApiError): number {
  const exp = Math.min(max, base * 2 ** attempt);
  // Equal jitter: at least half the exponential delay, so attempts still spread out.
  let delay = exp / 2 + Math.random() * (exp / 2);
  const retryAfter = err instanceof StorefrontError ? retryAfterMs(err) : undefined;
  if (retryAfter != null) delay = Math.max(delay, Math.min(retryAfter, max));
  return Math.round(delay);
}

function retryAfterMs(err: StorefrontError): number | undefined {
  const v = err.retryAfter;
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s)) return s * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - Date.now());
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
