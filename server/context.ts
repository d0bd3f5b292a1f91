// What routes get from the app: the repositories, the catalogue and session helpers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalogue } from './catalogue';
import type { DB } from './db/open';
import { unauthorized } from './errors';
import type { Prefixer } from './media/prefix';
import { ArticleRepository } from './repositories/articles';
import { AuthRepository, type SessionLifetime } from './repositories/auth';
import { CartRepository } from './repositories/cart';
import { DiscoverRepository } from './repositories/discover';
import { ExpressBuyRepository } from './repositories/express-buy';
import { OrderPaymentRepository } from './repositories/order-payments';
import { OrderRepository } from './repositories/orders';
import { ProductRepository } from './repositories/products';
import { syncCategoryPaths } from './db/category-paths';
import { ReviewRepository } from './repositories/reviews';
import { ClaimRepository } from './repositories/claims';
import { CustomsResellRepository } from './repositories/customs-resell';
import { LoginRepository } from './repositories/logins';
import { PhotoIdStore } from './repositories/photo-ids';
import { PopupRepository } from './repositories/popups';
import { ProfileRepository } from './repositories/profile';
import { SearchRepository } from './repositories/search';
import { SearchIndex } from './search/index-store';
import { categorySearchText } from './search/category-text';
import { ShopRepository } from './repositories/shops';
import { WorldAreas } from './repositories/world-areas';
import { TakedownRepository } from './repositories/takedowns';

export interface Repos {
  reviews: ReviewRepository;
  products: ProductRepository;
  discover: DiscoverRepository;
  search: SearchRepository;
  shops: ShopRepository;
  articles: ArticleRepository;
  auth: AuthRepository;
  takedowns: TakedownRepository;
  cart: CartRepository;
  orders: OrderRepository;
  payments: OrderPaymentRepository;
  expressBuy: ExpressBuyRepository;
  worldAreas: WorldAreas;
  profile: ProfileRepository;
  photoIds: PhotoIdStore;
  logins: LoginRepository;
  popups: PopupRepository;
  claims: ClaimRepository;
  customsResell: CustomsResellRepository;
}

export function createRepos(
  db: DB,
  catalogue: Catalogue,
  media: Prefixer,
  now: () => number,
  sessions: SessionLifetime = {},
  /** Where uploaded photo ids are stored, per user (server/repositories/photo-ids.ts). */
  photoIdDir: string,
  /** Accept the emulated logins' test codes (the demo); false in production (issue 25, F1). */
  emulatedLogins = false,
): Repos {
  const products = new ProductRepository(db, media, catalogue);
  const cart = new CartRepository(db, now);
  const orders = new OrderRepository(db, now, cart);
  const auth = new AuthRepository(db, now, sessions);
  const worldAreas = new WorldAreas();
  syncCategoryPaths(db, catalogue);
  // A file seeded before the search index existed gets it now (one pass over the reviews).
  const searchIndex = new SearchIndex(db, categorySearchText(catalogue));
  searchIndex.ensure();
  return {
    reviews: new ReviewRepository(db, media, catalogue),
    products,
    discover: new DiscoverRepository(products, catalogue),
    search: new SearchRepository(db, media, searchIndex, products),
    shops: new ShopRepository(db, media),
    articles: new ArticleRepository(db, media),
    auth,
    takedowns: new TakedownRepository(db, now),
    cart,
    orders,
    payments: new OrderPaymentRepository(db, now, orders),
    expressBuy: new ExpressBuyRepository(db, now),
    worldAreas,
    profile: new ProfileRepository(db, worldAreas, now),
    photoIds: new PhotoIdStore(db, photoIdDir, now),
    logins: new LoginRepository(db, auth, now, emulatedLogins),
    popups: new PopupRepository(db, now),
    claims: new ClaimRepository(db, now),
    customsResell: new CustomsResellRepository(db, now),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repos;
    catalogue: Catalogue;
    db: DB;
  }
}

const viewers = new WeakMap<FastifyRequest, number | null>();

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The signed-in user id from X-Session-User / X-Session-Key, or null for guests. */
export function viewerId(app: FastifyInstance, req: FastifyRequest): number | null {
  if (!viewers.has(req))
    viewers.set(req, app.repos.auth.userOf(header(req, 'x-session-user'), header(req, 'x-session-key')));
  return viewers.get(req)!;
}

export function requireUser(app: FastifyInstance, req: FastifyRequest): number {
  const id = viewerId(app, req);
  if (id == null) throw unauthorized('请先登录');
  return id;
}

/**
 * A route's onRequest hook for calls that need a session: the 401 comes before the body is
 * read or validated (a guest's bad body is a 401, not a 400). The handler still calls
 * requireUser for the id (cached per request).
 */
export const signedIn = (app: FastifyInstance) => async (req: FastifyRequest) => {
  requireUser(app, req);
};
