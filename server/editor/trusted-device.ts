// Trusted devices of the editors' token (issue 25, F6): ten bad tokens from one address locked
// the real editor out for a minute, so behind a shared proxy anyone could keep takedowns closed.
// A browser that once presented the right token gets a signed device cookie; with it, its
// failures and its lockout are its own and not its address's (OWASP's "device cookies"). Guessing
// without one is still limited per address. The signing key derives from the token, so the
// cookies survive a restart and die when the token changes.
import crypto from 'node:crypto';

export const DEVICE_COOKIE = 'editor_device';
const MAX_AGE_S = 30 * 86_400;

export class TrustedDevices {
  private readonly key: Buffer;

  constructor(token: string) {
    this.key = crypto.createHmac('sha256', token).update('editor trusted device v1').digest();
  }

  private sign(id: string): string {
    return crypto.createHmac('sha256', this.key).update(id).digest('base64url');
  }

  /** The device id of a request's Cookie header when its signature holds, else null. */
  idOf(cookieHeader: string | undefined): string | null {
    if (!cookieHeader || cookieHeader.length > 8192) return null;
    for (const part of cookieHeader.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
      const [id, sig] = part
        .slice(eq + 1)
        .trim()
        .split('.');
      if (!id || !sig || !/^[0-9a-f]{32}$/.test(id)) return null;
      const want = Buffer.from(this.sign(id));
      const given = Buffer.from(sig);
      return given.length === want.length && crypto.timingSafeEqual(given, want) ? id : null;
    }
    return null;
  }

  /** A Set-Cookie value for a new device, scoped to the editors' paths. */
  issue(path: string): string {
    const id = crypto.randomBytes(16).toString('hex');
    return `${DEVICE_COOKIE}=${id}.${this.sign(id)}; Path=${path}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Strict`;
  }
}
