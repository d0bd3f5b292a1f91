// Send budgets of the SMS sign-in beyond the per-phone limits of repositories/auth.ts (issue 12,
// item 3, "SMS pumping": one client got codes for 40 numbers in 61 ms). A client (req.ip; the
// proxy's address unless trustProxy is set) may have only so many codes sent per window, and
// the whole server only so many per window, whoever asks. Only codes actually issued count:
// a request refused for a bad number or by the per-phone limit costs nothing, so nobody can
// spend the global budget with garbage. Sliding windows (a log of send times per budget).
//
// The global budget is a last resort that degrades (issue 25, F10): six addresses used to spend
// it and block SMS sign-in for everyone. Now an address block (/24, IPv6 /48) and a phone
// prefix (its first 7 digits, the number segment) have budgets of their own, and once the
// global budget is spent only blocks and prefixes that sent nothing within its shortest window
// still get codes, up to a hard cap (three times the global budget) that stops everyone.
import { isIPv4 } from 'node:net';
import { HttpError } from './errors';

export interface Budget {
  max: number;
  windowMs: number;
}
export interface SmsBudgetOptions {
  /** Per client address. */
  perClient: Budget[];
  /** For the whole server: past it only fresh blocks and prefixes get codes (see above). */
  global: Budget[];
  /** Per address block (/24, /48); default three times perClient. */
  perBlock?: Budget[];
  /** Per phone prefix (first 7 digits); default two times perClient. */
  perPrefix?: Budget[];
  /** For the whole server, whoever asks; default three times global. */
  globalHard?: Budget[];
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

const times = (budgets: Budget[], k: number) => budgets.map((b) => ({ ...b, max: b.max * k }));

/** The address block of a client address: IPv4 /24, IPv6 /48 (other strings: themselves). */
export function blockOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean);
  const full = [...groups, ...Array(Math.max(0, 8 - groups.length - tail.split(':').filter(Boolean).length)).fill('0')];
  return `${full.slice(0, 3).join(':')}::/48`;
}

/** The phone prefix a budget counts (the mainland number segment: 7 digits). */
export const prefixOf = (phone: string) => phone.slice(0, 7);

/** Send times per key (client, block, prefix), the least recently charged forgotten first past maxKeys. */
class Ledger {
  private readonly logs = new Map<string, number[]>();
  constructor(
    readonly budgets: Budget[],
    private readonly maxKeys: number,
  ) {}

  wait(key: string, now: number): number {
    return waitFor(this.logs.get(key) ?? [], this.budgets, now);
  }

  /** Whether `key` had a send within `ms`. */
  sentWithin(key: string, ms: number, now: number): boolean {
    const log = this.logs.get(key);
    return !!log && log.length > 0 && now - log[log.length - 1] < ms;
  }

  charge(key: string, now: number): void {
    const log = this.logs.get(key) ?? [];
    this.logs.delete(key); // re-inserted last: Map order is then least recently used first
    record(log, now, longest(this.budgets), most(this.budgets));
    this.logs.set(key, log);
    for (const k of this.logs.keys()) {
      if (this.logs.size <= this.maxKeys) break;
      this.logs.delete(k);
    }
  }
}

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
  private readonly clients: Ledger;
  private readonly blocks: Ledger;
  private readonly prefixes: Ledger;
  private readonly all: number[] = [];
  private readonly hard: Budget[];

  constructor(
    opts: Partial<SmsBudgetOptions> = {},
    private readonly now: () => number = Date.now,
    /** The same budgets guard the emulated logins (server/routes/login.ts) with their own texts. */
    private readonly texts: BudgetTexts = SMS_TEXTS,
  ) {
    this.opts = { ...DEFAULT_SMS_BUDGET, ...opts };
    const { perClient, global, maxClients } = this.opts;
    this.clients = new Ledger(perClient, maxClients);
    this.blocks = new Ledger(this.opts.perBlock ?? times(perClient, 3), maxClients);
    this.prefixes = new Ledger(this.opts.perPrefix ?? times(perClient, 2), maxClients);
    this.hard = this.opts.globalHard ?? times(global, 3);
  }

  /**
   * Throws 429 (the contract's error shape, Retry-After) when `client`, its address block, the
   * phone's prefix (when there is a phone) or the server is out of budget.
   */
  check(client: string, phone?: string): void {
    const now = this.now();
    const refuse = (wait: number, text: string) => {
      throw new HttpError(429, text, 'TOO_MANY_REQUESTS', { 'Retry-After': String(wait) });
    };
    const hard = waitFor(this.all, this.hard, now);
    if (hard > 0) refuse(hard, this.texts.global);
    const soft = waitFor(this.all, this.opts.global, now);
    if (soft > 0) {
      // Spent: only a block and a prefix that had no code within the global's shortest window.
      const window = Math.min(...this.opts.global.map((b) => b.windowMs));
      const block = blockOf(client);
      if (
        this.blocks.sentWithin(block, window, now) ||
        (phone && this.prefixes.sentWithin(prefixOf(phone), window, now))
      )
        refuse(soft, this.texts.global);
    }
    const own = this.clients.wait(client, now);
    if (own > 0) refuse(own, this.texts.client);
    const block = this.blocks.wait(blockOf(client), now);
    if (block > 0) refuse(block, this.texts.client);
    const prefix = phone ? this.prefixes.wait(prefixOf(phone), now) : 0;
    if (prefix > 0) refuse(prefix, this.texts.global);
  }

  /** Counts one code sent to `client` (for `phone`). */
  charge(client: string, phone?: string): void {
    const now = this.now();
    record(this.all, now, Math.max(longest(this.opts.global), longest(this.hard)), most(this.hard));
    this.clients.charge(client, now);
    this.blocks.charge(blockOf(client), now);
    if (phone) this.prefixes.charge(prefixOf(phone), now);
  }
}

/** Appends `t`, drops times older than the longest window and keeps at most `keep` entries. */
function record(log: number[], t: number, horizon: number, keep: number): void {
  log.push(t);
  while (log.length && (t - log[0] >= horizon || log.length > keep)) log.shift();
}
