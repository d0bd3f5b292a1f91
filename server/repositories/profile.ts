// The signed-in user's address book and payer identities (issue 15). Every call takes the user
// id from the session; a record of another user is a 404 like a missing one (ids are sequential:
// a 403 would let anyone count others' records; issue 25, F13). Writes run in
// one transaction each (better-sqlite3, WAL): once answered, they survive a kill -9.
// The tables are shared with the checkout routes (server/db/schema.sql): columns as they are.
import type { DB } from '../db/open';
import { badRequest, notFound } from '../errors';
import { requirePhone } from '../phone';
import {
  MAX_ADDRESSES,
  MAX_PAYER_IDENTITIES,
  type Address,
  type AddressInput,
  type AddressUpdate,
  type PayerIdentity,
  type PayerIdentityInput,
  type PayerIdentityUpdate,
} from '../../src/storefront/wire/profile';
import { checkIdNumber, maskIdNumber, normalizeIdNumber } from './id-number';
import type { WorldAreas } from './world-areas';

interface AddressRow {
  id: number;
  user_id: number;
  name: string;
  phone: string;
  area_ids: string;
  street: string;
  postcode: string | null;
  is_default: number;
}

interface PayerRow {
  id: number;
  user_id: number;
  name: string;
  id_number: string;
  photo_ids: string;
  is_default: number;
  flag: string | null;
}

const POSTCODE_RE = /^[0-9]{6}$/;

/** Trimmed, non-empty, without control characters. */
function cleanText(v: string, what: string): string {
  const t = v.trim();
  // eslint-disable-next-line no-control-regex
  if (!t || /[\u0000-\u001f\u007f]/.test(t)) throw badRequest(`请填写有效的${what}`);
  return t;
}

export class ProfileRepository {
  constructor(
    private readonly db: DB,
    private readonly areas: WorldAreas,
    private readonly now: () => number,
  ) {}

  // Addresses.

  private toAddress(r: AddressRow): Address {
    return {
      id: String(r.id),
      name: r.name,
      phone: r.phone,
      areaIds: JSON.parse(r.area_ids) as string[],
      street: r.street,
      ...(r.postcode ? { postcode: r.postcode } : {}),
      isDefault: r.is_default === 1,
    };
  }

  /** The address if it is the user's: 404 when missing or another user's. */
  private ownAddress(userId: number, id: number): AddressRow {
    const r = this.db.prepare('SELECT * FROM addresses WHERE id = ?').get(id) as AddressRow | undefined;
    if (!r || r.user_id !== userId) throw notFound('地址不存在');
    return r;
  }

  /** Validated, normalised fields of a new or merged address. */
  private checkAddress(a: AddressInput): AddressInput {
    const phone = requirePhone(a.phone);
    const problem = this.areas.checkChain(a.areaIds);
    if (problem) throw badRequest(problem);
    const postcode = a.postcode?.trim() || undefined;
    if (postcode && !POSTCODE_RE.test(postcode)) throw badRequest('邮政编码应为6位数字');
    return {
      name: cleanText(a.name, '收货人姓名'),
      phone,
      areaIds: a.areaIds,
      street: cleanText(a.street, '详细地址'),
      postcode,
      isDefault: a.isDefault,
    };
  }

  listAddresses(userId: number): Address[] {
    return (
      this.db
        .prepare('SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id DESC LIMIT ?')
        .all(userId, MAX_ADDRESSES) as AddressRow[]
    ).map((r) => this.toAddress(r));
  }

  createAddress(userId: number, input: AddressInput): Address {
    const a = this.checkAddress(input);
    return this.db.transaction(() => {
      const { n } = this.db.prepare('SELECT count(*) AS n FROM addresses WHERE user_id = ?').get(userId) as {
        n: number;
      };
      if (n >= MAX_ADDRESSES) throw badRequest(`最多保存${MAX_ADDRESSES}个收货地址`);
      // The first address is the default one.
      const isDefault = a.isDefault === true || n === 0;
      if (isDefault) this.db.prepare('UPDATE addresses SET is_default = 0 WHERE user_id = ?').run(userId);
      const id = Number(
        this.db
          .prepare(
            `INSERT INTO addresses (user_id, name, phone, area_ids, street, postcode, is_default, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            userId,
            a.name,
            a.phone,
            JSON.stringify(a.areaIds),
            a.street,
            a.postcode ?? null,
            isDefault ? 1 : 0,
            this.now(),
          ).lastInsertRowid,
      );
      return this.toAddress(this.db.prepare('SELECT * FROM addresses WHERE id = ?').get(id) as AddressRow);
    })();
  }

  updateAddress(userId: number, id: number, patch: AddressUpdate): Address {
    return this.db.transaction(() => {
      const cur = this.toAddress(this.ownAddress(userId, id));
      const a = this.checkAddress({ ...cur, ...patch, isDefault: patch.isDefault });
      if (a.isDefault === true) this.db.prepare('UPDATE addresses SET is_default = 0 WHERE user_id = ?').run(userId);
      this.db
        .prepare(
          `UPDATE addresses SET name = ?, phone = ?, area_ids = ?, street = ?, postcode = ?,
          is_default = CASE WHEN ? THEN 1 ELSE is_default END WHERE id = ?`,
        )
        .run(a.name, a.phone, JSON.stringify(a.areaIds), a.street, a.postcode ?? null, a.isDefault ? 1 : 0, id);
      return this.toAddress(this.db.prepare('SELECT * FROM addresses WHERE id = ?').get(id) as AddressRow);
    })();
  }

  deleteAddress(userId: number, id: number): void {
    this.db.transaction(() => {
      const r = this.ownAddress(userId, id);
      this.db.prepare('DELETE FROM addresses WHERE id = ?').run(id);
      // The newest remaining address takes over as the default.
      if (r.is_default)
        this.db
          .prepare(
            'UPDATE addresses SET is_default = 1 WHERE id = (SELECT id FROM addresses WHERE user_id = ? ORDER BY id DESC LIMIT 1)',
          )
          .run(userId);
    })();
  }

  // Payer identities.

  private toPayer(r: PayerRow): PayerIdentity {
    const flag = r.flag === '1' ? 1 : r.flag === '2' ? 2 : undefined;
    return {
      id: String(r.id),
      name: r.name,
      idNumber: maskIdNumber(r.id_number),
      photoIds: JSON.parse(r.photo_ids) as string[],
      isDefault: r.is_default === 1,
      ...(flag ? { flag } : {}),
    };
  }

  private ownPayer(userId: number, id: number): PayerRow {
    const r = this.db.prepare('SELECT * FROM payer_identities WHERE id = ?').get(id) as PayerRow | undefined;
    if (!r || r.user_id !== userId) throw notFound('实名信息不存在'); // same as missing: ids are sequential (issue 25, F13)
    return r;
  }

  /** Photo ids must be the user's own uploads. */
  private checkPhotoIds(userId: number, ids: string[]): void {
    for (const id of ids) {
      const row = this.db.prepare('SELECT user_id FROM photo_ids WHERE id = ?').get(id) as
        { user_id: number } | undefined;
      if (!row || row.user_id !== userId) throw badRequest('证件照片不存在，请重新上传');
    }
  }

  private checkIdNumberOf(raw: string): string {
    const idNumber = normalizeIdNumber(raw);
    const problem = checkIdNumber(idNumber, this.now());
    if (problem) throw badRequest(problem);
    return idNumber;
  }

  listPayers(userId: number): PayerIdentity[] {
    return (
      this.db
        .prepare('SELECT * FROM payer_identities WHERE user_id = ? ORDER BY is_default DESC, id DESC LIMIT ?')
        .all(userId, MAX_PAYER_IDENTITIES) as PayerRow[]
    ).map((r) => this.toPayer(r));
  }

  createPayer(userId: number, input: PayerIdentityInput): PayerIdentity {
    const name = cleanText(input.name, '姓名');
    const idNumber = this.checkIdNumberOf(input.idNumber);
    return this.db.transaction(() => {
      this.checkPhotoIds(userId, input.photoIds ?? []);
      const { n } = this.db.prepare('SELECT count(*) AS n FROM payer_identities WHERE user_id = ?').get(userId) as {
        n: number;
      };
      if (n >= MAX_PAYER_IDENTITIES) throw badRequest(`最多保存${MAX_PAYER_IDENTITIES}个实名信息`);
      if (this.db.prepare('SELECT 1 FROM payer_identities WHERE user_id = ? AND id_number = ?').get(userId, idNumber))
        throw badRequest('该身份证号已添加');
      const isDefault = input.isDefault === true || n === 0;
      if (isDefault) this.db.prepare('UPDATE payer_identities SET is_default = 0 WHERE user_id = ?').run(userId);
      const id = Number(
        this.db
          .prepare(
            `INSERT INTO payer_identities (user_id, name, id_number, photo_ids, is_default, flag, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            userId,
            name,
            idNumber,
            JSON.stringify(input.photoIds ?? []),
            isDefault ? 1 : 0,
            input.flag === undefined ? null : String(input.flag),
            this.now(),
          ).lastInsertRowid,
      );
      return this.toPayer(this.ownPayer(userId, id));
    })();
  }

  updatePayer(userId: number, id: number, patch: PayerIdentityUpdate): PayerIdentity {
    const name = patch.name === undefined ? undefined : cleanText(patch.name, '姓名');
    return this.db.transaction(() => {
      const cur = this.ownPayer(userId, id);
      // The masked number of an answer sent back unchanged keeps the stored one.
      const idNumber =
        patch.idNumber === undefined || patch.idNumber === maskIdNumber(cur.id_number)
          ? undefined
          : this.checkIdNumberOf(patch.idNumber);
      if (patch.photoIds) this.checkPhotoIds(userId, patch.photoIds);
      if (
        idNumber &&
        this.db
          .prepare('SELECT 1 FROM payer_identities WHERE user_id = ? AND id_number = ? AND id != ?')
          .get(userId, idNumber, id)
      )
        throw badRequest('该身份证号已添加');
      if (patch.isDefault === true)
        this.db.prepare('UPDATE payer_identities SET is_default = 0 WHERE user_id = ?').run(userId);
      this.db
        .prepare(
          `UPDATE payer_identities SET name = ?, id_number = ?, photo_ids = ?, flag = ?,
          is_default = CASE WHEN ? THEN 1 ELSE is_default END WHERE id = ?`,
        )
        .run(
          name ?? cur.name,
          idNumber ?? cur.id_number,
          patch.photoIds ? JSON.stringify(patch.photoIds) : cur.photo_ids,
          patch.flag === undefined ? cur.flag : String(patch.flag),
          patch.isDefault === true ? 1 : 0,
          id,
        );
      return this.toPayer(this.ownPayer(userId, id));
    })();
  }

  deletePayer(userId: number, id: number): void {
    this.db.transaction(() => {
      const r = this.ownPayer(userId, id);
      this.db.prepare('DELETE FROM payer_identities WHERE id = ?').run(id);
      if (r.is_default)
        this.db
          .prepare(
            'UPDATE payer_identities SET is_default = 1 WHERE id = (SELECT id FROM payer_identities WHERE user_id = ? ORDER BY id DESC LIMIT 1)',
          )
          .run(userId);
    })();
  }
}
