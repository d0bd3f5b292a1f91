// Word lists of the demo data set: merchants, brands, variants, nicknames, medals.
// Names are invented but sound like the US/EU retailers and brands the site's shoppers buy from.

/** Product families, derived from the top-level category group (spec section 3). */
export type Kind =
  | 'apparel' | 'shoes' | 'bags' | 'beauty' | 'baby' | 'jewelry' | 'food' | 'health' | 'electronics' | 'general';

/** Top-level group id -> family (spec section 3, "Top-level groups and ids"). */
export const GROUP_KIND: Record<string, Kind> = {
  '8': 'apparel', '9': 'apparel', e: 'bags', b: 'beauty', k: 'shoes', g: 'baby',
  f: 'jewelry', c: 'food', d: 'health', a: 'electronics',
};

export type Currency = 'USD' | 'EUR' | 'GBP';
/** Exchange rates to yuan used for every SKU of the demo data (spec: shown price = cents x rate / 100). */
export const EXCHANGE_RATES: Record<Currency, number> = { USD: 7.12, EUR: 7.74, GBP: 9.05 };
export const CURRENCY_SIGN: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' };

export interface MerchantDef {
  name: string; nameCN: string; country: string; origin: string; currency: Currency;
  website: string; kinds: Kind[]; description: string;
}

export const MERCHANTS: MerchantDef[] = [
  { name: 'Westbrook Department Store', nameCN: '韦斯特布鲁克百货', country: 'US', origin: '美国', currency: 'USD', website: 'https://www.westbrook-store.example', kinds: ['apparel', 'beauty', 'bags', 'jewelry', 'general'], description: '创立于1921年的纽约老牌百货，设计师服饰与美妆一站购齐。' },
  { name: 'Hudson & Vine', nameCN: '哈德逊藤蔓', country: 'US', origin: '美国', currency: 'USD', website: 'https://www.hudsonvine.example', kinds: ['apparel', 'shoes', 'bags'], description: '美东时尚买手店，主打轻奢与设计师品牌，折扣季力度大。' },
  { name: 'SoleCity', nameCN: '鞋城 SoleCity', country: 'US', origin: '美国', currency: 'USD', website: 'https://www.solecity.example', kinds: ['shoes'], description: '全美连锁鞋履专卖，运动鞋、靴子尺码齐全，支持宽版选择。' },
  { name: 'VitaHarbor', nameCN: '维他港', country: 'US', origin: '美国', currency: 'USD', website: 'https://www.vitaharbor.example', kinds: ['health', 'food', 'baby'], description: '美国营养补充剂零售商，批号新鲜，仓库恒温储存。' },
  { name: 'Maison Rivoli', nameCN: '里沃利之家', country: 'FR', origin: '法国', currency: 'EUR', website: 'https://www.maisonrivoli.example', kinds: ['beauty', 'bags', 'jewelry'], description: '巴黎里沃利街上的精品百货，法系护肤与皮具专场。' },
  { name: 'Kaufhaus Adler', nameCN: '阿德勒百货', country: 'DE', origin: '德国', currency: 'EUR', website: 'https://www.kaufhaus-adler.example', kinds: ['baby', 'electronics', 'food', 'general'], description: '德国家庭百货，母婴用品与厨房电器深受中国妈妈喜爱。' },
  { name: 'Thames & Hale', nameCN: '泰晤士黑尔', country: 'GB', origin: '英国', currency: 'GBP', website: 'https://www.thamesandhale.example', kinds: ['apparel', 'beauty', 'jewelry', 'bags'], description: '伦敦百年百货，英伦风衣与珠宝首饰是镇店之宝。' },
  { name: 'Milano Moda Outlet', nameCN: '米兰时尚奥莱', country: 'IT', origin: '意大利', currency: 'EUR', website: 'https://www.milanomoda.example', kinds: ['apparel', 'shoes', 'bags'], description: '意大利奥特莱斯线上店，过季大牌低至三折。' },
  { name: 'Camden Beauty House', nameCN: '卡姆登美妆', country: 'GB', origin: '英国', currency: 'GBP', website: 'https://www.camdenbeauty.example', kinds: ['beauty'], description: '英国美妆集合店，小众香氛与专业护肤品牌丰富。' },
  { name: 'BabyNest USA', nameCN: '贝贝巢', country: 'US', origin: '美国', currency: 'USD', website: 'https://www.babynest.example', kinds: ['baby'], description: '美国母婴专营，安全座椅、推车与婴儿服饰一站齐全。' },
  { name: 'Gadget Depot', nameCN: '数码仓', country: 'US', origin: '美国', currency: 'USD', website: 'https://www.gadgetdepot.example', kinds: ['electronics'], description: '美国数码潮玩零售商，耳机音箱与游戏周边首发快。' },
  { name: 'Nordic Pantry', nameCN: '北欧食仓', country: 'DK', origin: '丹麦', currency: 'EUR', website: 'https://www.nordicpantry.example', kinds: ['food', 'health'], description: '哥本哈根的食品杂货店，北欧零食、咖啡与鱼油直邮。' },
];

export interface BrandDef { name: string; nameCN: string; country: string; kinds: Kind[] }

export const BRANDS: BrandDef[] = [
  { name: 'Hartwell & Co.', nameCN: '哈特威尔', country: '美国', kinds: ['apparel'] },
  { name: 'Maison Orée', nameCN: '奥蕾之家', country: '法国', kinds: ['apparel', 'bags'] },
  { name: 'Nordvik', nameCN: '诺德维克', country: '瑞典', kinds: ['apparel'] },
  { name: 'Calder Row', nameCN: '卡尔德街', country: '英国', kinds: ['apparel', 'shoes'] },
  { name: 'Linea Bianca', nameCN: '白线', country: '意大利', kinds: ['apparel'] },
  { name: 'Westport Supply', nameCN: '西港制衣', country: '美国', kinds: ['apparel', 'bags'] },
  { name: 'Stridewell', nameCN: '步履佳', country: '美国', kinds: ['shoes'] },
  { name: 'Alpen Trail', nameCN: '阿尔卑径', country: '德国', kinds: ['shoes', 'apparel'] },
  { name: 'Cobble & Lane', nameCN: '卵石巷', country: '英国', kinds: ['shoes'] },
  { name: 'Velora', nameCN: '维洛拉', country: '意大利', kinds: ['shoes', 'bags'] },
  { name: 'Atelier Vanté', nameCN: '梵缇工坊', country: '法国', kinds: ['bags', 'jewelry'] },
  { name: 'Brookmere', nameCN: '布鲁克米尔', country: '美国', kinds: ['bags'] },
  { name: 'Sorrento Pelle', nameCN: '索伦托皮具', country: '意大利', kinds: ['bags'] },
  { name: 'Clairbel', nameCN: '克莱贝尔', country: '法国', kinds: ['beauty'] },
  { name: 'Dermaya', nameCN: '德玛雅', country: '美国', kinds: ['beauty'] },
  { name: 'Rosewell Botanics', nameCN: '玫之井', country: '英国', kinds: ['beauty'] },
  { name: 'Lumivé', nameCN: '露米薇', country: '法国', kinds: ['beauty'] },
  { name: 'Little Acorn', nameCN: '小橡果', country: '美国', kinds: ['baby'] },
  { name: 'Kindhaus', nameCN: '金德豪斯', country: '德国', kinds: ['baby'] },
  { name: 'Nestling', nameCN: '雏鸟', country: '英国', kinds: ['baby'] },
  { name: 'Aurelia Fine Jewelry', nameCN: '奥蕾莉亚', country: '美国', kinds: ['jewelry'] },
  { name: 'Silverbirch', nameCN: '银桦', country: '英国', kinds: ['jewelry'] },
  { name: 'Bellamar', nameCN: '贝拉玛', country: '意大利', kinds: ['jewelry'] },
  { name: 'Maple Hollow', nameCN: '枫谷', country: '加拿大', kinds: ['food'] },
  { name: 'Alpenhof', nameCN: '阿尔彭霍夫', country: '德国', kinds: ['food'] },
  { name: 'Highland Larder', nameCN: '高地食仓', country: '英国', kinds: ['food'] },
  { name: 'NutriPeak', nameCN: '纽萃峰', country: '美国', kinds: ['health'] },
  { name: 'Vitalis Nord', nameCN: '维塔诺德', country: '挪威', kinds: ['health', 'food'] },
  { name: 'PureOrigin', nameCN: '纯源', country: '美国', kinds: ['health', 'baby'] },
  { name: 'Kestrel Audio', nameCN: '红隼音频', country: '英国', kinds: ['electronics'] },
  { name: 'PixelForge', nameCN: '像素锻造', country: '美国', kinds: ['electronics'] },
  { name: 'Soundcraft Labs', nameCN: '声工坊', country: '美国', kinds: ['electronics'] },
  { name: 'Everyday Goods', nameCN: '日常良品', country: '美国', kinds: ['general'] },
  { name: 'Oak & Ember', nameCN: '橡木余烬', country: '美国', kinds: ['general', 'apparel'] },
];

/** [English, Chinese] adjective pairs per family for product names. */
export const ADJECTIVES: Record<Kind, ReadonlyArray<readonly [string, string]>> = {
  apparel: [['Classic', '经典款'], ['Oversized', '宽松'], ['Slim-Fit', '修身'], ['Cashmere-Blend', '羊绒混纺'], ['Lightweight', '轻薄'], ['Organic Cotton', '有机棉']],
  shoes: [['Cushioned', '缓震'], ['Waterproof', '防水'], ['Leather', '真皮'], ['Retro', '复古'], ['Lightweight', '轻量']],
  bags: [['Leather', '真皮'], ['Mini', '迷你'], ['Canvas', '帆布'], ['Quilted', '菱格'], ['Convertible', '两用']],
  beauty: [['Hydrating', '保湿'], ['Brightening', '亮肤'], ['Repairing', '修护'], ['Gentle', '温和'], ['Travel-Size', '旅行装']],
  baby: [['Organic', '有机'], ['Soft', '柔软'], ['Portable', '便携'], ['Stage 1', '一段'], ['Hypoallergenic', '低敏']],
  jewelry: [['Sterling Silver', '925银'], ['18K Gold', '18K金'], ['Freshwater Pearl', '淡水珍珠'], ['Minimalist', '极简'], ['Vintage', '复古']],
  food: [['Organic', '有机'], ['Sea Salt', '海盐'], ['Dark Chocolate', '黑巧克力'], ['Family Pack', '家庭装'], ['Gift Box', '礼盒装']],
  health: [['High-Potency', '高含量'], ['Triple-Strength', '三倍浓度'], ['Vegan', '纯素'], ['Gummy', '软糖'], ['Extended-Release', '缓释']],
  electronics: [['Wireless', '无线'], ['Noise-Cancelling', '降噪'], ['Portable', '便携'], ['Limited Edition', '限量版'], ['Pro', 'Pro版']],
  general: [['Everyday', '日常'], ['Premium', '高级'], ['Compact', '小巧']],
};

/** Price range in the source currency's main unit, per family. */
export const PRICE_RANGE: Record<Kind, readonly [number, number]> = {
  apparel: [25, 420], shoes: [55, 260], bags: [80, 1200], beauty: [12, 160], baby: [9, 320],
  jewelry: [35, 900], food: [4, 60], health: [9, 80], electronics: [25, 600], general: [15, 200],
};

export const COLOURS = ['黑色', '白色', '海军蓝', '燕麦色', '驼色', '酒红色', '雾霾蓝', '橄榄绿', '浅灰', '奶油白', '焦糖棕', '樱花粉'];

export const SIZES: Record<Kind, string[] | null> = {
  apparel: ['XS', 'S', 'M', 'L', 'XL'],
  shoes: ['US 6', 'US 7', 'US 7.5', 'US 8', 'US 9', 'US 10', 'US 11'],
  bags: null,
  beauty: ['15ml', '30ml', '50ml', '100ml'],
  baby: ['0-3个月', '3-6个月', '6-12个月', '12-18个月'],
  jewelry: ['均码', '16cm', '18cm', '45cm'],
  food: ['200g', '500g', '12袋装', '1kg'],
  health: ['60粒', '120粒', '180粒'],
  electronics: null,
  general: null,
};

/** Kinds whose variants have a colour. */
export const HAS_COLOUR: Record<Kind, boolean> = {
  apparel: true, shoes: true, bags: true, beauty: false, baby: true, jewelry: true,
  food: false, health: false, electronics: true, general: true,
};

/** Shoe width choices (Sku attributes width.choices). */
export const WIDTHS = ['标准', '宽', '加宽'];

export const MARKS = ['直邮', '包税', '正品保证', '官方授权', '现货'];
export const LABELS = ['满$150包邮', '新人专享', '热卖', '限时折扣', '满2件9折', '海外直发'];

export const NICK_PREFIX = ['爱吃草莓的', '上海的', '认真生活的', '快乐的', '不熬夜的', '海淘', '精致的', '北京', '深圳', '佛系', '一只', '杭州的'];
export const NICK_SUFFIX = ['小熊', '猫咪', 'Lily', '小能手', '打工人', '宝妈', '阿杰', 'Amy', '胖虎', '小鹿', '老司机', '兔子', 'Kevin', '橙子'];

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
  [1080, 1440], [1440, 1080], [1080, 1080], [720, 1280], [1280, 720], [800, 1200],
  [1200, 800], [960, 1280], [1242, 1656], [750, 1000], [1000, 750], [640, 640],
];

export const VIDEO_COVER_SIZES: ReadonlyArray<readonly [number, number]> = [[720, 1280], [1280, 720], [960, 960]];
