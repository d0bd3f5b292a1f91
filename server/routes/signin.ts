// SMS sign-in: POST /api/v2/signin/sms and /api/v2/signin/sms/verification; sign-out:
// POST /api/v2/signin/signout (issue 12 item 4).
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../errors';
import { PHONE_RE, SmsBody, VerifyBody } from '../schemas/signin';

export interface SigninOptions { devCodeLog?: (phone: string, code: string) => void }

export const signinRoutes: FastifyPluginAsync<SigninOptions> = async (app, opts) => {
  const phoneOf = (raw: string) => {
    const phone = raw.trim().replace(/^\+?86/, '').replace(/[\s-]/g, '');
    if (!PHONE_RE.test(phone)) throw badRequest('请输入正确的11位手机号');
    return phone;
  };

  app.post<{ Body: SmsBody }>('/v2/signin/sms', { schema: { body: SmsBody } }, async (req) => {
    const phone = phoneOf(req.body.phone);
    const { code, sent } = app.repos.auth.issueCode(phone);
    // Development server: no SMS gateway. The code goes to the log (and to tests).
    req.log.info({ phone, code }, `dev SMS code for ${phone}: ${code}`);
    opts.devCodeLog?.(phone, code);
    return sent;
  });

  app.post<{ Body: VerifyBody }>('/v2/signin/sms/verification', { schema: { body: VerifyBody } }, async (req) =>
    app.repos.auth.verify(phoneOf(req.body.phone), req.body.code.trim()));

  // Revokes the caller's key (X-Session-Key); always 204, so signing out twice, with a key the
  // server never issued or as a guest is harmless and says nothing about keys. A body, if any,
  // is ignored (as for likes): there is nothing to validate.
  app.post('/v2/signin/signout', async (req, reply) => {
    const key = req.headers['x-session-key'];
    app.repos.auth.revoke(Array.isArray(key) ? key[0] : key);
    return reply.code(204).send();
  });
};
