// WeChat and shihuo logins, emulated (issue 15; docs/server.md, "Emulated logins"). The
// reference server never calls WeChat or the partner: documented test codes stand for what
// they would answer, and every successful login ends in AuthRepository.signInPhone/signInUser,
// the session an SMS sign-in gets.
//
//   WeChat OAuth code   "wx-test-<name>" -> open id "oTEST-<name>" (name: 1-64 of A-Z a-z 0-9 _ -)
//   shihuo token        "shihuo-test-<test phone>" -> that demo test account
//
// An emulated code proves nothing (issue 25, F1): with `emulated` off (NODE_ENV=production) no
// test code or token is ever accepted; in the demo they sign in only the documented demo test
// accounts (DEMO_TEST_PHONE_RE), never an existing user found by phone. The shihuo hand-over
// (an HMAC of this server) is real proof: accepted in both modes, once, while the session that
// asked for it lives.
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
/** Live shihuo hand-overs of everyone together; past it asking for one answers 503. */
const MAX_HANDOVERS = 10_000;
/**
 * The demo's documented test accounts (docs/server.md, "Emulated logins"): 199 0000 0000 to
 * 199 0000 0999. Public by design: anyone may sign in as them, so they hold demo data only.
 */
export const DEMO_TEST_PHONE_RE = /^19900000[0-9]{3}$/;
const TEST_ACCOUNTS_ONLY = '演示环境的模拟登录只能登录测试账号（19900000000-19900000999）';
export const TEST_WECHAT_APP_ID = 'wx0000000000test';
/** The JS-SDK ticket the emulation signs with (WeChat's algorithm, a fixed test ticket). */
const TEST_JSAPI_TICKET = 'reference-server-test-jsapi-ticket';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class LoginRepository {
  /** Signs shihuo hand-overs; per process (a hand-over lives five minutes). */
  private readonly signKey = randomBytes(32);
  /** Live hand-overs: nonce -> the session (key hash) that asked for it and its expiry. */
  private readonly handovers = new Map<string, { keyHash: string; expiresAt: number }>();

  constructor(
    private readonly db: DB,
    private readonly auth: AuthRepository,
    private readonly now: () => number,
    /** Accept the test codes and tokens (the demo); false in production. */
    readonly emulated = true,
  ) {}

  /** The open id a test OAuth code stands for; 400 for any other code, and for every code in production. */
  openIdOf(code: string): string {
    const m = this.emulated ? WECHAT_CODE_RE.exec(code.trim()) : null;
    if (!m) throw badRequest('微信授权码无效或已过期，请重新授权');
    return `oTEST-${m[1]}`;
  }

  /** An emulated login may end only in a demo test account. */
  private requireTestPhone(phone: string | null | undefined): void {
    if (!phone || !DEMO_TEST_PHONE_RE.test(phone)) throw badRequest(TEST_ACCOUNTS_ONLY);
  }

  /** Signed in when the open id has a user, else a bind token for binding a phone. */
  wechatLogin(code: string): WechatLoginResult {
    const openId = this.openIdOf(code);
    const bound = this.db.prepare('SELECT user_id FROM wechat_accounts WHERE open_id = ?').get(openId) as
      { user_id: number } | undefined;
    if (bound) {
      // Bound before the test-account rule (or by hand): an emulated code still proves nothing.
      const user = this.db.prepare('SELECT phone FROM users WHERE id = ?').get(bound.user_id) as
        { phone: string | null } | undefined;
      this.requireTestPhone(user?.phone);
      return this.auth.signInUser(bound.user_id, 'PHONE_WECHAT');
    }
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
    // Every open id here is emulated: binding one to a real phone would let its test code sign that user in.
    this.requireTestPhone(phone);
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

  /** The demo test account a shihuo test token stands for, or null (always null in production). */
  shihuoPhone(token: string): string | null {
    const phone = this.emulated ? (SHIHUO_TOKEN_RE.exec(token.trim())?.[1] ?? null) : null;
    return phone && DEMO_TEST_PHONE_RE.test(phone) ? phone : null;
  }

  shihuoLogin(token: string): SignInResult {
    const phone = this.shihuoPhone(token);
    if (!phone) throw badRequest('识货登录凭证无效，请重新登录');
    return this.auth.signInPhone(phone);
  }

  private signOf(userId: string, ts: number, nonce: string): string {
    return createHmac('sha256', this.signKey).update(`${userId}.${ts}.${nonce}`).digest('hex');
  }

  /**
   * A signed hand-over of the signed-in user (whose session key is `sessionKey`), redeemable
   * once, for five minutes, while that session lives (sign-out ends it).
   */
  shihuoSign(userId: number, sessionKey: string): ShihuoSign {
    const ts = this.now();
    for (const [n, h] of this.handovers) if (h.expiresAt <= ts) this.handovers.delete(n);
    if (this.handovers.size >= MAX_HANDOVERS)
      throw new HttpError(503, '登录的人太多了，请稍后再试', 'UNAVAILABLE', { 'Retry-After': '60' });
    const nonce = randomBytes(16).toString('hex');
    this.handovers.set(nonce, { keyHash: sha256(sessionKey), expiresAt: ts + SIGN_TTL_MS });
    return { userId: String(userId), ts, nonce, sign: this.signOf(String(userId), ts, nonce) };
  }

  redeemShihuoSign(s: ShihuoSign): SignInResult {
    const invalid = () => badRequest('识货登录签名无效或已过期');
    const want = Buffer.from(this.signOf(s.userId, s.ts, s.nonce));
    const given = Buffer.from(s.sign);
    const age = this.now() - s.ts;
    if (given.length !== want.length || !timingSafeEqual(given, want) || age < -60_000 || age > SIGN_TTL_MS)
      throw invalid();
    const handover = this.handovers.get(s.nonce);
    if (!handover || handover.expiresAt <= this.now()) throw invalid();
    this.handovers.delete(s.nonce); // single use, even when the session below is gone
    const live = this.db
      .prepare('SELECT 1 FROM sessions WHERE key_hash = ? AND user_id = ?')
      .get(handover.keyHash, Number(s.userId));
    if (!live) throw invalid();
    return this.auth.signInUser(Number(s.userId));
  }
}
