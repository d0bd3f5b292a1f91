// Word lists of the demo data set: merchants, variants, nicknames, medals. Merchants are invented
// (their sites are .example); brands are real ones (server/seed/brands.ts), sold in product lines
// (server/seed/lines*.ts) that fit each leaf category.
import type { BrandKey } from './brands';

/**
 * Product families: what a review says (server/seed/texts.ts) and what variants a product has.
 * Each product line (server/seed/lines.ts) has one.
 */
export type Kind =
  | 'apparel'
  | 'shoes'
  | 'bags'
  | 'beauty'
  | 'baby'
  | 'jewelry'
  | 'food'
  | 'drinks'
  | 'health'
  | 'electronics'
  | 'audio'
  | 'toys'
  | 'accessory'
  | 'general';

/** What a leaf category sells: its brands, price band, adjectives and variants. */
export interface Line {
  kind: Kind;
  /** Price range in the merchant currency's main unit (USD/EUR/GBP). */
  price: readonly [number, number];
  /** [English, Chinese] pairs for product names ("{brand} {adjective}{leaf term}"). */
  adjectives: ReadonlyArray<readonly [string, string]>;
  brands: readonly BrandKey[];
  /** Variant sizes when the kind's default does not fit (kids' wear in cm, coffee by weight); null for none. */
  sizes?: readonly string[] | null;
}

export type Currency = 'USD' | 'EUR' | 'GBP';
/** Exchange rates to yuan used for every SKU of the demo data (spec: shown price = cents x rate / 100). */
export const EXCHANGE_RATES: Record<Currency, number> = { USD: 7.12, EUR: 7.74, GBP: 9.05 };
export const CURRENCY_SIGN: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' };

export interface MerchantDef {
  name: string;
  nameCN: string;
  country: string;
  origin: string;
  currency: Currency;
  website: string;
  kinds: Kind[];
  description: string;
}

export const MERCHANTS: MerchantDef[] = [
  {
    name: 'Westbrook Department Store',
    nameCN: '韦斯特布鲁克百货',
    country: 'US',
    origin: '美国',
    currency: 'USD',
    website: 'https://www.westbrook-store.example',
    kinds: ['apparel', 'beauty', 'bags', 'jewelry', 'accessory', 'general'],
    description: '创立于1921年的纽约老牌百货，设计师服饰与美妆一站购齐。',
  },
  {
    name: 'Hudson & Vine',
    nameCN: '哈德逊藤蔓',
    country: 'US',
    origin: '美国',
    currency: 'USD',
    website: 'https://www.hudsonvine.example',
    kinds: ['apparel', 'shoes', 'bags', 'accessory'],
    description: '美东时尚买手店，主打轻奢与设计师品牌，折扣季力度大。',
  },
  {
    name: 'SoleCity',
    nameCN: '鞋城 SoleCity',
    country: 'US',
    origin: '美国',
    currency: 'USD',
    website: 'https://www.solecity.example',
    kinds: ['shoes'],
    description: '全美连锁鞋履专卖，运动鞋、靴子尺码齐全，支持宽版选择。',
  },
  {
    name: 'VitaHarbor',
    nameCN: '维他港',
    country: 'US',
    origin: '美国',
    currency: 'USD',
    website: 'https://www.vitaharbor.example',
    kinds: ['health', 'food', 'drinks', 'baby'],
    description: '美国营养补充剂零售商，批号新鲜，仓库恒温储存。',
  },
  {
    name: 'Maison Rivoli',
    nameCN: '里沃利之家',
    country: 'FR',
    origin: '法国',
    currency: 'EUR',
    website: 'https://www.maisonrivoli.example',
    kinds: ['beauty', 'bags', 'jewelry'],
    description: '巴黎里沃利街上的精品百货，法系护肤与皮具专场。',
  },
  {
    name: 'Kaufhaus Adler',
    nameCN: '阿德勒百货',
    country: 'DE',
    origin: '德国',
    currency: 'EUR',
    website: 'https://www.kaufhaus-adler.example',
    kinds: ['baby', 'electronics', 'audio', 'toys', 'food', 'drinks', 'general'],
    description: '德国家庭百货，母婴用品与厨房电器深受中国妈妈喜爱。',
  },
  {
    name: 'Thames & Hale',
    nameCN: '泰晤士黑尔',
    country: 'GB',
    origin: '英国',
    currency: 'GBP',
    website: 'https://www.thamesandhale.example',
    kinds: ['apparel', 'beauty', 'jewelry', 'bags', 'accessory'],
    description: '伦敦百年百货，英伦风衣与珠宝首饰是镇店之宝。',
  },
  {
    name: 'Milano Moda Outlet',
    nameCN: '米兰时尚奥莱',
    country: 'IT',
    origin: '意大利',
    currency: 'EUR',
    website: 'https://www.milanomoda.example',
    kinds: ['apparel', 'shoes', 'bags', 'accessory'],
    description: '意大利奥特莱斯线上店，过季大牌低至三折。',
  },
  {
    name: 'Camden Beauty House',
    nameCN: '卡姆登美妆',
    country: 'GB',
    origin: '英国',
    currency: 'GBP',
    website: 'https://www.camdenbeauty.example',
    kinds: ['beauty'],
    description: '英国美妆集合店，小众香氛与专业护肤品牌丰富。',
  },
  {
    name: 'BabyNest USA',
    nameCN: '贝贝巢',
    country: 'US',
    origin: '美国',
    currency: 'USD',
    website: 'https://www.babynest.example',
    kinds: ['baby', 'toys'],
    description: '美国母婴专营，安全座椅、推车与婴儿服饰一站齐全。',
  },
  {
    name: 'Gadget Depot',
    nameCN: '数码仓',
    country: 'US',
    origin: '美国',
    currency: 'USD',
    website: 'https://www.gadgetdepot.example',
    kinds: ['electronics', 'audio', 'toys'],
    description: '美国数码潮玩零售商，耳机音箱与游戏周边首发快。',
  },
  {
    name: 'Nordic Pantry',
    nameCN: '北欧食仓',
    country: 'DK',
    origin: '丹麦',
    currency: 'EUR',
    website: 'https://www.nordicpantry.example',
    kinds: ['food', 'drinks', 'health'],
    description: '哥本哈根的食品杂货店，北欧零食、咖啡与鱼油直邮。',
  },
];

export const COLOURS = [
  '黑色',
  '白色',
  '海军蓝',
  '燕麦色',
  '驼色',
  '酒红色',
  '雾霾蓝',
  '橄榄绿',
  '浅灰',
  '奶油白',
  '焦糖棕',
  '樱花粉',
];

export const SIZES: Record<Kind, string[] | null> = {
  apparel: ['XS', 'S', 'M', 'L', 'XL'],
  shoes: ['US 6', 'US 7', 'US 7.5', 'US 8', 'US 9', 'US 10', 'US 11'],
  bags: null,
  beauty: ['15ml', '30ml', '50ml', '100ml'],
  baby: ['0-3个月', '3-6个月', '6-12个月', '12-18个月'],
  jewelry: null, // by leaf: server/seed/lines.ts sizesFor
  food: ['200g', '500g', '12袋装', '1kg'],
  drinks: ['单瓶', '6瓶装', '12瓶装'],
  health: ['60粒', '120粒', '180粒'],
  electronics: null,
  audio: null,
  toys: null,
  accessory: null,
  general: null,
};

/** Kinds whose variants have a colour. */
export const HAS_COLOUR: Record<Kind, boolean> = {
  apparel: true,
  shoes: true,
  bags: true,
  beauty: false,
  baby: true,
  jewelry: true,
  food: false,
  drinks: false,
  health: false,
  electronics: true,
  audio: true,
  toys: false,
  accessory: true,
  general: true,
};

/** Shoe width choices (Sku attributes width.choices). */
export const WIDTHS = ['标准', '宽', '加宽'];

export const MARKS = ['直邮', '包税', '正品保证', '官方授权', '现货'];
export const LABELS = ['满$150包邮', '新人专享', '热卖', '限时折扣', '满2件9折', '海外直发'];

export const NICK_PREFIX = [
  '爱吃草莓的',
  '上海的',
  '认真生活的',
  '快乐的',
  '不熬夜的',
  '海淘',
  '精致的',
  '北京',
  '深圳',
  '佛系',
  '一只',
  '杭州的',
];
export const NICK_SUFFIX = [
  '小熊',
  '猫咪',
  'Lily',
  '小能手',
  '打工人',
  '宝妈',
  '阿杰',
  'Amy',
  '胖虎',
  '小鹿',
  '老司机',
  '兔子',
  'Kevin',
  '橙子',
];

export const MEDALS: Array<{ id: string; text: string }> = [
  { id: 'm1', text: '晒单达人' },
  { id: 'm2', text: '海淘老司机' },
  { id: 'm3', text: '品质鉴赏官' },
  { id: 'm4', text: 'VIP会员' },
  { id: 'm5', text: '种草能手' },
  { id: 'm6', text: '新人' },
];

/** Review picture sizes: [width, height], varied aspect ratios as phones produce them. */
export const PICTURE_SIZES: ReadonlyArray<readonly [number, number]> = [
  [1080, 1440],
  [1440, 1080],
  [1080, 1080],
  [720, 1280],
  [1280, 720],
  [800, 1200],
  [1200, 800],
  [960, 1280],
  [1242, 1656],
  [750, 1000],
  [1000, 750],
  [640, 640],
];

export const VIDEO_COVER_SIZES: ReadonlyArray<readonly [number, number]> = [
  [720, 1280],
  [1280, 720],
  [960, 960],
];
