import assert from 'node:assert/strict';
import { test } from 'node:test';
import { captureUtm, createSession, parseUtm, randomId } from '../../../src/storefront/session';
import { createStore, type StorageLike } from '../../../src/storefront/storage';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('the guest id is generated once and stable across reloads (same storage)', () => {
  const localStorage = new MapStorage();
  const first = createSession(createStore(localStorage));
  const id = first.guestId();
  assert.match(id, UUID);
  assert.equal(first.guestId(), id);
  // A reload: new store and session objects over the same browser storage.
  const reloaded = createSession(createStore(localStorage));
  assert.equal(reloaded.guestId(), id);
  assert.equal(reloaded.identity().user, id);
  // Another browser gets another id.
  assert.notEqual(createSession(createStore(new MapStorage())).guestId(), id);
});

test('randomId uses Web Crypto and gives distinct v4 UUIDs', () => {
  const ids = new Set(Array.from({ length: 200 }, randomId));
  assert.equal(ids.size, 200);
  for (const id of ids) assert.match(id, UUID);
});

test('randomId falls back to getRandomValues when randomUUID is missing (insecure context)', () => {
  const real = globalThis.crypto;
  Object.defineProperty(globalThis, 'crypto', {
    configurable: true,
    value: { getRandomValues: <T extends ArrayBufferView<ArrayBuffer>>(a: T) => real.getRandomValues(a) },
  });
  try {
    assert.match(randomId(), UUID);
  } finally {
    Object.defineProperty(globalThis, 'crypto', { configurable: true, value: real });
  }
});

test('session start is kept from the first visit and reset by sign-in and sign-out', () => {
  let now = 1000;
  const storage = new MapStorage();
  const s = createSession(createStore(storage), () => now);
  assert.equal(s.sessionStart(), 1000);
  now = 2000;
  assert.equal(createSession(createStore(storage), () => now).sessionStart(), 1000);
  s.signIn({ userId: 'u', userKey: 'k' });
  assert.equal(s.sessionStart(), 2000);
  now = 3000;
  s.signOut();
  assert.equal(s.sessionStart(), 3000);
});

test('logged in means both a user id and a user key are stored', () => {
  const store = createStore(new MapStorage());
  const s = createSession(store);
  assert.equal(s.isLoggedIn(), false);
  store.set('userId', 'u1');
  assert.equal(s.isLoggedIn(), false, 'id alone is not enough');
  assert.deepEqual(s.identity(), { key: '', user: s.guestId() });
  store.set('userKey', 'k1');
  assert.equal(s.isLoggedIn(), true);
  assert.deepEqual(s.identity(), { key: 'k1', user: 'u1' });
  store.remove('userId');
  assert.equal(s.isLoggedIn(), false, 'key alone is not enough');
});

test('signIn/signOut store and clear the user; the guest id and device id survive', () => {
  const store = createStore(new MapStorage());
  const s = createSession(store);
  const guest = s.guestId();
  const device = s.deviceId();
  s.signIn({ userId: 42, userKey: 'key' });
  store.set('wechatLogin', true);
  assert.equal(s.userId(), '42');
  assert.equal(s.isLoggedIn(), true);
  s.signOut();
  assert.equal(s.isLoggedIn(), false);
  assert.equal(store.get('userKey'), undefined);
  assert.equal(store.get('wechatLogin'), undefined);
  assert.equal(s.guestId(), guest);
  assert.equal(s.deviceId(), device);
});

test('with a throwing storage the session still works for the page (memory)', () => {
  const throwing: StorageLike = {
    getItem() {
      throw new Error('private mode');
    },
    setItem() {
      throw new Error('private mode');
    },
    removeItem() {
      throw new Error('private mode');
    },
  };
  const s = createSession(createStore(throwing));
  const id = s.guestId();
  assert.match(id, UUID);
  assert.equal(s.guestId(), id, 'stable within the page');
  assert.equal(s.identity().user, id);
  s.signIn({ userId: 'u', userKey: 'k' });
  assert.equal(s.isLoggedIn(), true);
});

test('UTM params are read in camelCase and utm_ spelling from the landing URL', () => {
  assert.deepEqual(
    parseUtm('https://x.cn/review/1/2/?utmSource=wx&utmMedium=share&utmTerm=t&utmContent=c&utmCampaign=618'),
    {
      utmSource: 'wx',
      utmMedium: 'share',
      utmTerm: 't',
      utmContent: 'c',
      utmCampaign: '618',
    },
  );
  assert.deepEqual(parseUtm('/review/?utm_source=baidu&utm_campaign=%E5%8F%8C11&other=1'), {
    utmSource: 'baidu',
    utmCampaign: '双11',
  });
  assert.deepEqual(parseUtm(new URL('https://x.cn/?utm_source=')), {});
});

test('captureUtm keeps the last landing params and ignores URLs without any', () => {
  const store = createStore(new MapStorage());
  assert.equal(captureUtm(store, 'https://x.cn/review/'), undefined);
  assert.deepEqual(captureUtm(store, 'https://x.cn/review/?utm_source=wx'), { utmSource: 'wx' });
  assert.deepEqual(captureUtm(store, 'https://x.cn/review/haul/'), { utmSource: 'wx' });
  assert.deepEqual(captureUtm(store, 'https://x.cn/?utmMedium=cpc'), { utmMedium: 'cpc' });
  assert.deepEqual(store.get('utmParams'), { utmMedium: 'cpc' });
});
