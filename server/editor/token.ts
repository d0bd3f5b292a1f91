// The editor's bearer token (issue 13, "Security"): `Authorization: Bearer <token>` on every
// /editor/api call, compared in constant time, never logged, with a per-client limit on failed
// attempts so the token cannot be guessed online.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyReply } from 'fastify';
import { HttpError, unauthorized } from '../errors';
import { TrustedDevices } from './trusted-device';

/**
 * Whether `given` equals `expected`, in time independent of where they differ and of their
 * lengths: both are hashed to 32-byte digests first (timingSafeEqual needs equal lengths, and
 * comparing lengths first would tell an attacker the token's length).
 */
export function tokensEqual(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given, 'utf8').digest();
  const b = crypto.createHash('sha256').update(expected, 'utf8').digest();
  return crypto.timingSafeEqual(a, b) && expected.length > 0;
}

/** A random token for when EDITOR_TOKEN is unset (`npm start` prints it once). */
export const generateToken = () => crypto.randomBytes(24).toString('base64url');

export interface EditorAuthOptions {
  /** The token; when unset or empty no request is authorised. */
  token?: string;
  /** Failed attempts a client may make per window before it gets 429 (default 10). */
  maxFailures?: number;
  /** The window of the failure count (default 60 s). */
  windowMs?: number;
  now?: () => number;
  /** The 401's text (default 需要编辑令牌; the order admin's token says its own). */
  refusal?: string;
  /**
   * Give a browser that presents the right token a device cookie for this path, and count a
   * trusted device's failures apart from its address's (trusted-device.ts, issue 25 F6).
   */
  deviceCookiePath?: string;
}

const BEARER = /^Bearer ([\x21-\x7e]{1,256})$/;

/**
 * A preHandler that lets only requests with the editor's token through: 401 in the API's error
 * shape otherwise, 429 (with Retry-After) once a client (req.ip) has failed `maxFailures` times in
 * the window; a success does not reset the count. The clients kept are bounded (oldest out).
 */
export function editorAuth(opts: EditorAuthOptions) {
  const maxFailures = opts.maxFailures ?? 10;
  const windowMs = opts.windowMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const failures = new Map<string, { count: number; since: number }>();
  const devices = opts.deviceCookiePath && opts.token ? new TrustedDevices(opts.token) : null;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const t = now();
    const device = devices?.idOf(req.headers.cookie) ?? null;
    const who = device ? `device:${device}` : req.ip;
    let f = failures.get(who);
    if (f && t - f.since >= windowMs) {
      failures.delete(who);
      f = undefined;
    }
    if (f && f.count >= maxFailures) {
      throw new HttpError(429, '请求过于频繁，请稍后再试', 'TOO_MANY_REQUESTS', {
        'Retry-After': String(Math.ceil((f.since + windowMs - t) / 1000)),
      });
    }
    const m = BEARER.exec(req.headers.authorization ?? '');
    if (m && opts.token && tokensEqual(m[1], opts.token)) {
      if (devices && !device) reply.header('Set-Cookie', devices.issue(opts.deviceCookiePath!));
      return;
    }
    if (!f) {
      if (failures.size >= 10_000) failures.delete(failures.keys().next().value!);
      f = { count: 0, since: t };
      failures.set(who, f);
    }
    f.count++;
    throw unauthorized(opts.refusal ?? '需要编辑令牌');
  };
}
