// The preValidation hook of the checkout routes (cart, orders, express buy): signed-in users
// only, checked before the input is looked at (a guest gets 401 whatever it sends), and a POST
// without a body counts as `{}` (a cancel needs no reason; a missing field is then named).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../context';

export function signedInOnly(app: FastifyInstance) {
  return async (req: FastifyRequest) => {
    requireUser(app, req);
    if (req.method === 'POST' && req.body === undefined) req.body = {};
  };
}
