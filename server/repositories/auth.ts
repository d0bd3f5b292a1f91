// SMS sign-in and sessions. Codes and session keys are stored as sha256 hashes; the dev code is
// logged (and handed to opts.devCodeLog) instead of being sent.
//
// Sessions (issue 12 item 4) expire when unused for `ttlMs` (sliding: every use renews it,
// written at most once per RENEW_EVERY_MS so reads stay read-only) and in any case `maxAgeMs`
// after sign-in; sign-out deletes the key. An expired or deleted key is a guest on reads and
// a 401 on signed-in calls.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { DB } from '../db/open';
import { HttpError, badRequest } from '../errors';
import type { AccountType, SignInResult, SmsSent } from '../../src/storefront/wire/signin';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_SENDS_PER_HOUR = 5;
const MAX_ATTEMPTS = 5;
/** A session not used for 30 days expires (sliding). */
export const DEFAULT_SESSION_TTL_MS = 30 * 86_400_000;
/** Whatever its use, a session ends 180 days after sign-in. */
const DEFAULT_SESSION_MAX_AGE_MS = 180 * 86_400_000;
/** A session's last use is written at most this often (and never less than a tenth of its lifetime). */
const RENEW_EVERY_MS = 3_600_000;

export interface SessionLifetime {
  /** Idle lifetime (sliding). Default DEFAULT_SESSION_TTL_MS. */
  ttlMs?: number;
  /** Absolute lifetime from sign-in. Default DEFAULT_SESSION_MAX_AGE_MS. */
  maxAgeMs?: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class AuthRepository {
  private readonly ttlMs: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly db: DB,
    private readonly now: () => number,
    lifetime: SessionLifetime = {},
  ) {
    this.ttlMs = lifetime.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.maxAgeMs = lifetime.maxAgeMs ?? DEFAULT_SESSION_MAX_AGE_MS;
  }

  /** Issues a new code, or throws 429 when the phone asked too recently / too often. */
  issueCode(phone: string): { code: string; sent: SmsSent } {
    const now = this.now();
    const row = this.db.prepare('SELECT * FROM sms_codes WHERE phone = ?').get(phone) as
      { sent_at: number; window_start: number; window_count: number } | undefined;
    if (row && now - row.sent_at < RESEND_AFTER_MS) {
      const wait = Math.ceil((RESEND_AFTER_MS - (now - row.sent_at)) / 1000);
      throw new HttpError(429, `验证码发送过于频繁，请${wait}秒后再试`, 'TOO_MANY_REQUESTS', {
        'Retry-After': String(wait),
      });
    }
    const inWindow = row && now - row.window_start < 3_600_000;
    if (inWindow && row.window_count >= MAX_SENDS_PER_HOUR) {
      const wait = Math.ceil((3_600_000 - (now - row.window_start)) / 1000);
      throw new HttpError(429, '验证码发送次数过多，请一小时后再试', 'TOO_MANY_REQUESTS', {
        'Retry-After': String(wait),
      });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.db
      .prepare(
        `INSERT INTO sms_codes (phone, code_hash, sent_at, expires_at, attempts, window_start, window_count)
      VALUES (?, ?, ?, ?, 0, ?, ?) ON CONFLICT(phone) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at,
      expires_at = excluded.expires_at, attempts = 0, window_start = excluded.window_start, window_count = excluded.window_count`,
      )
      .run(
        phone,
        sha256(`${phone}:${code}`),
        now,
        now + CODE_TTL_MS,
        inWindow ? row.window_start : now,
        inWindow ? row.window_count + 1 : 1,
      );
    return {
      code,
      sent: { sent: true, retryAfterSeconds: RESEND_AFTER_MS / 1000, expiresInSeconds: CODE_TTL_MS / 1000 },
    };
  }

  /** Checks the code; on success creates the user if new and a session key. */
  verify(phone: string, code: string): SignInResult {
    const now = this.now();
    const row = this.db.prepare('SELECT code_hash, expires_at, attempts FROM sms_codes WHERE phone = ?').get(phone) as
      { code_hash: string; expires_at: number; attempts: number } | undefined;
    if (!row || row.expires_at <= now || row.attempts >= MAX_ATTEMPTS) throw badRequest('验证码已失效，请重新获取');
    const given = Buffer.from(sha256(`${phone}:${code}`));
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(given, Buffer.from(row.code_hash))) {
      this.db.prepare('UPDATE sms_codes SET attempts = attempts + 1 WHERE phone = ?').run(phone);
      const left = MAX_ATTEMPTS - row.attempts - 1;
      throw badRequest(left > 0 ? `验证码错误，还可以尝试${left}次` : '验证码错误次数过多，请重新获取');
    }
    return this.db.transaction((): SignInResult => {
      // One code, one sign-in: the code is gone once used (the resend timer stays).
      this.db.prepare('UPDATE sms_codes SET expires_at = 0 WHERE phone = ?').run(phone);
      return this.signInPhone(phone);
    })();
  }

  /**
   * The end of every sign-in (SMS, WeChat bind, shihuo): the phone's user, created if new, and a
   * new session key. The caller has checked the phone's proof (code, token).
   */
  signInPhone(phone: string, accountType: AccountType = 'PHONE_ONLY'): SignInResult {
    return this.db.transaction((): SignInResult => {
      const now = this.now();
      let user = this.db.prepare('SELECT id FROM users WHERE phone = ?').get(phone) as { id: number } | undefined;
      const newUser = !user;
      if (!user) {
        const id = Number(
          this.db
            .prepare(
              `INSERT INTO users (id, label, avatar, medals, phone, created_at)
          VALUES ((SELECT max(900000000, coalesce(max(id), 0) + 1) FROM users), ?, NULL, '[]', ?, ?)`,
            )
            .run(`用户${phone.slice(-4)}`, phone, now).lastInsertRowid,
        );
        user = { id };
      }
      return { ...this.signInUser(user.id, accountType), newUser };
    })();
  }

  /** A new session for an existing user (the caller has checked who it is). */
  signInUser(userId: number, accountType: AccountType = 'PHONE_ONLY'): SignInResult {
    const now = this.now();
    const key = randomBytes(24).toString('base64url');
    return this.db.transaction((): SignInResult => {
      // Expired sessions of anyone are dropped here, so the table only holds live ones.
      this.db
        .prepare('DELETE FROM sessions WHERE last_used_at <= ? OR created_at <= ?')
        .run(now - this.ttlMs, now - this.maxAgeMs);
      this.db
        .prepare('INSERT INTO sessions (key_hash, user_id, created_at, last_used_at) VALUES (?, ?, ?, ?)')
        .run(sha256(key), userId, now, now);
      return { userId: String(userId), userKey: key, accountType, newUser: false };
    })();
  }

  /** The signed-in user of a request's session headers, or null (guest, build, bad, expired or signed-out key). */
  userOf(userHeader: string | undefined, keyHeader: string | undefined): number | null {
    if (!userHeader || !keyHeader || !/^\d{1,12}$/.test(userHeader) || keyHeader.length > 200) return null;
    const hash = sha256(keyHeader);
    const row = this.db
      .prepare('SELECT user_id, created_at, last_used_at FROM sessions WHERE key_hash = ? AND user_id = ?')
      .get(hash, Number(userHeader)) as { user_id: number; created_at: number; last_used_at: number } | undefined;
    if (!row) return null;
    const now = this.now();
    if (now - row.last_used_at >= this.ttlMs || now - row.created_at >= this.maxAgeMs) {
      this.db.prepare('DELETE FROM sessions WHERE key_hash = ?').run(hash);
      return null;
    }
    if (now - row.last_used_at >= Math.min(RENEW_EVERY_MS, this.ttlMs / 10)) {
      this.db.prepare('UPDATE sessions SET last_used_at = ? WHERE key_hash = ?').run(now, hash);
    }
    return row.user_id;
  }

  /** Sign-out: deletes the session of this key. Unknown, expired or missing keys are a no-op. */
  revoke(keyHeader: string | undefined): void {
    if (!keyHeader || keyHeader.length > 200) return;
    this.db.prepare('DELETE FROM sessions WHERE key_hash = ?').run(sha256(keyHeader));
  }
}
