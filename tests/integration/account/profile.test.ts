// Profile calls (src/storefront/profile.ts) against the reference server: address book, payer
// identities and world areas. Happy paths, and the refusals: 401 without a session, 404 on
// another user's record, 400 with Chinese text on bad input.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StorefrontClient } from '../../../src/storefront/client';
import * as profile from '../../../src/storefront/profile';
import { checkDigit } from '../../../server/repositories/id-number';
import { clientAs, refuses, signInByPhone, startTestServer, type TestServer } from './helper';

/** GB 11643's own example number (Beijing Chaoyang, born 1949-12-31, check character X). */
const VALID_ID = '11010519491231002X';
const SHANGHAI = ['310000', '310100', '310104'];
const HANGZHOU = ['330000', '330100', '330106'];

describe('profile: addresses, payer identities, world areas', () => {
  let s: TestServer;
  let alice: StorefrontClient;
  let bob: StorefrontClient;
  let guest: StorefrontClient;

  before(async () => {
    s = await startTestServer({ reviews: 20 });
    alice = (await signInByPhone(s, '13800000001')).c;
    bob = (await signInByPhone(s, '13800000002')).c;
    guest = clientAs(s);
  });
  after(() => s?.close());

  test('world areas: 34 provincial-level divisions; one area with its children; scenario required', async () => {
    const { areas } = await profile.listWorldAreas(guest);
    assert.equal(areas.length, 34);
    assert.ok(areas.some((a) => a.name === '上海市' && a.children?.length));
    const zj = await profile.getWorldArea(guest, '330000');
    assert.equal(zj.name, '浙江省');
    assert.ok(zj.children?.some((c) => c.id === '330100' && c.children?.some((d) => d.id === '330106')));
    const city = await profile.getWorldArea(guest, '330100');
    assert.equal(city.parentId, '330000');
    await refuses(profile.getWorldArea(guest, '999999'), 404, '地区不存在');
    const raw = await s.get('/api/v1/basic-data/world-areas');
    assert.equal(raw.status, 400);
    assert.match(raw.body.messages[0], /scenario/);
  });

  test('addresses: create (first is default), list, update, delete; v2 list/add, v1 edit/delete', async () => {
    const a1 = await profile.createAddress(alice, {
      name: '张三',
      phone: '13912345678',
      areaIds: SHANGHAI,
      street: '徐汇区漕溪北路1号',
      postcode: '200030',
    });
    assert.match(a1.id, /^[0-9]+$/);
    assert.equal(a1.isDefault, true);
    const a2 = await profile.createAddress(alice, {
      name: '李四',
      phone: '+8613912345679',
      areaIds: HANGZHOU,
      street: '西湖区文三路2号',
      isDefault: true,
    });
    assert.equal(a2.phone, '13912345679');
    let { addresses } = await profile.listAddresses(alice);
    assert.deepEqual(
      addresses.map((a) => [a.id, a.isDefault]),
      [
        [a2.id, true],
        [a1.id, false],
      ],
    );
    const edited = await profile.updateAddress(alice, a1.id, { street: '徐汇区漕溪北路99号', isDefault: true });
    assert.equal(edited.street, '徐汇区漕溪北路99号');
    assert.equal(edited.isDefault, true);
    assert.deepEqual(edited.areaIds, SHANGHAI);
    await profile.deleteAddress(alice, a1.id);
    ({ addresses } = await profile.listAddresses(alice));
    assert.deepEqual(
      addresses.map((a) => [a.id, a.isDefault]),
      [[a2.id, true]],
      'the remaining address became the default',
    );
    assert.deepEqual((await profile.listAddresses(bob)).addresses, [], "bob does not see alice's addresses");
  });

  test('addresses: 401 without a session, 404 on another user (as on none), 400 on bad input', async () => {
    const a = await profile.createAddress(alice, {
      name: '王五',
      phone: '13700000000',
      areaIds: HANGZHOU,
      street: '文三路3号',
    });
    await refuses(profile.listAddresses(guest), 401, '请先登录');
    await refuses(
      profile.createAddress(guest, { name: 'x', phone: '13700000000', areaIds: HANGZHOU, street: 'y' }),
      401,
    );
    await refuses(profile.updateAddress(bob, a.id, { street: '改了' }), 404, '地址不存在');
    await refuses(profile.deleteAddress(bob, a.id), 404, '地址不存在');
    await refuses(profile.deleteAddress(alice, '999999'), 404, '地址不存在');
    const ok = { name: '王五', phone: '13700000000', areaIds: HANGZHOU, street: '文三路3号' };
    await refuses(profile.createAddress(alice, { ...ok, phone: '12345' }), 400, '手机号');
    await refuses(
      profile.createAddress(alice, { ...ok, areaIds: ['330000', '310100', '310104'] }),
      400,
      '所在地区无效',
    );
    await refuses(profile.createAddress(alice, { ...ok, areaIds: ['330000', '330100'] }), 400, '完整的所在地区');
    await refuses(profile.createAddress(alice, { ...ok, postcode: '12ab' }), 400, '邮政编码');
    await refuses(profile.createAddress(alice, { ...ok, street: '   ' }), 400, '详细地址');
    await refuses(profile.createAddress(alice, { ...ok, street: 'x'.repeat(201) }), 400, 'street');
    // Still there and unchanged after the refused edits.
    const mine = (await profile.listAddresses(alice)).addresses.find((x) => x.id === a.id);
    assert.equal(mine?.street, '文三路3号');
  });

  test('addresses: at most 20 per user', async () => {
    const { c } = await signInByPhone(s, '13800000003');
    for (let i = 0; i < 20; i++)
      await profile.createAddress(c, {
        name: `收件人${i}`,
        phone: '13700000000',
        areaIds: SHANGHAI,
        street: `路${i}号`,
      });
    await refuses(
      profile.createAddress(c, { name: '多一个', phone: '13700000000', areaIds: SHANGHAI, street: '路' }),
      400,
      '最多保存20个',
    );
  });

  test('payer identities: create (masked in answers), list, update, delete', async () => {
    const p = await profile.createPayerIdentity(alice, { name: '张三', idNumber: VALID_ID.toLowerCase(), flag: 1 });
    assert.equal(p.idNumber, '1101**********002X');
    assert.equal(p.flag, 1);
    assert.equal(p.isDefault, true);
    const second = `31011519900307123${checkDigit('31011519900307123')}`;
    const p2 = await profile.createPayerIdentity(alice, { name: '李四', idNumber: second });
    const { payerIdentities } = await profile.listPayerIdentities(alice);
    assert.deepEqual(payerIdentities.map((x) => x.id).sort(), [p.id, p2.id].sort());
    // The answer sent back as it is (masked number) keeps the stored number.
    const same = await profile.updatePayerIdentity(alice, p.id, { ...p, name: '张三丰' });
    assert.equal(same.name, '张三丰');
    assert.equal(same.idNumber, p.idNumber);
    const up = await profile.updatePayerIdentity(alice, p2.id, { flag: 2, isDefault: true });
    assert.equal(up.flag, 2);
    assert.equal(up.isDefault, true);
    await profile.deletePayerIdentity(alice, p2.id);
    const left = (await profile.listPayerIdentities(alice)).payerIdentities;
    assert.deepEqual(
      left.map((x) => [x.id, x.isDefault]),
      [[p.id, true]],
    );
  });

  test('payer identities: checksum, birth date, length; 401, 404 on another user record, duplicate', async () => {
    const bad = VALID_ID.slice(0, 17) + '1';
    await refuses(profile.createPayerIdentity(bob, { name: '赵六', idNumber: bad }), 400, '校验位');
    await refuses(profile.createPayerIdentity(bob, { name: '赵六', idNumber: '1101051949123100' }), 400, '18位');
    const feb30 = `11010519490230002`;
    await refuses(
      profile.createPayerIdentity(bob, { name: '赵六', idNumber: feb30 + checkDigit(feb30) }),
      400,
      '出生日期',
    );
    const future = `11010530000101002`;
    await refuses(
      profile.createPayerIdentity(bob, { name: '赵六', idNumber: future + checkDigit(future) }),
      400,
      '出生日期',
    );
    await refuses(
      profile.createPayerIdentity(bob, { name: '赵六', idNumber: VALID_ID, photoIds: ['nope'] }),
      400,
      '证件照片',
    );
    await refuses(profile.listPayerIdentities(guest), 401);
    await refuses(profile.createPayerIdentity(guest, { name: '赵六', idNumber: VALID_ID }), 401);
    const mine = await profile.createPayerIdentity(bob, { name: '赵六', idNumber: VALID_ID });
    await refuses(profile.createPayerIdentity(bob, { name: '赵六', idNumber: VALID_ID }), 400, '已添加');
    await refuses(profile.updatePayerIdentity(alice, mine.id, { name: '改名' }), 404, '实名信息不存在');
    await refuses(profile.deletePayerIdentity(alice, mine.id), 404, '实名信息不存在');
    await refuses(profile.updatePayerIdentity(bob, mine.id, { idNumber: bad }), 400, '校验位');
    assert.equal((await profile.listPayerIdentities(bob)).payerIdentities[0].name, '赵六');
  });
});
