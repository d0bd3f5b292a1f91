// WeChat and shihuo logins, emulated (issue 15; docs/server.md, "Emulated logins"). The
// reference server never calls WeChat or the partner: documented test codes stand for what
// they would answer, and every successful login ends in AuthRepository.signInPhone/signInUser,
// the session an SMS sign-in gets.
//
//   WeChat OAuth code   "wx-test-<name>" -> open id "oTEST-<name>" (name: 1-64 of A-Z a-z 0-9 _ -)
//   shihuo token        "shihuo-test-<11-digit phone>" -> that phone's user
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../db/open';
import { HttpError, badRequest } from '../errors';
import type { AuthRepository } from './auth';
import type { SignInResult } from '../../src/storefront/wire/signin';
import type { ShihuoSign, WechatJsTicket, WechatLoginResult } from '../../src/storefront/wire/login';

const WECHAT_CODE_RE = /^wx-test-([A-Za-z0-9_-]{1,64})$/;
const SHIHUO_TOKEN_RE = /^shihuo-test-(1[3-9][0-9]{9})$/;
const BIND_TOKEN_TTL_MS = 10 * 60_000;
/** Live bind tokens of everyone together; past it a WeChat login without a phone answers 503. */
const MAX_BIND_TOKENS = 10_000;
const SIGN_TTL_MS = 5 * 60_000;
export const TEST_WECHAT_APP_ID = 'wx0000000000test';
/** The JS-SDK ticket the emulation signs with (WeChat's algorithm, a fixed test ticket). */
const TEST_JSAPI_TICKET = 'reference-server-test-jsapi-ticket';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class LoginRepository {
  /** Signs shihuo hand-overs; per process (a hand-over lives five minutes). */
  private readonly signKey = randomBytes(32);

  constructor(
    private readonly db: DB,
    private readonly auth: AuthRepository,
    private readonly now: () => number,
  ) {}

  /** The open id a test OAuth code stands for; 400 for any other code. */
  openIdOf(code: string): string {
    const m = WECHAT_CODE_RE.exec(code.trim());
    if (!m) throw badRequest('微信授权码无效或已过期，请重新授权');
    return `oTEST-${m[1]}`;
  }

  /** Signed in when the open id has a user, else a bind token for binding a phone. */
  wechatLogin(code: string): WechatLoginResult {
    const openId = this.openIdOf(code);
    const bound = this.db.prepare('SELECT user_id FROM wechat_accounts WHERE open_id = ?').get(openId) as
      { user_id: number } | undefined;
    if (bound) return this.auth.signInUser(bound.user_id, 'PHONE_WECHAT');
    const now = this.now();
    const token = randomBytes(24).toString('base64url');
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM wechat_bind_tokens WHERE expires_at <= ? OR open_id = ?').run(now, openId);
      const { n } = this.db.prepare('SELECT count(*) AS n FROM wechat_bind_tokens').get() as { n: number };
      if (n >= MAX_BIND_TOKENS)
        throw new HttpError(503, '登录的人太多了，请稍后再试', 'UNAVAILABLE', { 'Retry-After': '60' });
      this.db
        .prepare('INSERT INTO wechat_bind_tokens (token_hash, open_id, expires_at) VALUES (?, ?, ?)')
        .run(sha256(token), openId, now + BIND_TOKEN_TTL_MS);
    })();
    return { bindToken: token, accountType: 'WECHAT_ONLY' };
  }

  /** The open id of a live bind token; 400 otherwise. */
  openIdOfBindToken(token: string): string {
    const row = this.db
      .prepare('SELECT open_id, expires_at FROM wechat_bind_tokens WHERE token_hash = ?')
      .get(sha256(token)) as { open_id: string; expires_at: number } | undefined;
    if (!row || row.expires_at <= this.now()) throw badRequest('微信登录已过期，请重新授权');
    return row.open_id;
  }

  /** Checks that the phone may be bound to the token's open id, before its code is spent. */
  checkBind(token: string, phone: string): string {
    const openId = this.openIdOfBindToken(token);
    const other = this.db
      .prepare('SELECT 1 FROM wechat_accounts w JOIN users u ON u.id = w.user_id WHERE u.phone = ? AND w.open_id != ?')
      .get(phone, openId);
    if (other) throw badRequest('该手机号已绑定其他微信账号');
    return openId;
  }

  /** After the phone's code was verified (and its session made): binds and spends the token. */
  bind(token: string, openId: string, result: SignInResult): SignInResult {
    this.db.transaction(() => {
      this.db
        .prepare('INSERT OR IGNORE INTO wechat_accounts (open_id, user_id, created_at) VALUES (?, ?, ?)')
        .run(openId, Number(result.userId), this.now());
      this.db.prepare('DELETE FROM wechat_bind_tokens WHERE token_hash = ?').run(sha256(token));
    })();
    return { ...result, accountType: 'PHONE_WECHAT' };
  }

  /** JS-SDK config for a page URL: WeChat's signature algorithm over a fixed test ticket. */
  jsTicket(rawUrl: string): WechatJsTicket {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw badRequest('页面地址无效');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('页面地址无效');
    url.hash = '';
    const timestamp = Math.floor(this.now() / 1000);
    const nonceStr = randomBytes(8).toString('hex');
    const signature = createHash('sha1')
      .update(`jsapi_ticket=${TEST_JSAPI_TICKET}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.href}`)
      .digest('hex');
    return { appId: TEST_WECHAT_APP_ID, timestamp, nonceStr, signature };
  }

  /** The phone a shihuo test token stands for, or null. */
  shihuoPhone(token: string): string | null {
    return SHIHUO_TOKEN_RE.exec(token.trim())?.[1] ?? null;
  }

  shihuoLogin(token: string): SignInResult {
    const phone = this.shihuoPhone(token);
    if (!phone) throw badRequest('识货登录凭证无效，请重新登录');
    return this.auth.signInPhone(phone);
  }

  private signOf(userId: string, ts: number, nonce: string): string {
    return createHmac('sha256', this.signKey).update(`${userId}.${ts}.${nonce}`).digest('hex');
  }

  /** A signed hand-over of the signed-in user, redeemable for five minutes. */
  shihuoSign(userId: number): ShihuoSign {
    const ts = this.now();
    const nonce = randomBytes(8).toString('hex');
    return { userId: String(userId), ts, nonce, sign: this.signOf(String(userId), ts, nonce) };
  }

  redeemShihuoSign(s: ShihuoSign): SignInResult {
    const want = Buffer.from(this.signOf(s.userId, s.ts, s.nonce));
    const given = Buffer.from(s.sign);
    const age = this.now() - s.ts;
    if (given.length !== want.length || !timingSafeEqual(given, want) || age < -60_000 || age > SIGN_TTL_MS)
      throw badRequest('识货登录签名无效或已过期');
    if (!this.db.prepare('SELECT 1 FROM users WHERE id = ?').get(Number(s.userId)))
      throw badRequest('识货登录签名无效或已过期');
    return this.auth.signInUser(Number(s.userId));
  }
}
