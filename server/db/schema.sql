-- Reference storefront database (docs/server.md, "Data model").
-- Money is integer cents in the product's currency; times are epoch milliseconds.
-- Media columns hold root-relative URLs (/media/...); MEDIA_BASE_URL is applied when serving.

CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS merchants (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  name_cn       TEXT NOT NULL,
  country       TEXT NOT NULL,          -- ISO code: US, GB, DE, FR, IT, DK
  origin        TEXT NOT NULL,          -- Chinese country name shown to shoppers
  currency      TEXT NOT NULL,          -- USD, EUR, GBP
  website       TEXT NOT NULL,
  description   TEXT NOT NULL,
  logo          TEXT NOT NULL,          -- JSON Image
  banner        TEXT NOT NULL,          -- JSON Image
  shipping      TEXT NOT NULL           -- JSON domestic shipping rules
);

CREATE TABLE IF NOT EXISTS brands (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  name_cn       TEXT NOT NULL,
  country       TEXT NOT NULL,
  groups        TEXT NOT NULL,          -- JSON string[] of top-level category ids it sells in
  logo          TEXT NOT NULL           -- JSON Image
);

CREATE TABLE IF NOT EXISTS products (
  id             INTEGER PRIMARY KEY,
  merchant_id    INTEGER NOT NULL REFERENCES merchants(id),
  brand_id       INTEGER NOT NULL REFERENCES brands(id),
  category_id    TEXT NOT NULL,         -- a LEAF category id of data/categories.json
  group_id       TEXT NOT NULL,         -- its top-level group id
  name           TEXT NOT NULL,
  name_cn        TEXT NOT NULL,
  description    TEXT NOT NULL,
  description_cn TEXT NOT NULL,
  currency       TEXT NOT NULL,
  cents          INTEGER NOT NULL,
  list_cents     INTEGER NOT NULL,
  exchange_rate  REAL NOT NULL,
  price_yuan     REAL NOT NULL,         -- cents * exchange_rate / 100, for discover filters
  marks          TEXT NOT NULL,         -- JSON string[]
  labels         TEXT NOT NULL,         -- JSON string[] (labelView short labels)
  images         TEXT NOT NULL,         -- JSON [{ full: Image, thumbnail: Image }]
  promo          TEXT,                  -- JSON promotion or NULL
  group_buy      TEXT,                  -- JSON group-buy offer or NULL
  size_chart     TEXT,                  -- JSON size chart or NULL
  review_count   INTEGER NOT NULL DEFAULT 0,
  score_sum      INTEGER NOT NULL DEFAULT 0,
  created_at     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS products_category ON products(category_id);
CREATE INDEX IF NOT EXISTS products_group ON products(group_id);
CREATE INDEX IF NOT EXISTS products_brand ON products(brand_id);
CREATE INDEX IF NOT EXISTS products_merchant ON products(merchant_id);
CREATE INDEX IF NOT EXISTS products_price ON products(price_yuan);
-- Product listings' windows (discover, category listings; issue 23, docs/server.md "Listings at
-- scale"): per sort and per level (every product, one leaf, one group) an index in answer order
-- that also holds the columns the filters read (category_id, price_yuan), so a window's ids are
-- read from the index alone, skipped rows included, and only the page's rows are fetched.
CREATE INDEX IF NOT EXISTS products_all_popular ON products(review_count DESC, id, category_id, price_yuan);
CREATE INDEX IF NOT EXISTS products_all_newest ON products(created_at DESC, id DESC, category_id, price_yuan);
CREATE INDEX IF NOT EXISTS products_all_price ON products(price_yuan, id, category_id);
CREATE INDEX IF NOT EXISTS products_all_price_desc ON products(price_yuan DESC, id, category_id);
CREATE INDEX IF NOT EXISTS products_leaf_popular ON products(category_id, review_count DESC, id, price_yuan);
CREATE INDEX IF NOT EXISTS products_leaf_newest ON products(category_id, created_at DESC, id DESC, price_yuan);
CREATE INDEX IF NOT EXISTS products_leaf_price ON products(category_id, price_yuan, id);
CREATE INDEX IF NOT EXISTS products_leaf_price_desc ON products(category_id, price_yuan DESC, id);
CREATE INDEX IF NOT EXISTS products_group_popular ON products(group_id, review_count DESC, id, category_id, price_yuan);
CREATE INDEX IF NOT EXISTS products_group_newest ON products(group_id, created_at DESC, id DESC, category_id, price_yuan);
CREATE INDEX IF NOT EXISTS products_group_price ON products(group_id, price_yuan, id, category_id);
CREATE INDEX IF NOT EXISTS products_group_price_desc ON products(group_id, price_yuan DESC, id, category_id);
-- Similar products (same category first, then the same group, most reviewed first): both
-- parts walk an index in answer order and stop after 12 rows instead of sorting the group.
CREATE INDEX IF NOT EXISTS products_category_reviews ON products(category_id, review_count DESC, id);
CREATE INDEX IF NOT EXISTS products_group_reviews ON products(group_id, review_count DESC, id);

CREATE TABLE IF NOT EXISTS skus (
  id          INTEGER PRIMARY KEY,
  product_id  INTEGER NOT NULL REFERENCES products(id),
  name        TEXT NOT NULL,
  cents       INTEGER NOT NULL,
  color       TEXT,
  size        TEXT,
  width       TEXT,
  image       TEXT NOT NULL             -- JSON { full: { url }, thumbnail: { url } }
);
CREATE INDEX IF NOT EXISTS skus_product ON skus(product_id);

CREATE TABLE IF NOT EXISTS users (
  id          INTEGER PRIMARY KEY,
  label       TEXT NOT NULL,
  avatar      TEXT,                     -- URL or NULL
  medals      TEXT NOT NULL,            -- JSON Medal[]
  phone       TEXT UNIQUE,              -- set for users who signed in by SMS
  created_at  INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS reviews (
  id           INTEGER PRIMARY KEY,
  product_id   INTEGER NOT NULL REFERENCES products(id),
  category_id  TEXT NOT NULL,           -- copy of products.category_id (feed filter without a join)
  sku_id       INTEGER REFERENCES skus(id),
  user_id      INTEGER NOT NULL REFERENCES users(id),
  content      TEXT,
  score        INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
  word_tags    TEXT NOT NULL,           -- JSON string[]
  pictures     TEXT NOT NULL,           -- JSON Picture[]
  videos       TEXT NOT NULL,           -- JSON Video[]
  likes        INTEGER NOT NULL DEFAULT 0,
  reply_count  INTEGER NOT NULL DEFAULT 0,
  posted_at    INTEGER NOT NULL,
  overrides    TEXT,                    -- JSON patch over the wire objects: seeded hostile/malformed records
  hidden_at    INTEGER,                 -- epoch ms; hidden by the back office (issue 13): no API answers it
  parent_id    TEXT,                    -- the leaf's second-level category (category_paths; issue 23)
  group_id     TEXT                     -- the leaf's top-level group
);
-- Keyset paging of the feed and of a product's comments: newest first on (posted_at, id), or
-- most liked first on (likes, posted_at, id). One index per listing's WHERE + ORDER BY (issue 23,
-- docs/server.md "Listings at scale"); those on parent_id and group_id are created by
-- server/db/migrate.ts, after it adds the columns to older files.
CREATE INDEX IF NOT EXISTS reviews_feed ON reviews(posted_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS reviews_likes ON reviews(likes DESC, posted_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS reviews_category_feed ON reviews(category_id, posted_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS reviews_category_likes ON reviews(category_id, likes DESC, posted_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS reviews_product ON reviews(product_id, posted_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS reviews_product_likes ON reviews(product_id, likes DESC, posted_at DESC, id DESC);

-- Each leaf category's ancestors, from the catalogue the server reads (written on start and by
-- the seed): a review inserted without parent_id / group_id gets them from here (the trigger in
-- server/db/migrate.ts), so a feed by a second-level or top-level category is one index range.
CREATE TABLE IF NOT EXISTS category_paths (
  leaf_id     TEXT PRIMARY KEY,
  parent_id   TEXT NOT NULL,
  group_id    TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS review_likes (
  review_id   INTEGER NOT NULL REFERENCES reviews(id),
  user_id     INTEGER NOT NULL REFERENCES users(id),
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (review_id, user_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS replies (
  id          INTEGER PRIMARY KEY,
  review_id   INTEGER NOT NULL REFERENCES reviews(id),
  user_id     INTEGER NOT NULL REFERENCES users(id),
  content     TEXT NOT NULL,
  likes       INTEGER NOT NULL DEFAULT 0,
  posted_at   INTEGER NOT NULL,
  merchant_id INTEGER REFERENCES merchants(id)  -- set when the merchant answered (issue 21)
);
CREATE INDEX IF NOT EXISTS replies_review ON replies(review_id, posted_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS replies_review_likes ON replies(review_id, likes DESC, posted_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS articles (
  id            INTEGER PRIMARY KEY,
  title         TEXT NOT NULL,
  summary       TEXT NOT NULL,
  content       TEXT NOT NULL,
  author        TEXT NOT NULL,
  tags          TEXT NOT NULL,          -- JSON string[]
  cover         TEXT NOT NULL,          -- JSON Image
  banner        TEXT,                   -- JSON Image or NULL
  views         INTEGER NOT NULL,
  published_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS articles_published ON articles(published_at DESC, id DESC);

-- Sign-in: SMS codes and sessions. Codes and keys are stored as sha256 hashes.
CREATE TABLE IF NOT EXISTS sms_codes (
  phone       TEXT PRIMARY KEY,
  code_hash   TEXT NOT NULL,
  sent_at     INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  window_start INTEGER NOT NULL,        -- start of the hourly send window
  window_count INTEGER NOT NULL         -- codes sent in that window
);

-- A session expires when unused for the session lifetime (sliding) or past its maximum age,
-- and is deleted on sign-out (server/repositories/auth.ts). last_used_at was added later:
-- server/db/migrate.ts adds it to older files on open.
CREATE TABLE IF NOT EXISTS sessions (
  key_hash     TEXT PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id);

-- Reviews an editor took down (issue 13, "Instant takedown"): the site and the API answer 410
-- for them until the row is deleted. Ids as they appear in the review's URL.
CREATE TABLE IF NOT EXISTS takedowns (
  product_id    TEXT NOT NULL,
  comment_id    TEXT NOT NULL,
  reason        TEXT NOT NULL,
  created_at    INTEGER NOT NULL,       -- epoch ms
  PRIMARY KEY (product_id, comment_id)
);

-- Profile (issue 15): the signed-in user's address book and payer identities. Shared by the
-- profile routes (which write them) and the cart, order and express-buy routes (which check that
-- a chosen address or payer belongs to the user). Ids are the rows' integer ids as decimal strings.
CREATE TABLE IF NOT EXISTS addresses (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  name        TEXT NOT NULL,
  phone       TEXT NOT NULL,
  area_ids    TEXT NOT NULL,            -- JSON string[]: world-area ids, province down to district
  street      TEXT NOT NULL,
  postcode    TEXT,
  is_default  INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL          -- epoch ms
);
CREATE INDEX IF NOT EXISTS addresses_user ON addresses(user_id);

CREATE TABLE IF NOT EXISTS payer_identities (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  name        TEXT NOT NULL,
  id_number   TEXT NOT NULL,            -- 18-character resident id, checksum verified on write
  photo_ids   TEXT NOT NULL DEFAULT '[]', -- JSON string[]: uploaded photo ids (front, back)
  is_default  INTEGER NOT NULL DEFAULT 0,
  flag        TEXT,
  created_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS payer_identities_user ON payer_identities(user_id);
-- Checkout (issue 15): stock, loyalty points, the cart grouped by merchant, orders and express
-- buys (server/repositories/{cart,orders,express-buy}.ts; rules in docs/server.md, "Checkout").
-- Money the shopper pays is in fen (CNY cents): a cart mixes merchants' currencies.
-- A sku without a stock row has its deterministic default stock (server/repositories/stock.ts);
-- the row is written on the first change (an order, a cancel).
CREATE TABLE IF NOT EXISTS sku_stock (
  sku_id      INTEGER PRIMARY KEY REFERENCES skus(id),
  stock       INTEGER NOT NULL CHECK (stock >= 0)
);
-- Loyalty points per user, fen; a user without a row has the welcome balance.
CREATE TABLE IF NOT EXISTS loyalty_accounts (
  user_id     INTEGER PRIMARY KEY REFERENCES users(id),
  balance_fen INTEGER NOT NULL CHECK (balance_fen >= 0)
);
CREATE TABLE IF NOT EXISTS cart_items (
  user_id     INTEGER NOT NULL REFERENCES users(id),
  sku_id      INTEGER NOT NULL REFERENCES skus(id),
  merchant_id INTEGER NOT NULL REFERENCES merchants(id),  -- the group
  quantity    INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  excluded    INTEGER NOT NULL DEFAULT 0,                 -- excludedFromOrder
  added_at    INTEGER NOT NULL,
  PRIMARY KEY (user_id, sku_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS cart_items_group ON cart_items(user_id, merchant_id);
-- A group's settings; address and payer ids point into the shared addresses / payer_identities
-- tables without a foreign key (the profile routes may delete them): checks re-read them.
CREATE TABLE IF NOT EXISTS cart_groups (
  user_id             INTEGER NOT NULL REFERENCES users(id),
  merchant_id         INTEGER NOT NULL REFERENCES merchants(id),
  payment_method      TEXT,
  payment_installment INTEGER,
  shipping_method     TEXT,
  shipping_address_id INTEGER,
  payer_identity_id   INTEGER,
  loyalty_fen         INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, merchant_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS orders (
  id                  INTEGER PRIMARY KEY,
  user_id             INTEGER NOT NULL REFERENCES users(id),
  merchant_id         INTEGER NOT NULL REFERENCES merchants(id),
  status              TEXT NOT NULL,        -- AWAIT_PAYMENT, RECEIVED, FAILED_TO_PLACE, CANCELLED
  cancel_state        TEXT NOT NULL DEFAULT 'NONE',  -- NONE, APPLIED, CONFIRMED
  cancel_reason       TEXT,
  payment_method      TEXT NOT NULL,
  payment_installment INTEGER NOT NULL DEFAULT 1,
  shipping_method     TEXT NOT NULL,
  shipping_address_id INTEGER NOT NULL,
  payer_identity_id   INTEGER,
  currency            TEXT NOT NULL,
  items_cents         INTEGER NOT NULL,     -- merchant's currency
  items_fen           INTEGER NOT NULL,
  loyalty_fen         INTEGER NOT NULL,
  payable_fen         INTEGER NOT NULL,
  bc_sell             INTEGER NOT NULL DEFAULT 0,
  payment_info        TEXT,                 -- JSON PaymentInfo of the last friend-pay
  utm                 TEXT,                 -- JSON UtmParams
  created_at          INTEGER NOT NULL,
  updated_at          INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_user ON orders(user_id, id DESC);
CREATE TABLE IF NOT EXISTS order_items (
  id          INTEGER PRIMARY KEY,
  order_id    INTEGER NOT NULL REFERENCES orders(id),
  sku_id      INTEGER REFERENCES skus(id),  -- NULL for the gift package
  kind        TEXT NOT NULL,
  name        TEXT NOT NULL,
  cents       INTEGER NOT NULL,
  fen         INTEGER NOT NULL,
  quantity    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS order_items_order ON order_items(order_id);
CREATE TABLE IF NOT EXISTS express_buys (
  id                  INTEGER PRIMARY KEY,
  user_id             INTEGER NOT NULL REFERENCES users(id),
  sku_id              INTEGER NOT NULL REFERENCES skus(id),
  quantity            INTEGER NOT NULL,
  payment_method      TEXT,
  shipping_method     TEXT,
  shipping_address_id INTEGER,
  payer_identity_id   INTEGER,
  created_at          INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS express_buys_user ON express_buys(user_id);

-- Photo ids uploaded for payer identities (issue 15): the converted JPEG lives at
-- <photoIdDir>/<user_id>/<id>.jpg (server/repositories/photo-ids.ts); at most a few per user,
-- the oldest replaced. Ids are random hex, not guessable.
CREATE TABLE IF NOT EXISTS photo_ids (
  id          TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  width       INTEGER NOT NULL,
  height      INTEGER NOT NULL,
  bytes       INTEGER NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS photo_ids_user ON photo_ids(user_id, created_at);

-- Emulated WeChat login (issue 15, docs/server.md "Emulated logins"): an open id bound to a user,
-- and the short-lived tokens of a WeChat sign-in that still needs a phone (sha256 hashes).
CREATE TABLE IF NOT EXISTS wechat_accounts (
  open_id     TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL UNIQUE REFERENCES users(id),
  created_at  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS wechat_bind_tokens (
  token_hash  TEXT PRIMARY KEY,
  open_id     TEXT NOT NULL,
  expires_at  INTEGER NOT NULL
);

-- Popups (spec section 7, "Other"): a fixed set (server/seed/popups.ts), and which of them a
-- signed-in user has read. channel NULL = shown on every channel.
CREATE TABLE IF NOT EXISTS popups (
  id          INTEGER PRIMARY KEY,
  channel     TEXT,
  title       TEXT,
  image       TEXT,
  link        TEXT,
  position    INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS popup_reads (
  user_id     INTEGER NOT NULL REFERENCES users(id),
  popup_id    INTEGER NOT NULL REFERENCES popups(id),
  read_at     INTEGER NOT NULL,
  PRIMARY KEY (user_id, popup_id)
);

-- Coupons a user claimed (server/repositories/claims.ts): coupon ids are "<productId>-<template>",
-- the templates are fixed; the expiry is set at claim time.
CREATE TABLE IF NOT EXISTS coupon_claims (
  user_id     INTEGER NOT NULL REFERENCES users(id),
  coupon_id   TEXT NOT NULL,
  claimed_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, coupon_id)
);

-- Customs resell declarations (spec section 7, "Other"): one per order and user.
CREATE TABLE IF NOT EXISTS customs_resell (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  order_id    TEXT NOT NULL,
  status      TEXT NOT NULL,
  fields      TEXT NOT NULL,            -- JSON of the optional declaration fields
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  UNIQUE (user_id, order_id)
);
