// SMS sign-in: POST /api/v2/signin/sms and /api/v2/signin/sms/verification; sign-out:
// POST /api/v2/signin/signout (issue 12 item 4).
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requirePhone } from '../phone';
import { SignInResult, SmsBody, SmsSent, VerifyBody } from '../../src/storefront/wire/signin';
import { SmsSendBudget, type SmsBudgetOptions } from '../sms-budget';

export interface SigninOptions {
  devCodeLog?: (phone: string, code: string) => void;
  /** Log each code (development only: this server never sends an SMS; docs/server.md). */
  logCodes?: boolean;
  smsBudget?: Partial<SmsBudgetOptions>;
  /** A budget shared with the other routes that send codes (the WeChat bind SMS); else its own. */
  budget?: SmsSendBudget;
  now?: () => number;
}

export const signinRoutes: FastifyPluginAsync<SigninOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const budget = opts.budget ?? new SmsSendBudget(opts.smsBudget, opts.now);

  app.post('/v2/signin/sms', { schema: { body: SmsBody, response: { 200: SmsSent } } }, async (req) => {
    const phone = requirePhone(req.body.phone);
    // Per-client and global budgets first, then the per-phone limits; only a code issued counts.
    budget.check(req.ip, phone);
    const { code, sent } = app.repos.auth.issueCode(phone);
    budget.charge(req.ip, phone);
    // A reference server: no SMS gateway. In development the code goes to the log, at warn so
    // that it shows at the default level; never in production (NODE_ENV=production).
    if (opts.logCodes) req.log.warn(`dev SMS code for ${phone}: ${code} (reference server: no SMS is sent)`);
    opts.devCodeLog?.(phone, code);
    return sent;
  });

  app.post(
    '/v2/signin/sms/verification',
    { schema: { body: VerifyBody, response: { 200: SignInResult } } },
    async (req) => app.repos.auth.verify(requirePhone(req.body.phone), req.body.code.trim()),
  );

  // Revokes the caller's key (X-Session-Key); always 204, so signing out twice, with a key the
  // server never issued or as a guest is harmless and says nothing about keys. A body, if any,
  // is ignored (as for likes): there is nothing to validate.
  app.post('/v2/signin/signout', async (req, reply) => {
    const key = req.headers['x-session-key'];
    app.repos.auth.revoke(Array.isArray(key) ? key[0] : key);
    return reply.code(204).send();
  });
};
