// Popups: unread ones per channel for a signed-in user, all of the channel for guests (guests
// have no read state: a guest id is not authenticated, so nothing is stored for it).
import type { DB } from '../db/open';
import { badRequest } from '../errors';
import { POPUPS } from '../seed/popups';
import type { Popup } from '../../src/storefront/wire/popups';

interface PopupRow {
  id: number;
  title: string | null;
  image: string | null;
  link: string | null;
}

export class PopupRepository {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {
    const insert = db.prepare(
      'INSERT OR IGNORE INTO popups (id, channel, title, image, link, position) VALUES (?, ?, ?, ?, ?, ?)',
    );
    db.transaction(() => POPUPS.forEach((p, i) => insert.run(p.id, p.channel, p.title, p.image, p.link, i)))();
  }

  unread(channel: string | undefined, userId: number | null): Popup[] {
    const rows = this.db
      .prepare(
        `SELECT id, title, image, link FROM popups p WHERE (channel IS NULL OR channel = ?)
        AND NOT EXISTS (SELECT 1 FROM popup_reads r WHERE r.popup_id = p.id AND r.user_id = ?)
        ORDER BY position LIMIT 50`,
      )
      .all(channel ?? null, userId ?? -1) as PopupRow[];
    return rows.map((r) => ({ id: String(r.id), title: r.title, image: r.image, link: r.link }));
  }

  /** Marks popups read; ids that are not popups are refused (nothing is written then). */
  markRead(userId: number, ids: string[]): void {
    const now = this.now();
    this.db.transaction(() => {
      for (const id of new Set(ids)) {
        if (!this.db.prepare('SELECT 1 FROM popups WHERE id = ?').get(Number(id))) throw badRequest('弹窗不存在');
        this.db
          .prepare('INSERT OR IGNORE INTO popup_reads (user_id, popup_id, read_at) VALUES (?, ?, ?)')
          .run(userId, Number(id), now);
      }
    })();
  }
}
