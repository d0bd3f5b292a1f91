// Defaults shared by main.ts, startServer() and scripts/seed.ts (environment overrides).
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { REPO_ROOT } from './catalogue';

export const defaultDbFile = () => resolve(process.env.DB_FILE || resolve(REPO_ROOT, 'var/storefront.sqlite'));
export const defaultMediaDir = () => resolve(process.env.MEDIA_DIR || resolve(REPO_ROOT, 'var/media'));
export const defaultHost = () => process.env.HOST || '127.0.0.1';
/**
 * Reviews seeded into an empty database: SEED_REVIEWS (an integer, 0 to 2,000,000), else the
 * default data set (server/seed/generate.ts). Anything else stops the start with its name.
 */
export function seedReviewsFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.SEED_REVIEWS;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!/^[0-9]{1,7}$/.test(raw) || n > 2_000_000) {
    throw new Error(`SEED_REVIEWS must be an integer from 0 to 2000000, got ${JSON.stringify(raw.slice(0, 40))}`);
  }
  return n;
}
export const defaultPort = () => {
  const n = Number(process.env.PORT ?? 8000);
  return Number.isInteger(n) && n >= 0 && n < 65536 ? n : 8000;
};

/** proxy-addr's names of address ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The proxies whose X-Forwarded-For the server believes (issue 39, N4): TRUST_PROXY, addresses or
 * CIDRs separated by commas or spaces (`127.0.0.1`, `10.0.0.0/8, ::1`), or proxy-addr's
 * `loopback`, `linklocal`, `uniquelocal`; Fastify's `trustProxy`, passed as a list. Unset or
 * empty: false (req.ip is the socket's address). Anything else stops the start with its name: a
 * typo would otherwise make every client behind nginx one client (or trust what anyone sends).
 */
export function trustedProxies(env: NodeJS.ProcessEnv = process.env): string[] | false {
  const value = (env.TRUST_PROXY ?? '').trim();
  if (!value) return false;
  if (value.length > 4096) throw new Error('TRUST_PROXY is longer than 4096 characters');
  const entries = value.split(/[\s,]+/).filter(Boolean);
  for (const e of entries) {
    const [addr, bits, extra] = e.split('/');
    const family = isIP(addr);
    const okBits =
      bits === undefined ||
      (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32)) ||
      (family === 4 && isIP(bits) === 4);
    if (!(PROXY_RANGES.has(e) || (family && okBits && extra === undefined)))
      throw new Error(
        `TRUST_PROXY: ${JSON.stringify(e.slice(0, 60))} is not an address, a CIDR or one of loopback, linklocal, uniquelocal`,
      );
  }
  return entries;
}
