// Send budgets of the SMS sign-in beyond the per-phone limits of repositories/auth.ts (issue 12,
// item 3, "SMS pumping": one client got codes for 40 numbers in 61 ms). A client (req.ip; the
// proxy's address unless trustProxy is set) may have only so many codes sent per window, and
// the whole server only so many per window, whoever asks. Only codes actually issued count:
// a request refused for a bad number or by the per-phone limit costs nothing, so nobody can
// spend the global budget with garbage. Sliding windows (a log of send times per budget).
import { HttpError } from './errors';

export interface Budget {
  max: number;
  windowMs: number;
}
export interface SmsBudgetOptions {
  /** Per client address. */
  perClient: Budget[];
  /** For the whole server. */
  global: Budget[];
  /** Most client addresses remembered (every input bounded); the oldest are forgotten first. */
  maxClients: number;
}

export const DEFAULT_SMS_BUDGET: SmsBudgetOptions = {
  perClient: [
    { max: 5, windowMs: 10 * 60_000 },
    { max: 10, windowMs: 24 * 3_600_000 },
  ],
  global: [
    { max: 30, windowMs: 60_000 },
    { max: 300, windowMs: 3_600_000 },
  ],
  maxClients: 10_000,
};

/** The 429 texts: the global budget's and a client's own. */
export interface BudgetTexts {
  global: string;
  client: string;
}
const SMS_TEXTS: BudgetTexts = { global: '短信发送繁忙，请稍后再试', client: '获取验证码过于频繁，请稍后再试' };

const longest = (budgets: Budget[]) => Math.max(0, ...budgets.map((b) => b.windowMs));
const most = (budgets: Budget[]) => Math.max(0, ...budgets.map((b) => b.max));

/** Seconds until a budget has room again, or 0 when it has room now. */
function waitFor(log: number[], budgets: Budget[], now: number): number {
  let wait = 0;
  for (const b of budgets) {
    const inWindow = log.filter((t) => now - t < b.windowMs);
    if (inWindow.length >= b.max)
      wait = Math.max(wait, Math.ceil((inWindow[inWindow.length - b.max] + b.windowMs - now) / 1000));
  }
  return wait;
}

export class SmsSendBudget {
  private readonly opts: SmsBudgetOptions;
  private readonly clients = new Map<string, number[]>();
  private readonly all: number[] = [];

  constructor(
    opts: Partial<SmsBudgetOptions> = {},
    private readonly now: () => number = Date.now,
    /** The same budgets guard the emulated logins (server/routes/login.ts) with their own texts. */
    private readonly texts: BudgetTexts = SMS_TEXTS,
  ) {
    this.opts = { ...DEFAULT_SMS_BUDGET, ...opts };
  }

  /** Throws 429 (the contract's error shape, Retry-After) when `client` or the server is out of budget. */
  check(client: string): void {
    const now = this.now();
    const global = waitFor(this.all, this.opts.global, now);
    if (global > 0) throw new HttpError(429, this.texts.global, 'TOO_MANY_REQUESTS', { 'Retry-After': String(global) });
    const own = waitFor(this.clients.get(client) ?? [], this.opts.perClient, now);
    if (own > 0) throw new HttpError(429, this.texts.client, 'TOO_MANY_REQUESTS', { 'Retry-After': String(own) });
  }

  /** Counts one code sent to `client`. */
  charge(client: string): void {
    const now = this.now();
    record(this.all, now, longest(this.opts.global), most(this.opts.global));
    const log = this.clients.get(client) ?? [];
    this.clients.delete(client); // re-inserted last: Map order is then least recently used first
    record(log, now, longest(this.opts.perClient), most(this.opts.perClient));
    this.clients.set(client, log);
    this.forget();
  }

  /** Over maxClients, the least recently charged clients are forgotten (the global budget still holds). */
  private forget(): void {
    for (const client of this.clients.keys()) {
      if (this.clients.size <= this.opts.maxClients) break;
      this.clients.delete(client);
    }
  }
}

/** Appends `t`, drops times older than the longest window and keeps at most `keep` entries. */
function record(log: number[], t: number, horizon: number, keep: number): void {
  log.push(t);
  while (log.length && (t - log[0] >= horizon || log.length > keep)) log.shift();
}
