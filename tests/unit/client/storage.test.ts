import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserStorage, createStore, STORAGE_PREFIX, type StorageLike } from '../../../src/storefront/storage';

class MapStorage implements StorageLike {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const throwing: StorageLike = {
  getItem() {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem() {
    throw new DOMException('quota', 'QuotaExceededError');
  },
  removeItem() {
    throw new DOMException('denied', 'SecurityError');
  },
};

test('every key lives under the one prefix, JSON-encoded', () => {
  const backend = new MapStorage();
  const store = createStore(backend);
  store.set('guestId', 'g-1');
  store.set('sessionStart', 1700000000000);
  store.set('utmParams', { utmSource: 'wx' });
  store.set('gotoApp', true);
  store.set('payPending', { orderId: 'o1', method: 'ALIPAY', startedAt: 1 });
  store.set('addonPayInfo', { paySign: 's', nonceStr: 'n' });
  assert.equal(STORAGE_PREFIX, 'hrv:');
  assert.ok([...backend.map.keys()].every((k) => k.startsWith('hrv:')));
  assert.equal(backend.map.get('hrv:guestId'), '"g-1"');
  assert.equal(store.get('sessionStart'), 1700000000000);
  assert.deepEqual(store.get('utmParams'), { utmSource: 'wx' });
  assert.equal(store.get('gotoApp'), true);
  assert.equal(store.persistent, true);
  store.remove('gotoApp');
  assert.equal(store.get('gotoApp'), undefined);
  assert.equal(backend.map.has('hrv:gotoApp'), false);
});

test('a value that is not JSON reads as missing', () => {
  const backend = new MapStorage();
  backend.setItem('hrv:userId', '{broken');
  assert.equal(createStore(backend).get('userId'), undefined);
});

test('a throwing storage falls back to memory and never throws', () => {
  const store = createStore(throwing);
  assert.doesNotThrow(() => store.set('guestId', 'g-2'));
  assert.equal(store.get('guestId'), 'g-2');
  assert.equal(store.persistent, false);
  assert.doesNotThrow(() => store.remove('guestId'));
  assert.equal(store.get('guestId'), undefined);
});

test('a storage that starts failing later keeps earlier values readable from memory', () => {
  const backend = new MapStorage();
  const store = createStore(backend);
  store.set('userId', 'u1');
  backend.getItem = () => {
    throw new Error('gone');
  };
  backend.setItem = () => {
    throw new Error('gone');
  };
  assert.equal(store.get('userId'), 'u1');
  store.set('userKey', 'k1');
  assert.equal(store.get('userKey'), 'k1');
});

test('without localStorage (SSR, build) the default store is memory-only', () => {
  assert.equal(browserStorage(), undefined);
  const store = createStore();
  store.set('deviceId', 'd');
  assert.equal(store.get('deviceId'), 'd');
  assert.equal(store.persistent, false);
});

test('browserStorage rejects a localStorage that throws on write (Safari private mode)', () => {
  const g = globalThis as { localStorage?: StorageLike };
  g.localStorage = throwing;
  try {
    assert.equal(browserStorage(), undefined);
    const store = createStore();
    store.set('wechatLogin', true);
    assert.equal(store.get('wechatLogin'), true);
  } finally {
    delete g.localStorage;
  }
});
