// Profile (spec section 7, "Profile"): address book (list/add on v2, edit/delete on v1), payer
// identities, photo-id upload, world areas. Everything but the world areas needs a session.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedIn } from '../context';
import { HttpError, badRequest, notFound } from '../errors';
import { boundaryOf, parseMultipart } from '../multipart';
import { PHOTO_ID_LIMITS } from '../repositories/photo-ids';
import { UploadSlots, type UploadLimits } from '../upload-slots';
import { IdParams } from '../../src/storefront/wire/common';
import {
  Address,
  AddressInput,
  AddressList,
  AddressUpdate,
  AreaParams,
  PayerIdentity,
  PayerIdentityInput,
  PayerIdentityList,
  PayerIdentityUpdate,
  PhotoIdResult,
  ScenarioQuery,
  WorldArea,
  WorldAreaList,
} from '../../src/storefront/wire/profile';
import { toId } from './window';

/** Room for the multipart framing around the largest accepted image. */
const UPLOAD_BODY_LIMIT = PHOTO_ID_LIMITS.maxBytes + 64 * 1024;
const TOO_LARGE = `图片不能超过${PHOTO_ID_LIMITS.maxBytes / 1024 / 1024}MB`;

export interface ProfileOptions {
  /** Upload slots and the slowest body kept (server/upload-slots.ts; defaults there). */
  uploads?: Partial<UploadLimits>;
}

export const profileRoutes: FastifyPluginAsync<ProfileOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const auth = signedIn(app);
  const repo = app.repos.profile;
  // Uploads received or converted at once, in total and per address, and their pace (issue 39, N5).
  const slots = new UploadSlots(opts.uploads);

  // Addresses.
  app.get('/v2/profile/addressbook', { onRequest: auth, schema: { response: { 200: AddressList } } }, async (req) => ({
    addresses: repo.listAddresses(requireUser(app, req)),
  }));

  app.post(
    '/v2/profile/addressbook',
    { onRequest: auth, schema: { body: AddressInput, response: { 200: Address } } },
    async (req) => repo.createAddress(requireUser(app, req), req.body),
  );

  app.post(
    '/v1/profile/addressbook/:id',
    { onRequest: auth, schema: { params: IdParams, body: AddressUpdate, response: { 200: Address } } },
    async (req) => repo.updateAddress(requireUser(app, req), toId(req.params.id), req.body ?? {}),
  );

  app.delete('/v1/profile/addressbook/:id', { onRequest: auth, schema: { params: IdParams } }, async (req, reply) => {
    repo.deleteAddress(requireUser(app, req), toId(req.params.id));
    return reply.code(204).send();
  });

  // Payer identities.
  app.get(
    '/v1/profile/payer-identities',
    { onRequest: auth, schema: { response: { 200: PayerIdentityList } } },
    async (req) => ({
      payerIdentities: repo.listPayers(requireUser(app, req)),
    }),
  );

  app.post(
    '/v1/profile/payer-identities',
    { onRequest: auth, schema: { body: PayerIdentityInput, response: { 200: PayerIdentity } } },
    async (req) => repo.createPayer(requireUser(app, req), req.body),
  );

  app.post(
    '/v1/profile/payer-identities/:id',
    { onRequest: auth, schema: { params: IdParams, body: PayerIdentityUpdate, response: { 200: PayerIdentity } } },
    async (req) => repo.updatePayer(requireUser(app, req), toId(req.params.id), req.body ?? {}),
  );

  app.delete(
    '/v1/profile/payer-identities/:id',
    { onRequest: auth, schema: { params: IdParams } },
    async (req, reply) => {
      repo.deletePayer(requireUser(app, req), toId(req.params.id));
      return reply.code(204).send();
    },
  );

  // Photo ids: multipart field `image`. Buffered up to UPLOAD_BODY_LIMIT (this scope only); the
  // session and a declared Content-Length are checked before any of the body is read.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );
  app.post(
    '/v2/profile/photo-ids',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: { response: { 200: PhotoIdResult } },
      onRequest: async (req, reply) => {
        await auth(req);
        if (Number(req.headers['content-length'] ?? 0) > UPLOAD_BODY_LIMIT) throw new HttpError(413, TOO_LARGE);
        // Bodies are buffered: only so many at once (memory), in total and per address, counted
        // until the answer is sent or the connection is gone.
        reply.raw.once('close', slots.take(req.ip));
      },
      // A body slower than the minimum rate is cut (408, connection closed): it frees its slot.
      preParsing: async (_req, _reply, payload) => slots.paced(payload),
    },
    async (req) => {
      const userId = requireUser(app, req);
      const boundary = boundaryOf(req.headers['content-type']);
      if (!boundary || !Buffer.isBuffer(req.body))
        throw new HttpError(415, '请以 multipart/form-data 上传图片（字段 image）');
      const parts = parseMultipart(req.body, boundary);
      if (!parts) throw badRequest('上传内容格式不正确');
      const image = parts.find((p) => p.field === 'image');
      if (!image) throw badRequest('缺少图片（字段 image）');
      return app.repos.photoIds.add(userId, image.data);
    },
  );

  // World areas (no session needed: the address form shows them).
  app.get(
    '/v1/basic-data/world-areas',
    { schema: { querystring: ScenarioQuery, response: { 200: WorldAreaList } } },
    async () => ({ areas: app.repos.worldAreas.list() }),
  );

  app.get(
    '/v1/basic-data/world-areas/:id',
    { schema: { params: AreaParams, querystring: ScenarioQuery, response: { 200: WorldArea } } },
    async (req) => {
      const area = app.repos.worldAreas.get(req.params.id);
      if (!area) throw notFound('地区不存在');
      return area;
    },
  );
};
