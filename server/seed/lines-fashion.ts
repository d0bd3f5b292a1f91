// Product lines of the fashion and beauty groups (女装, 男装, 箱包, 鞋靴, 珠宝配饰, 美妆个护): which
// brands sell what, at what price, described how. server/seed/lines.ts maps each leaf category
// to one line. Prices are in the merchant's currency's main unit (USD/EUR/GBP).
import type { Line } from './vocab';

const CLASSIC = ['Classic', '经典款'] as const;
const LEATHER = ['Leather', '真皮'] as const;
const LIGHT = ['Lightweight', '轻量'] as const;
const RETRO = ['Retro', '复古'] as const;
const MINIMAL = ['Minimalist', '极简'] as const;
const LIMITED = ['Limited Edition', '限量版'] as const;
const TRAVEL = ['Travel-Size', '旅行装'] as const;
const GIFT = ['Gift Set', '礼盒装'] as const;
const PORTABLE = ['Portable', '便携'] as const;

export const FASHION_LINES = {
  coats: {
    kind: 'apparel',
    price: [120, 1200],
    brands: ['maxmara', 'burberry', 'ralphlauren', 'hugoboss', 'tommy', 'sandro'],
    adjectives: [CLASSIC, ['Oversized', '宽松'], ['Slim-Fit', '修身'], ['Cropped', '短款'], ['Longline', '长款']],
  },
  down: {
    kind: 'apparel',
    price: [150, 1500],
    brands: ['canadagoose', 'moncler', 'northface', 'columbia', 'patagonia'],
    adjectives: [LIGHT, ['Hooded', '连帽'], ['Cropped', '短款'], ['Longline', '长款']],
  },
  leather: {
    kind: 'apparel',
    price: [250, 1200],
    brands: ['allsaints', 'schott', 'coach', 'burberry', 'ralphlauren'],
    adjectives: [['Biker', '机车'], RETRO, ['Slim-Fit', '修身'], LEATHER],
  },
  outdoor: {
    kind: 'apparel',
    price: [90, 700],
    brands: ['arcteryx', 'northface', 'patagonia', 'columbia', 'mammut'],
    adjectives: [['Waterproof', '防水'], ['Gore-Tex', 'GORE-TEX'], LIGHT, ['Hooded', '连帽']],
  },
  tops: {
    kind: 'apparel',
    price: [25, 260],
    brands: ['ralphlauren', 'tommy', 'ck', 'lacoste', 'champion', 'abercrombie', 'jcrew', 'gap'],
    adjectives: [
      CLASSIC,
      ['Oversized', '宽松'],
      ['Slim-Fit', '修身'],
      ['Organic Cotton', '有机棉'],
      ['Cashmere-Blend', '羊绒混纺'],
    ],
  },
  dresses: {
    kind: 'apparel',
    price: [60, 650],
    brands: ['dvf', 'selfportrait', 'tedbaker', 'sandro', 'maje', 'reformation', 'ralphlauren'],
    adjectives: [
      ['Floral', '碎花'],
      ['Lace', '蕾丝'],
      ['Midi', '中长款'],
      ['French-Style', '法式'],
      ['Belted', '收腰'],
    ],
  },
  bottoms: {
    kind: 'apparel',
    price: [35, 240],
    brands: ['levis', 'ck', 'ralphlauren', 'tommy', 'abercrombie', 'gap', 'dickies'],
    adjectives: [CLASSIC, ['High-Rise', '高腰'], ['Relaxed', '宽松'], ['Slim-Fit', '修身'], ['Stretch', '弹力']],
  },
  lingerie: {
    kind: 'apparel',
    price: [18, 140],
    brands: ['victoriassecret', 'ck', 'wacoal', 'triumph', 'spanx', 'hanro'],
    adjectives: [['Seamless', '无痕'], ['Lace', '蕾丝'], ['Modal', '莫代尔'], ['Soft', '柔软'], CLASSIC],
  },
  underwear: {
    kind: 'apparel',
    price: [15, 120],
    brands: ['ck', 'tommy', 'hugoboss', 'hanro', 'ralphlauren'],
    adjectives: [['Cotton Stretch', '弹力棉'], ['Modal', '莫代尔'], ['Soft', '柔软'], CLASSIC],
  },
  hosiery: {
    kind: 'apparel',
    price: [9, 60],
    brands: ['falke', 'wolford', 'happysocks', 'stance', 'ck'],
    adjectives: [['3-Pack', '三双装'], ['Thick', '加厚'], ['Stretch', '弹力'], CLASSIC],
  },
  swim: {
    kind: 'apparel',
    price: [30, 220],
    brands: ['seafolly', 'speedo', 'arena', 'ralphlauren'],
    adjectives: [['Quick-Dry', '速干'], ['Printed', '印花'], CLASSIC],
  },
  tailoring: {
    kind: 'apparel',
    price: [60, 1400],
    brands: ['hugoboss', 'brooksbrothers', 'zegna', 'paulsmith', 'ralphlauren'],
    adjectives: [CLASSIC, ['Business', '商务'], ['Slim-Fit', '修身'], ['Italian-Style', '意式']],
  },
  activewear: {
    kind: 'apparel',
    price: [25, 180],
    brands: ['nike', 'adidas', 'underarmour', 'lululemon', 'puma', 'rapha'],
    adjectives: [['Quick-Dry', '速干'], ['Breathable', '透气'], LIGHT, ['Slim-Fit', '修身']],
  },
  accessories: {
    kind: 'accessory',
    price: [25, 450],
    brands: ['burberry', 'ralphlauren', 'acne', 'coach', 'katespade', 'tommy', 'kangol'],
    adjectives: [CLASSIC, ['Check', '格纹'], MINIMAL, ['Wool-Blend', '羊毛混纺']],
  },
  hairacc: {
    kind: 'accessory',
    price: [20, 200],
    brands: ['alexandre', 'katespade', 'toryburch', 'vivienne'],
    adjectives: [['Pearl', '珍珠'], ['Velvet', '丝绒'], CLASSIC, MINIMAL],
  },
  umbrellas: {
    kind: 'accessory',
    price: [25, 250],
    brands: ['fulton', 'totes', 'burberry'],
    adjectives: [
      ['Automatic', '自动'],
      ['Folding', '折叠'],
      ['Check', '格纹'],
      ['Windproof', '防风'],
    ],
  },
  ties: {
    kind: 'accessory',
    price: [40, 220],
    brands: ['hugoboss', 'brooksbrothers', 'paulsmith', 'ralphlauren', 'zegna'],
    adjectives: [['Silk', '真丝'], ['Striped', '条纹'], CLASSIC, ['Business', '商务']],
  },
  eyewear: {
    kind: 'accessory',
    price: [90, 420],
    brands: ['rayban', 'oakley', 'persol', 'tomford', 'gucci'],
    adjectives: [CLASSIC, RETRO, LIGHT, ['Square', '方框'], ['Round', '圆框']],
  },
  belts: {
    kind: 'accessory',
    price: [60, 550],
    brands: ['coach', 'gucci', 'ferragamo', 'montblanc', 'hugoboss', 'tommy'],
    adjectives: [LEATHER, ['Reversible', '双面'], CLASSIC, MINIMAL],
  },
  watches: {
    kind: 'accessory',
    price: [120, 2600],
    brands: ['tissot', 'longines', 'seiko', 'citizen', 'dw', 'fossil', 'michaelkors'],
    adjectives: [['Automatic', '自动机械'], ['Quartz', '石英'], ['Steel Bracelet', '钢带'], CLASSIC],
  },
  cufflinks: {
    kind: 'jewelry',
    price: [60, 480],
    brands: ['montblanc', 'hugoboss', 'paulsmith', 'linksoflondon', 'tiffany'],
    adjectives: [['Sterling Silver', '925银'], ['Engraved', '刻纹'], CLASSIC, GIFT],
    sizes: null,
  },
  // 箱包
  handbags: {
    kind: 'bags',
    price: [90, 1300],
    brands: ['coach', 'michaelkors', 'katespade', 'longchamp', 'toryburch', 'furla', 'marcjacobs'],
    adjectives: [LEATHER, ['Mini', '迷你'], ['Canvas', '帆布'], ['Quilted', '菱格'], CLASSIC],
  },
  wallets: {
    kind: 'bags',
    price: [45, 450],
    brands: ['coach', 'michaelkors', 'katespade', 'toryburch', 'longchamp', 'montblanc', 'furla'],
    adjectives: [LEATHER, ['Mini', '迷你'], ['Zip-Around', '拉链'], CLASSIC],
  },
  mensbags: {
    kind: 'bags',
    price: [70, 900],
    brands: ['coach', 'tumi', 'montblanc', 'herschel', 'samsonite', 'hugoboss'],
    adjectives: [LEATHER, ['Nylon', '尼龙'], ['Business', '商务'], ['Large-Capacity', '大容量'], CLASSIC],
  },
  luggage: {
    kind: 'bags',
    price: [150, 1300],
    brands: ['rimowa', 'samsonite', 'tumi', 'delsey', 'away'],
    adjectives: [['Aluminium', '铝镁合金'], ['Polycarbonate', '聚碳酸酯'], ['Expandable', '可扩展'], LIGHT],
  },
  // 鞋靴
  sneakers: {
    kind: 'shoes',
    price: [60, 220],
    brands: ['nike', 'adidas', 'newbalance', 'converse', 'vans', 'puma', 'veja'],
    adjectives: [RETRO, CLASSIC, ['Low-Top', '低帮'], ['High-Top', '高帮'], LIGHT],
  },
  running: {
    kind: 'shoes',
    price: [90, 260],
    brands: ['nike', 'adidas', 'asics', 'hoka', 'newbalance', 'brooks', 'saucony'],
    adjectives: [['Cushioned', '缓震'], LIGHT, ['Breathable', '透气'], ['Racing', '竞速']],
  },
  basketball: {
    kind: 'shoes',
    price: [90, 240],
    brands: ['nike', 'adidas', 'underarmour', 'puma'],
    adjectives: [
      ['Cushioned', '缓震'],
      ['High-Top', '高帮'],
      ['Low-Top', '低帮'],
      ['Performance', '实战'],
    ],
  },
  dressshoes: {
    kind: 'shoes',
    price: [110, 700],
    brands: ['clarks', 'colehaan', 'ferragamo', 'tods', 'churchs'],
    adjectives: [LEATHER, CLASSIC, RETRO, ['Soft-Sole', '软底']],
  },
  heels: {
    kind: 'shoes',
    price: [120, 900],
    brands: ['stuartweitzman', 'jimmychoo', 'samedelman', 'louboutin', 'ferragamo'],
    adjectives: [['Pointed-Toe', '尖头'], ['Stiletto', '细跟'], LEATHER, CLASSIC],
  },
  flats: {
    kind: 'shoes',
    price: [90, 600],
    brands: ['repetto', 'toryburch', 'ferragamo', 'samedelman', 'tods'],
    adjectives: [LEATHER, CLASSIC, ['Soft-Sole', '软底'], ['Pointed-Toe', '尖头']],
  },
  boots: {
    kind: 'shoes',
    price: [110, 450],
    brands: ['drmartens', 'timberland', 'ugg', 'redwing', 'blundstone', 'sorel'],
    adjectives: [['Waterproof', '防水'], LEATHER, RETRO, ['Fleece-Lined', '加绒']],
  },
  sandals: {
    kind: 'shoes',
    price: [30, 180],
    brands: ['birkenstock', 'teva', 'ugg', 'crocs', 'havaianas'],
    adjectives: [LIGHT, ['Soft-Sole', '软底'], CLASSIC, ['Non-Slip', '防滑']],
  },
  hiking: {
    kind: 'shoes',
    price: [100, 260],
    brands: ['salomon', 'merrell', 'northface', 'columbia'],
    adjectives: [['Waterproof', '防水'], LIGHT, ['Breathable', '透气'], ['Mid-Cut', '中帮']],
  },
  // 珠宝配饰
  silver: {
    kind: 'jewelry',
    price: [45, 450],
    brands: ['pandora', 'tiffany', 'thomassabo', 'georgjensen', 'apm'],
    adjectives: [['925 Sterling', '925'], MINIMAL, RETRO, CLASSIC],
  },
  diamond: {
    kind: 'jewelry',
    price: [600, 9000],
    brands: ['tiffany', 'cartier', 'debeers', 'harrywinston', 'chaumet', 'boucheron'],
    adjectives: [CLASSIC, ['Solitaire', '单钻'], ['Pavé', '群镶'], ['18K Gold', '18K金']],
  },
  jade: {
    kind: 'jewelry',
    price: [200, 4000],
    brands: ['chowtaifook', 'chowsangsang', 'lukfook', 'tsl'],
    adjectives: [['Icy', '冰种'], ['Certified', '带证书'], CLASSIC],
  },
  crystal: {
    kind: 'jewelry',
    price: [40, 400],
    brands: ['swarovski', 'chowtaifook', 'lukfook', 'thomassabo', 'pandora'],
    adjectives: [['Natural', '天然'], MINIMAL, ['Lucky', '招财'], CLASSIC],
  },
  gemstone: {
    kind: 'jewelry',
    price: [400, 7000],
    brands: ['tiffany', 'cartier', 'bvlgari', 'chopard', 'vca'],
    adjectives: [['18K Gold', '18K金'], CLASSIC, ['Certified', '带证书'], RETRO],
  },
  fashionjewelry: {
    kind: 'jewelry',
    price: [35, 260],
    brands: ['swarovski', 'pandora', 'katespade', 'marcjacobs', 'vivienne', 'apm', 'thomassabo'],
    adjectives: [MINIMAL, RETRO, CLASSIC, ['Pearl-Accent', '珍珠点缀']],
  },
  platinum: {
    kind: 'jewelry',
    price: [400, 5000],
    brands: ['tiffany', 'cartier', 'chowtaifook', 'debeers'],
    adjectives: [['PT950', 'PT950'], CLASSIC, MINIMAL],
  },
  beads: {
    kind: 'jewelry',
    price: [60, 1500],
    brands: ['chowtaifook', 'chowsangsang', 'lukfook'],
    adjectives: [['Natural', '天然'], ['108-Bead', '108颗'], CLASSIC],
  },
  pearl: {
    kind: 'jewelry',
    price: [120, 3500],
    brands: ['mikimoto', 'tasaki', 'majorica', 'tiffany'],
    adjectives: [['Akoya', 'Akoya'], ['Freshwater', '淡水'], CLASSIC, MINIMAL],
  },
  kgold: {
    kind: 'jewelry',
    price: [150, 2800],
    brands: ['tiffany', 'cartier', 'bvlgari', 'apm', 'chowtaifook', 'chowsangsang'],
    adjectives: [['18K', '18K'], MINIMAL, CLASSIC, ['Diamond-Set', '镶钻']],
  },
  gold: {
    kind: 'jewelry',
    price: [150, 3000],
    brands: ['chowtaifook', 'chowsangsang', 'lukfook', 'tsl'],
    adjectives: [['Ancient-Method', '古法'], ['Hard Gold', '硬金'], CLASSIC, ['Auspicious', '福字']],
  },
  // 美妆个护
  makeup: {
    kind: 'beauty',
    price: [18, 75],
    brands: ['esteelauder', 'lancome', 'mac', 'dior', 'ysl', 'nars', 'charlottetilbury', 'bobbibrown', 'armani'],
    adjectives: [['Long-Wear', '持久'], LIMITED, CLASSIC, TRAVEL],
    sizes: ['色号01', '色号02', '色号03', '色号05'],
  },
  fragrance: {
    kind: 'beauty',
    price: [45, 320],
    brands: ['chanel', 'dior', 'jomalone', 'diptyque', 'guerlain', 'tomford', 'byredo'],
    adjectives: [CLASSIC, LIMITED, TRAVEL, GIFT],
  },
  nails: {
    kind: 'beauty',
    price: [8, 30],
    brands: ['opi', 'essie', 'dior', 'chanel'],
    adjectives: [['Gel-Effect', '凝胶感'], ['Quick-Dry', '速干'], LIMITED, CLASSIC],
    sizes: ['色号01', '色号02', '色号03', '色号05'],
  },
  cotton: {
    kind: 'beauty',
    price: [3, 15],
    brands: ['muji', 'shiseido', 'swisspers'],
    adjectives: [['Organic Cotton', '有机棉'], PORTABLE, ['Value Pack', '超值装']],
    sizes: ['单包', '3包装'],
  },
  beautytools: {
    kind: 'beauty',
    price: [8, 60],
    brands: ['realtechniques', 'sigma', 'beautyblender', 'shuuemura', 'shiseido'],
    adjectives: [PORTABLE, CLASSIC, ['Professional', '专业款'], ['Soft', '柔软']],
    sizes: null,
  },
  beautydevices: {
    kind: 'electronics',
    price: [120, 450],
    brands: ['foreo', 'nuface', 'refa', 'tripollar'],
    adjectives: [PORTABLE, ['Professional', '专业款'], ['Home-Use', '家用']],
  },
  skincare: {
    kind: 'beauty',
    price: [20, 260],
    brands: [
      'esteelauder',
      'lancome',
      'lamer',
      'kiehls',
      'clinique',
      'skii',
      'shiseido',
      'larocheposay',
      'clarins',
      'sisley',
    ],
    adjectives: [['Hydrating', '保湿'], ['Brightening', '亮肤'], ['Repairing', '修护'], ['Gentle', '温和'], TRAVEL],
  },
  haircare: {
    kind: 'beauty',
    price: [18, 70],
    brands: ['kerastase', 'aveda', 'olaplex', 'moroccanoil', 'schwarzkopf'],
    adjectives: [['Repairing', '修护'], ['Nourishing', '滋养'], ['Volumizing', '蓬松'], TRAVEL],
  },
  haircolor: {
    kind: 'beauty',
    price: [10, 40],
    brands: ['loreal', 'schwarzkopf', 'wella'],
    adjectives: [
      ['Ammonia-Free', '无氨'],
      ['Plant-Based', '植物'],
      ['Long-Lasting', '持久'],
    ],
    sizes: ['单盒', '2盒装'],
  },
  hairloss: {
    kind: 'beauty',
    price: [25, 90],
    brands: ['rogaine', 'alpecin', 'nioxin', 'kerastase'],
    adjectives: [
      ['Caffeine', '咖啡因'],
      ['5% Minoxidil', '5%米诺地尔'],
      ['Strengthening', '强韧'],
    ],
  },
  hairtools: {
    kind: 'electronics',
    price: [60, 550],
    brands: ['dyson', 'panasonic', 'ghd', 'babyliss'],
    adjectives: [['Ionic', '负离子'], ['Fast-Drying', '速干'], PORTABLE, ['Professional', '专业款']],
  },
  bodycare: {
    kind: 'beauty',
    price: [8, 60],
    brands: ['dove', 'nivea', 'loccitane', 'aesop', 'neutrogena', 'cerave', 'bodyshop'],
    adjectives: [
      ['Moisturizing', '滋润'],
      ['Fragrance-Free', '无香'],
      ['Gentle', '温和'],
      ['Family-Size', '家庭装'],
    ],
    sizes: ['单件', '2件装', '3件装'],
  },
  hairremoval: {
    kind: 'beauty',
    price: [10, 380],
    brands: ['veet', 'braun', 'philips', 'gillette'],
    adjectives: [['Gentle', '温和'], ['Sensitive-Skin', '敏感肌'], PORTABLE],
    sizes: null,
  },
  menscare: {
    kind: 'beauty',
    price: [20, 90],
    brands: ['kiehls', 'clinique', 'labseries', 'biotherm', 'shiseido'],
    adjectives: [['Oil-Control', '控油'], ['Hydrating', '保湿'], ['Energizing', '活力'], TRAVEL],
  },
  shaving: {
    kind: 'beauty',
    price: [8, 60],
    brands: ['gillette', 'harrys', 'artofshaving', 'proraso', 'nivea'],
    adjectives: [['Sensitive-Skin', '敏感肌'], CLASSIC, TRAVEL, ['Soothing', '舒缓']],
  },
  razors: {
    kind: 'beauty',
    price: [8, 60],
    brands: ['gillette', 'harrys', 'artofshaving'],
    adjectives: [['5-Blade', '五刀头'], CLASSIC, ['Sensitive-Skin', '敏感肌']],
    sizes: ['1刀架1刀头', '1刀架4刀头'],
  },
  shavers: {
    kind: 'electronics',
    price: [60, 380],
    brands: ['braun', 'philips', 'panasonic'],
    adjectives: [['Wet & Dry', '干湿两用'], ['5-Blade', '五刀头'], PORTABLE],
  },
  oralcare: {
    kind: 'beauty',
    price: [4, 45],
    brands: ['colgate', 'crest', 'sensodyne', 'listerine', 'oralb', 'marvis'],
    adjectives: [
      ['Whitening', '美白'],
      ['Sensitive', '抗敏'],
      ['Fresh Mint', '清新薄荷'],
      ['Family-Size', '家庭装'],
    ],
    sizes: ['单件', '2件装', '3件装'],
  },
  dentaldevices: {
    kind: 'electronics',
    price: [40, 280],
    brands: ['philips', 'oralb', 'waterpik', 'panasonic'],
    adjectives: [['Sonic', '声波'], PORTABLE, ['Rechargeable', '充电式']],
  },
  femcare: {
    kind: 'beauty',
    price: [5, 25],
    brands: ['tampax', 'always', 'kotex'],
    adjectives: [
      ['Organic Cotton', '有机棉'],
      ['Ultra-Thin', '超薄'],
      ['Gentle', '温和'],
    ],
    sizes: ['单包', '3包装', '6包装'],
  },
  cups: {
    kind: 'beauty',
    price: [20, 45],
    brands: ['saalt', 'lunette', 'divacup'],
    adjectives: [
      ['Medical-Grade Silicone', '医用硅胶'],
      ['Soft', '柔软'],
      ['Beginner', '入门款'],
    ],
    sizes: ['S', 'L'],
  },
  intimate: {
    kind: 'beauty',
    price: [6, 20],
    brands: ['lactacyd', 'summerseve'],
    adjectives: [
      ['Gentle', '温和'],
      ['pH-Balanced', '弱酸性'],
      ['Fragrance-Free', '无香'],
    ],
    sizes: ['150ml', '250ml'],
  },
} as const satisfies Record<string, Line>;
