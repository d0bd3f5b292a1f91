// Customs resell declarations (spec section 7, "Other"): the signed-in user's, one per order.
// The order id is not checked against orders here (the order routes are issue 14's); the
// lead's merge may add that check. Another user's declaration is a 404, like a missing one.
import type { DB } from '../db/open';
import { HttpError, badRequest, notFound } from '../errors';
import { requirePhone } from '../phone';
import {
  MAX_RESELL_PER_USER,
  RESELL_STATUSES,
  type CustomsResell,
  type CustomsResellInput,
  type CustomsResellUpdate,
} from '../../src/storefront/wire/customs-resell';

interface Row {
  id: number;
  user_id: number;
  order_id: string;
  status: string;
  fields: string;
  created_at: number;
  updated_at: number;
}

type Extra = Pick<CustomsResellInput, 'reason' | 'declaredValueCents' | 'contactPhone' | 'note'>;

const extraOf = (b: CustomsResellUpdate): Extra => {
  const e: Extra = {};
  if (b.reason !== undefined) e.reason = b.reason.trim();
  if (b.declaredValueCents !== undefined) e.declaredValueCents = b.declaredValueCents;
  if (b.contactPhone !== undefined) e.contactPhone = b.contactPhone.trim();
  if (b.note !== undefined) e.note = b.note.trim();
  if (e.contactPhone) requirePhone(e.contactPhone);
  return e;
};

export class CustomsResellRepository {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {}

  private toWire(r: Row): CustomsResell {
    return {
      id: String(r.id),
      orderId: r.order_id,
      status: r.status,
      ...(JSON.parse(r.fields) as Extra),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  }

  private own(userId: number, id: number): Row {
    const r = this.db.prepare('SELECT * FROM customs_resell WHERE id = ?').get(id) as Row | undefined;
    if (!r || r.user_id !== userId) throw notFound('申报记录不存在'); // same as missing: ids are sequential (issue 25, F13)
    return r;
  }

  list(userId: number): CustomsResell[] {
    return (
      this.db
        .prepare('SELECT * FROM customs_resell WHERE user_id = ? ORDER BY id DESC LIMIT ?')
        .all(userId, MAX_RESELL_PER_USER) as Row[]
    ).map((r) => this.toWire(r));
  }

  get(userId: number, id: number): CustomsResell {
    return this.toWire(this.own(userId, id));
  }

  create(userId: number, body: CustomsResellInput): CustomsResell {
    if (body.status !== undefined && body.status !== 'SUBMITTED') throw badRequest('新的申报只能是已提交状态');
    const extra = extraOf(body);
    const now = this.now();
    return this.db.transaction(() => {
      const { n } = this.db.prepare('SELECT count(*) AS n FROM customs_resell WHERE user_id = ?').get(userId) as {
        n: number;
      };
      if (n >= MAX_RESELL_PER_USER) throw badRequest(`申报记录最多${MAX_RESELL_PER_USER}条`);
      // A declaration is for one of the user's own orders (server/repositories/orders.ts).
      const order = /^[0-9]{1,15}$/.test(body.orderId)
        ? (this.db.prepare('SELECT user_id FROM orders WHERE id = ?').get(Number(body.orderId)) as
            { user_id: number } | undefined)
        : undefined;
      if (!order || order.user_id !== userId) throw notFound('订单不存在');
      if (this.db.prepare('SELECT 1 FROM customs_resell WHERE user_id = ? AND order_id = ?').get(userId, body.orderId))
        throw new HttpError(409, '该订单已有申报记录');
      const id = Number(
        this.db
          .prepare(
            `INSERT INTO customs_resell (user_id, order_id, status, fields, created_at, updated_at)
          VALUES (?, ?, 'SUBMITTED', ?, ?, ?)`,
          )
          .run(userId, body.orderId, JSON.stringify(extra), now, now).lastInsertRowid,
      );
      return this.get(userId, id);
    })();
  }

  update(userId: number, id: number, patch: CustomsResellUpdate): CustomsResell {
    if (patch.status !== undefined && !(RESELL_STATUSES as readonly string[]).includes(patch.status))
      throw badRequest('申报状态无效');
    const extra = extraOf(patch);
    return this.db.transaction(() => {
      const r = this.own(userId, id);
      if (r.status === 'CANCELLED') throw badRequest('申报已取消，不能修改');
      if (patch.orderId !== undefined && patch.orderId !== r.order_id) throw badRequest('不能修改申报的订单');
      if (patch.status === 'SUBMITTED' && r.status !== 'SUBMITTED') throw badRequest('申报状态无效');
      const fields = { ...(JSON.parse(r.fields) as Extra), ...extra };
      this.db
        .prepare('UPDATE customs_resell SET status = ?, fields = ?, updated_at = ? WHERE id = ?')
        .run(patch.status ?? r.status, JSON.stringify(fields), this.now(), id);
      return this.get(userId, id);
    })();
  }
}
