// One typed store for every client-stored key of spec section 3, under one prefix.
//
// Values are JSON in localStorage under `hrv:<key>`. localStorage may be missing (SSR, the
// build) or throw (Safari private mode, quota, disabled cookies): every access is guarded and
// falls back to an in-memory map, so the page keeps working for its lifetime and a throwing
// storage never breaks a call.

import type { PaymentMethod } from './enums';

export const STORAGE_PREFIX = 'hrv:';

export interface UtmParams {
  utmSource?: string;
  utmMedium?: string;
  utmTerm?: string;
  utmContent?: string;
  utmCampaign?: string;
}

/** Payment info fields (spec section 3): WeChat JSAPI parameters or an Alipay redirect page. */
export interface PaymentInfo {
  timeStamp?: string;
  nonceStr?: string;
  package?: string;
  signType?: string;
  paySign?: string;
  redirectHtml?: string;
}

/** A payment handed to WeChat/Alipay whose result the site has not seen yet. */
export interface PayPending {
  orderId: string;
  method?: PaymentMethod;
  /** Epoch ms when the payment was started. */
  startedAt: number;
}

/** Every client-stored key (spec section 3) and its value type. */
export interface StoredState {
  userId: string;
  userKey: string;
  guestId: string;
  deviceId: string;
  /** Epoch ms. */
  sessionStart: number;
  payPending: PayPending;
  utmParams: UtmParams;
  /** The visitor chose to continue in the app. */
  gotoApp: boolean;
  /** A WeChat login round trip is in progress. */
  wechatLogin: boolean;
  /** Add-on payment (pay for an extra charge of an order). */
  addonPayId: string;
  addonPayInfo: PaymentInfo;
  /** The site's own (issue 43): the shopper's recent searches, newest first (src/search/recent.ts). */
  recentSearches: string[];
}

export type StoredKey = keyof StoredState;

/** The subset of the Web Storage API the store uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Store {
  get<K extends StoredKey>(key: K): StoredState[K] | undefined;
  set<K extends StoredKey>(key: K, value: StoredState[K]): void;
  remove(key: StoredKey): void;
  /** Whether values survive a reload (false: memory only). */
  readonly persistent: boolean;
}

/** `window.localStorage` if it exists and accepts a write, else undefined. */
export function browserStorage(): StorageLike | undefined {
  try {
    const s = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (!s) return undefined;
    const probe = `${STORAGE_PREFIX}__probe`;
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return undefined;
  }
}

/**
 * A store over `backend` (default: localStorage when usable). Reads and writes that throw
 * are served from memory instead; a value that is not valid JSON reads as missing.
 */
export function createStore(backend: StorageLike | undefined = browserStorage()): Store {
  const memory = new Map<string, string>();
  let persistent = !!backend;

  const read = (k: string): string | null => {
    if (backend && persistent) {
      try {
        const v = backend.getItem(k);
        if (v != null) return v;
      } catch {
        persistent = false;
      }
    }
    return memory.get(k) ?? null;
  };
  const write = (k: string, v: string | null) => {
    if (v == null) memory.delete(k);
    else memory.set(k, v);
    if (!backend || !persistent) return;
    try {
      if (v == null) backend.removeItem(k);
      else backend.setItem(k, v);
    } catch {
      persistent = false;
    }
  };

  return {
    get(key) {
      const raw = read(STORAGE_PREFIX + key);
      if (raw == null) return undefined;
      try {
        return JSON.parse(raw);
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      write(STORAGE_PREFIX + key, JSON.stringify(value));
    },
    remove(key) {
      write(STORAGE_PREFIX + key, null);
    },
    get persistent() {
      return persistent;
    },
  };
}

/** A memory-only store: the build, SSR and tests. */
export const memoryStore = (): Store => createStore(undefined);
