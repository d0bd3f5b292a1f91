// Client-stored session state (spec sections 3, 4 and 6).
//
// - A guest gets a cryptographically random guest id on the first visit; it is kept in the
//   store, so it survives reloads (and lives in memory only when storage is unavailable).
// - A session-start timestamp is kept from the first visit, reset on sign-in and sign-out.
// - Logged in means both a stored user id and a stored user key.
// - Every API request sends X-Session-Key (user key, empty for guests) and X-Session-User
//   (user id, otherwise guest id): client.ts reads `Session.identity()` on every request.

import { createStore, type Store, type UtmParams } from './storage';

export interface SessionIdentity {
  /** X-Session-Key: the user key, '' for guests and the build. */
  key: string;
  /** X-Session-User: the user id, else the guest id ('build' at build time). */
  user: string;
}

/** Where client.ts gets the session headers from, read fresh on every request. */
export type SessionSource = () => SessionIdentity;

export const BUILD_IDENTITY: SessionIdentity = { key: '', user: 'build' };

/** A random v4 UUID from crypto.randomUUID, else crypto.getRandomValues. */
export function randomId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  if (c && typeof c.getRandomValues === 'function') {
    const b = c.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  // No Web Crypto at all: refuse rather than hand out a guessable id.
  throw new Error('Web Crypto is not available: cannot generate a guest id');
}

export interface Session {
  readonly store: Store;
  /** The guest id, generated and stored on the first call. */
  guestId(): string;
  /** The device id, generated and stored on the first call. */
  deviceId(): string;
  /** Epoch ms of the session start, set on the first call. */
  sessionStart(): number;
  isLoggedIn(): boolean;
  userId(): string | undefined;
  /** Stores the user id and key (after SMS or WeChat sign-in) and restarts the session. */
  signIn(user: { userId: string | number; userKey: string }): void;
  /** Clears the user id and key; the guest id stays. */
  signOut(): void;
  /** The identity sent with every request. */
  identity(): SessionIdentity;
}

export function createSession(store: Store = createStore(), now: () => number = Date.now): Session {
  const ensure = (key: 'guestId' | 'deviceId'): string => {
    const v = store.get(key);
    if (typeof v === 'string' && v) return v;
    const id = randomId();
    store.set(key, id);
    return id;
  };
  const userId = () => {
    const v = store.get('userId');
    return typeof v === 'string' && v ? v : undefined;
  };
  const userKey = () => {
    const v = store.get('userKey');
    return typeof v === 'string' && v ? v : undefined;
  };
  const session: Session = {
    store,
    guestId: () => ensure('guestId'),
    deviceId: () => ensure('deviceId'),
    sessionStart() {
      const v = store.get('sessionStart');
      if (typeof v === 'number' && Number.isFinite(v)) return v;
      const t = now();
      store.set('sessionStart', t);
      return t;
    },
    isLoggedIn: () => !!(userId() && userKey()),
    userId,
    signIn({ userId: id, userKey: key }) {
      store.set('userId', String(id));
      store.set('userKey', key);
      store.set('sessionStart', now());
    },
    signOut() {
      store.remove('userId');
      store.remove('userKey');
      store.remove('wechatLogin');
      store.set('sessionStart', now());
    },
    identity() {
      session.sessionStart();
      const id = userId();
      const key = userKey();
      if (id && key) return { key, user: id };
      return { key: '', user: session.guestId() };
    },
  };
  return session;
}

const UTM_FIELDS: Array<[keyof UtmParams, string]> = [
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmTerm', 'utm_term'],
  ['utmContent', 'utm_content'],
  ['utmCampaign', 'utm_campaign'],
];

/** The UTM params of a URL or query string; accepts utmSource and utm_source spellings. */
export function parseUtm(url: string | URL): UtmParams {
  const search = url instanceof URL ? url.searchParams : new URL(url, 'http://localhost').searchParams;
  const out: UtmParams = {};
  for (const [camel, snake] of UTM_FIELDS) {
    const v = (search.get(camel) ?? search.get(snake))?.trim();
    if (v) out[camel] = v;
  }
  return out;
}

/**
 * Captures the UTM params of the landing URL into the store. A URL carrying any UTM param
 * replaces what was kept (last touch wins); a URL without any keeps the earlier ones.
 * Returns the params now kept.
 */
export function captureUtm(store: Store, url: string | URL): UtmParams | undefined {
  const found = parseUtm(url);
  if (Object.keys(found).length) store.set('utmParams', found);
  return store.get('utmParams');
}

let browserSession: Session | undefined;
/** The page's one stored session (lazily created, so SSR never touches storage). */
export function defaultSession(): Session {
  return (browserSession ??= createSession());
}
