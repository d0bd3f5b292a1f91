// Coupon claims (spec section 7, "Other"): a product's claim popup (guests see UNCLAIM) and
// claiming (needs a session).
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedIn, viewerId } from '../context';
import { ClaimParams, ClaimPopup, ClaimResult, SuitProductParams } from '../../src/storefront/wire/claims';
import { toId } from './window';

export const claimRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const auth = signedIn(app);

  app.get(
    '/v1/claim/popup/SUITPRODUCT/:id',
    { schema: { params: SuitProductParams, response: { 200: ClaimPopup } } },
    async (req) => ({ coupons: app.repos.claims.popup(toId(req.params.id), viewerId(app, req)) }),
  );

  app.post(
    '/v1/claim/:type/:id',
    { onRequest: auth, schema: { params: ClaimParams, response: { 200: ClaimResult } } },
    async (req) => app.repos.claims.claim(req.params.type, req.params.id, requireUser(app, req)),
  );
};
