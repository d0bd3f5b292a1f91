// The category catalogue as a compact table: the single place where categories are edited.
// `build-categories.ts` turns it into data/categories.json (the body of
// GET /api/v2/productcategories). Ids are not written here: they are derived from the order,
// one digit per level (0-9 then a-z), so keep the order stable once a catalogue is published.
//
// Weights (spec section 9, "Default shipping weights") are set only where the spec gives
// them; everything else inherits from its ancestors or the store-wide default
// (src/catalogue/weight.ts). `noRec` marks the spec's search-recommendation exclusions and
// `noDisabled` the spec's nodes that lack a `disabled` flag (both kept as data on purpose).

export interface NodeOptions {
  /** weightInPounds */
  w?: number;
  /** searchRecommend: false (spec section 9, "Search recommendation exclusions") */
  noRec?: true;
  /** no `disabled` field at all (spec section 9, "Categories without a disabled flag") */
  noDisabled?: true;
  /** disabled: true (category not sold at the moment) */
  disabled?: true;
  /** mappingTerm when it differs from displayTerm */
  map?: string;
}

export interface LeafSource {
  zh: string;
  en: string;
  opts: NodeOptions;
}
export interface GroupSource extends LeafSource {
  leaves: LeafSource[];
}
export interface TopSource {
  id: string;
  zh: string;
  en: string;
  groups: GroupSource[];
}

const L = (zh: string, en: string, opts: NodeOptions = {}): LeafSource => ({ zh, en, opts });
const G = (zh: string, en: string, opts: NodeOptions, leaves: LeafSource[]): GroupSource => ({ zh, en, opts, leaves });

// Spec section 9: jewelry weighs 3 lb per second-level group and 0.5 lb per leaf.
const JG = { w: 3 };
const J = (zh: string, en: string, opts: NodeOptions = {}) => L(zh, en, { w: 0.5, ...opts });
// Spec section 9: every video-games node weighs 2 lb.
const VG = (zh: string, en: string) => L(zh, en, { w: 2 });

/** Top-level groups in the spec's order (section 3, "Top-level groups and ids"). */
export const catalogueSource: TopSource[] = [
  {
    id: '8',
    zh: '女装',
    en: "Women's Clothing",
    groups: [
      G('外套', 'Coats', { w: 3 }, [
        L('大衣', 'Wool Coats'),
        L('羽绒服', 'Down Jackets'),
        L('风衣', 'Trench Coats'),
        L('夹克', 'Jackets'),
        L('西装外套', 'Blazers'),
        L('皮衣', 'Leather Jackets'),
        L('棉服', 'Padded Jackets'),
      ]),
      G('上装', 'Tops', {}, [
        L('T恤', 'T-Shirts', { w: 0.5, map: 'T恤 短袖' }),
        L('衬衫', 'Shirts & Blouses'),
        L('卫衣', 'Hoodies & Sweatshirts'),
        L('针织衫', 'Sweaters'),
        L('开衫', 'Cardigans'),
        L('吊带背心', 'Tanks & Camis'),
        L('Polo衫', 'Polo Shirts'),
      ]),
      G('裙装', 'Dresses & Skirts', {}, [
        L('连衣裙', 'Dresses'),
        L('半身裙', 'Skirts'),
        L('礼服', 'Evening Gowns'),
        L('针织裙', 'Knit Dresses'),
        L('衬衫裙', 'Shirt Dresses'),
      ]),
      G('裤装', 'Pants', {}, [
        L('牛仔裤', 'Jeans'),
        L('休闲裤', 'Casual Pants'),
        L('阔腿裤', 'Wide-Leg Pants'),
        L('打底裤', 'Leggings'),
        L('运动裤', 'Sweatpants'),
        L('短裤', 'Shorts'),
        L('连体裤', 'Jumpsuits'),
      ]),
      G('内衣', 'Lingerie', {}, [
        L('文胸', 'Bras'),
        L('内裤', 'Panties'),
        L('睡衣家居服', 'Sleepwear & Loungewear'),
        L('塑身衣', 'Shapewear'),
        L('吊袜带', 'Garter Belts', { noRec: true }),
        L('袜子', 'Socks', { w: 0.5 }),
        L('连裤袜', 'Tights & Pantyhose'),
        L('泳装', 'Swimwear'),
      ]),
      G('配饰', 'Accessories', {}, [
        L('太阳镜', 'Sunglasses', { w: 0.5, map: '太阳镜 墨镜' }),
        L('眼镜框', 'Eyeglass Frames', { noRec: true }),
        L('帽子', 'Hats'),
        L('围巾披肩', 'Scarves & Wraps'),
        L('腰带', 'Belts'),
        L('手套', 'Gloves'),
        L('发饰', 'Hair Accessories'),
        L('女表', "Women's Watches"),
        L('雨伞', 'Umbrellas'),
      ]),
    ],
  },
  {
    id: '9',
    zh: '男装',
    en: "Men's Clothing",
    groups: [
      G('外套', 'Coats', { w: 3 }, [
        L('大衣', 'Overcoats'),
        L('羽绒服', 'Down Jackets'),
        L('夹克', 'Jackets'),
        L('风衣', 'Trench Coats'),
        L('皮衣', 'Leather Jackets'),
        L('冲锋衣', 'Shell Jackets'),
      ]),
      G('上装', 'Tops', {}, [
        L('T恤', 'T-Shirts', { w: 0.5, map: 'T恤 短袖' }),
        L('衬衫', 'Shirts'),
        L('Polo衫', 'Polo Shirts'),
        L('卫衣', 'Hoodies & Sweatshirts'),
        L('毛衣', 'Sweaters'),
        L('开衫', 'Cardigans'),
      ]),
      G('裤装', 'Pants', {}, [
        L('牛仔裤', 'Jeans'),
        L('休闲裤', 'Chinos & Casual Pants'),
        L('运动裤', 'Sweatpants'),
        L('短裤', 'Shorts'),
        L('工装裤', 'Cargo Pants'),
      ]),
      G('西装正装', 'Suits & Formalwear', {}, [
        L('西装套装', 'Suits'),
        L('西裤', 'Dress Trousers'),
        L('正装衬衫', 'Dress Shirts'),
        L('领带', 'Ties'),
        L('领结', 'Bow Ties'),
      ]),
      G('内衣家居', 'Underwear & Loungewear', {}, [
        L('内裤', 'Underwear'),
        L('袜子', 'Socks', { w: 0.5 }),
        L('睡衣家居服', 'Pajamas & Loungewear'),
        L('保暖内衣', 'Thermal Underwear'),
        L('泳裤', 'Swim Trunks'),
      ]),
      G('运动服饰', 'Activewear', {}, [
        L('运动上衣', 'Athletic Tops'),
        L('运动套装', 'Tracksuits'),
        L('运动短裤', 'Athletic Shorts'),
        L('压缩衣', 'Compression Wear'),
        L('骑行服', 'Cycling Wear'),
      ]),
      G('配饰', 'Accessories', {}, [
        L('男表', "Men's Watches", { w: 2 }),
        L('太阳镜', 'Sunglasses', { w: 0.5, map: '太阳镜 墨镜' }),
        L('袖扣', 'Cufflinks', { noRec: true }),
        L('腰带', 'Belts'),
        L('帽子', 'Hats'),
        L('围巾', 'Scarves'),
        L('手套', 'Gloves'),
        L('领带夹', 'Tie Clips'),
      ]),
    ],
  },
  {
    id: 'e',
    zh: '箱包',
    en: 'Bags',
    groups: [
      G('女包', "Women's Bags", {}, [
        L('单肩包', 'Shoulder Bags'),
        L('斜挎包', 'Crossbody Bags'),
        L('手提包', 'Handbags'),
        L('托特包', 'Tote Bags'),
        L('双肩包', "Women's Backpacks", { w: 2.5, map: '双肩包 背包' }),
        L('钱包', 'Wallets'),
        L('手拿包', 'Clutches'),
        L('腰包', 'Belt Bags'),
        L('卡包', 'Card Holders'),
      ]),
      G('男包', "Men's Bags", {}, [
        L('双肩包', "Men's Backpacks", { w: 3, map: '双肩包 背包' }),
        L('公文包', 'Briefcases'),
        L('斜挎包', 'Messenger Bags'),
        L('钱包', 'Wallets'),
        L('胸包', 'Sling Bags'),
        L('卡包', 'Card Holders'),
        L('电脑包', 'Laptop Bags'),
      ]),
      G('旅行箱', 'Luggage', { w: 18 }, [
        L('拉杆箱', 'Rolling Suitcases'),
        L('登机箱', 'Carry-On Luggage'),
        L('托运箱', 'Checked Luggage'),
        L('旅行袋', 'Duffel Bags'),
        L('行李箱套装', 'Luggage Sets'),
      ]),
    ],
  },
  {
    id: 'b',
    zh: '美妆个护',
    en: 'Beauty & Personal Care',
    groups: [
      G('彩妆', 'Makeup', {}, [
        L('口红', 'Lipsticks', { w: 0.2, map: '口红 唇膏' }),
        L('唇釉唇彩', 'Lip Gloss'),
        L('粉底液', 'Foundation'),
        L('气垫', 'Cushion Compacts'),
        L('遮瑕', 'Concealer'),
        L('散粉', 'Setting Powder'),
        L('眼影', 'Eyeshadow'),
        L('眼线', 'Eyeliner'),
        L('睫毛膏', 'Mascara'),
        L('眉笔', 'Eyebrow Pencils'),
        L('腮红', 'Blush'),
        L('卸妆', 'Makeup Remover'),
        L('香水', 'Perfume'),
        L('指甲油', 'Nail Polish'),
      ]),
      G('美妆工具', 'Makeup Tools', {}, [
        L('化妆刷', 'Makeup Brushes'),
        L('美妆蛋', 'Makeup Sponges'),
        L('化妆棉', 'Cotton Pads'),
        L('棉签', 'Cotton Swabs', { noRec: true }),
        L('睫毛夹', 'Eyelash Curlers'),
        L('美容仪', 'Beauty Devices'),
        L('化妆镜', 'Makeup Mirrors'),
      ]),
      G('面部护肤', 'Facial Skincare', {}, [
        L('洁面', 'Cleansers'),
        L('爽肤水', 'Toners'),
        L('精华', 'Serums'),
        L('乳液', 'Lotions'),
        L('面霜', 'Moisturizers'),
        L('眼霜', 'Eye Creams'),
        L('面膜', 'Face Masks'),
        L('防晒', 'Sunscreen'),
        L('去角质', 'Exfoliators'),
        L('护肤套装', 'Skincare Sets'),
        L('唇部护理', 'Lip Care'),
      ]),
      G('洗发护发', 'Hair Care', {}, [
        L('洗发水', 'Shampoo'),
        L('护发素', 'Conditioner'),
        L('发膜', 'Hair Masks'),
        L('护发精油', 'Hair Oils'),
        L('染发', 'Hair Color'),
        L('造型', 'Styling Products'),
        L('防脱生发', 'Hair Loss Treatments'),
        L('吹风机', 'Hair Dryers'),
      ]),
      G('身体护理', 'Body Care', {}, [
        L('沐浴露', 'Body Wash'),
        L('身体乳', 'Body Lotion'),
        L('护手霜', 'Hand Cream'),
        L('身体磨砂', 'Body Scrubs'),
        L('止汗露', 'Deodorant'),
        L('脱毛', 'Hair Removal'),
        L('香皂', 'Bar Soap'),
        L('足部护理', 'Foot Care'),
      ]),
      G('男士护理', "Men's Grooming", {}, [
        L('男士洁面', "Men's Cleansers"),
        L('男士护肤', "Men's Skincare"),
        L('剃须刀', 'Razors'),
        L('电动剃须刀', 'Electric Shavers'),
        L('剃须膏', 'Shaving Cream'),
        L('须后水', 'Aftershave'),
        L('男士香水', "Men's Fragrance"),
      ]),
      G('口腔护理', 'Oral Care', {}, [
        L('牙膏', 'Toothpaste'),
        L('牙刷', 'Toothbrushes'),
        L('电动牙刷', 'Electric Toothbrushes'),
        L('牙线', 'Dental Floss'),
        L('漱口水', 'Mouthwash'),
        L('美白牙贴', 'Teeth Whitening Strips', { noRec: true }),
        L('冲牙器', 'Water Flossers'),
      ]),
      G('女性护理', 'Feminine Care', { noRec: true }, [
        L('卫生巾', 'Sanitary Pads'),
        L('卫生棉条', 'Tampons'),
        L('月经杯', 'Menstrual Cups'),
        L('护垫', 'Panty Liners'),
        L('私处护理', 'Intimate Wash'),
      ]),
    ],
  },
  {
    id: 'k',
    zh: '鞋靴',
    en: 'Shoes',
    groups: [
      G('男鞋', "Men's Shoes", {}, [
        L('运动鞋', 'Sneakers'),
        L('跑步鞋', 'Running Shoes'),
        L('篮球鞋', 'Basketball Shoes'),
        L('休闲鞋', 'Casual Shoes'),
        L('皮鞋', 'Dress Shoes'),
        L('靴子', 'Boots'),
        L('板鞋', 'Skate Shoes'),
        L('凉拖', 'Sandals & Slides'),
        L('户外鞋', 'Hiking Shoes'),
        L('乐福鞋', 'Loafers'),
      ]),
      G('女鞋', "Women's Shoes", {}, [
        L('运动鞋', 'Sneakers'),
        L('跑步鞋', 'Running Shoes'),
        L('高跟鞋', 'High Heels'),
        L('平底鞋', 'Flats'),
        L('靴子', 'Boots'),
        L('短靴', 'Ankle Boots'),
        L('凉鞋', 'Sandals'),
        L('拖鞋', 'Slippers'),
        L('乐福鞋', 'Loafers'),
        L('帆布鞋', 'Canvas Shoes'),
      ]),
    ],
  },
  {
    id: 'g',
    zh: '母婴童装',
    en: 'Baby & Kids',
    groups: [
      G('奶粉', 'Infant Formula', {}, [
        L('一段奶粉', 'Stage 1 Formula'),
        L('二段奶粉', 'Stage 2 Formula'),
        L('三段奶粉', 'Stage 3 Formula'),
        L('儿童成长奶粉', 'Growing-Up Milk'),
        L('羊奶粉', 'Goat Milk Formula'),
        L('有机奶粉', 'Organic Formula'),
        L('特殊配方奶粉', 'Specialty Formula'),
      ]),
      G('营养辅食', 'Baby Nutrition', {}, [
        L('米粉', 'Baby Cereal'),
        L('果泥', 'Fruit Purees'),
        L('宝宝零食', 'Baby Snacks'),
        L('儿童维生素', "Kids' Vitamins"),
        L('儿童DHA', "Kids' DHA"),
        L('儿童钙铁锌', "Kids' Calcium, Iron & Zinc"),
        L('磨牙棒', 'Teething Biscuits'),
      ]),
      G('尿裤湿巾', 'Diapers & Wipes', {}, [
        L('纸尿裤', 'Diapers', { map: '纸尿裤 尿不湿' }),
        L('拉拉裤', 'Pull-Ups'),
        L('湿巾', 'Baby Wipes'),
        L('隔尿垫', 'Changing Pads'),
        L('游泳尿裤', 'Swim Diapers'),
      ]),
      G('喂养用品', 'Feeding', {}, [
        L('奶瓶', 'Baby Bottles'),
        L('奶嘴', 'Bottle Nipples'),
        L('吸奶器', 'Breast Pumps'),
        L('辅食机', 'Baby Food Makers'),
        L('儿童餐具', "Kids' Tableware"),
        L('学饮杯', 'Sippy Cups'),
        L('温奶器', 'Bottle Warmers'),
        L('消毒器', 'Sterilizers'),
        L('安抚奶嘴', 'Pacifiers'),
      ]),
      G('洗护用品', 'Baby Toiletries', {}, [
        L('婴儿洗发沐浴', 'Baby Shampoo & Wash'),
        L('婴儿润肤', 'Baby Lotion'),
        L('护臀膏', 'Diaper Rash Cream'),
        L('儿童防晒', 'Sunscreen for Children', { noRec: true }),
        L('儿童牙膏', "Kids' Toothpaste"),
        L('婴儿洗衣液', 'Baby Laundry Detergent'),
        L('驱蚊', 'Insect Repellent'),
      ]),
      G('童车出行', 'Baby Gear', {}, [
        L('婴儿推车', 'Strollers', { w: 15 }),
        L('婴儿背带', 'Baby Carriers'),
        L('儿童自行车', "Kids' Bikes"),
        L('儿童滑板车', "Kids' Scooters"),
        L('妈咪包', 'Diaper Bags'),
      ]),
      G('孕产用品', 'Maternity', {}, [
        L('孕妇装', 'Maternity Clothing'),
        L('哺乳内衣', 'Nursing Bras'),
        L('孕期营养', 'Prenatal Vitamins'),
        L('防溢乳垫', 'Nursing Pads'),
        L('妊娠纹护理', 'Stretch Mark Care'),
        L('产后修复', 'Postpartum Care'),
      ]),
      G('婴儿房', 'Nursery', {}, [
        L('婴儿床', 'Cribs', { w: 30 }),
        L('婴儿床品', 'Baby Bedding'),
        L('睡袋', 'Sleep Sacks'),
        L('婴儿监视器', 'Baby Monitors'),
        L('安全防护', 'Baby Safety'),
        L('儿童餐椅', 'High Chairs'),
        L('摇椅', 'Baby Bouncers'),
      ]),
      G('童装童鞋', "Kids' Clothing & Shoes", {}, [
        L('儿童T恤', "Kids' T-Shirts", { w: 0.5 }),
        L('儿童卫衣', "Kids' Hoodies"),
        L('儿童外套', "Kids' Jackets"),
        L('儿童裤装', "Kids' Pants"),
        L('女童裙装', "Girls' Dresses"),
        L('儿童运动鞋', "Kids' Sneakers"),
        L('儿童凉鞋', "Kids' Sandals"),
        L('儿童袜子', "Kids' Socks", { w: 0.5 }),
        L('儿童内衣', "Kids' Underwear"),
      ]),
      G('安全座椅', 'Car Seats', {}, [
        L('双向安全座椅', 'Convertible Car Seats', { w: 20 }),
        L('提篮式安全座椅', 'Infant Car Seats'),
        L('增高座椅', 'Booster Seats'),
        L('座椅配件', 'Car Seat Accessories'),
      ]),
      G('玩具', 'Toys', {}, [
        L('早教玩具', 'Early Learning Toys'),
        L('毛绒玩具', 'Plush Toys'),
        L('拼图', 'Puzzles'),
        L('遥控玩具', 'RC Toys'),
        L('过家家', 'Pretend Play'),
        L('洗澡玩具', 'Bath Toys'),
        L('户外玩具', 'Outdoor Toys'),
        L('绘本', 'Picture Books'),
      ]),
      G('婴儿服饰', 'Baby Clothing & Shoes', {}, [
        L('连体衣', 'Bodysuits'),
        L('爬服', 'Rompers'),
        L('婴儿套装', 'Baby Outfits'),
        L('婴儿帽', 'Baby Hats'),
        L('学步鞋', 'Baby Walking Shoes'),
        L('婴儿袜', 'Baby Socks', { w: 0.5 }),
        L('口水巾', 'Bibs'),
        L('包被', 'Swaddles'),
      ]),
    ],
  },
  {
    // Spec section 3: "Accessories: gold, among others" and "Jewelry (f)" with subgroups
    // f0 to fa: the ten jewelry groups in the spec's order (f0..f9), then gold (fa).
    id: 'f',
    zh: '珠宝配饰',
    en: 'Jewelry & Accessories',
    groups: [
      G('银饰', 'Silver Jewelry', JG, [
        J('银项链', 'Silver Necklaces'),
        J('银手链', 'Silver Bracelets'),
        J('银耳饰', 'Silver Earrings'),
        J('银戒指', 'Silver Rings'),
        J('银发饰', 'Silver Hair Accessories', { noRec: true }),
        J('银胸针', 'Silver Pins', { noRec: true }),
        J('银脚链', 'Silver Anklets'),
      ]),
      G('钻石', 'Diamond', JG, [
        J('钻戒', 'Diamond Rings'),
        J('钻石项链', 'Diamond Necklaces'),
        J('钻石耳饰', 'Diamond Earrings'),
        J('钻石手链', 'Diamond Bracelets'),
        J('对戒', 'Wedding Bands'),
      ]),
      G('翡翠', 'Jadeite', JG, [
        J('翡翠手镯', 'Jadeite Bangles'),
        J('翡翠吊坠', 'Jadeite Pendants'),
        J('翡翠戒指', 'Jadeite Rings'),
        J('翡翠耳饰', 'Jadeite Earrings'),
      ]),
      G('水晶玛瑙', 'Crystal & Agate', JG, [
        J('水晶手链', 'Crystal Bracelets'),
        J('水晶吊坠', 'Crystal Pendants'),
        J('玛瑙手串', 'Agate Bracelets'),
        J('南红', 'Southern Red Agate'),
        J('黑曜石', 'Obsidian'),
      ]),
      G('彩色宝石', 'Colored Gemstones', JG, [
        J('红宝石', 'Ruby'),
        J('蓝宝石', 'Sapphire'),
        J('祖母绿', 'Emerald'),
        J('碧玺', 'Tourmaline'),
        J('坦桑石', 'Tanzanite'),
      ]),
      G('时尚饰品', 'Fashion Jewelry', JG, [
        J('项链', 'Necklaces'),
        J('耳饰', 'Earrings'),
        J('手链', 'Bracelets'),
        J('戒指', 'Rings'),
        J('胸针', 'Brooches'),
        J('发夹', 'Hair Clips'),
      ]),
      G('铂金', 'Platinum', JG, [
        J('铂金项链', 'Platinum Necklaces'),
        J('铂金戒指', 'Platinum Rings'),
        J('铂金耳饰', 'Platinum Earrings'),
        J('铂金手链', 'Platinum Bracelets'),
      ]),
      G('木质手串', 'Wooden Beads', JG, [
        J('沉香', 'Agarwood Beads'),
        J('小叶紫檀', 'Red Sandalwood Beads'),
        J('黄花梨', 'Huanghuali Beads'),
        J('菩提', 'Bodhi Seed Beads'),
      ]),
      G('珍珠', 'Pearl', JG, [
        J('珍珠项链', 'Pearl Necklaces'),
        J('珍珠耳饰', 'Pearl Earrings'),
        J('珍珠手链', 'Pearl Bracelets'),
        J('珍珠吊坠', 'Pearl Pendants'),
      ]),
      G('K金', 'K Gold', { ...JG, map: 'K金 彩金' }, [
        J('K金项链', 'K Gold Necklaces'),
        J('K金耳饰', 'K Gold Earrings'),
        J('K金戒指', 'K Gold Rings'),
        J('玫瑰金', 'Rose Gold'),
      ]),
      G('黄金', 'Gold', JG, [
        J('黄金项链', 'Gold Necklaces'),
        J('黄金手镯', 'Gold Bangles'),
        J('黄金戒指', 'Gold Rings'),
        J('黄金耳饰', 'Gold Earrings'),
        J('黄金吊坠', 'Gold Pendants'),
        J('转运珠', 'Gold Charm Beads'),
      ]),
    ],
  },
  {
    id: 'c',
    zh: '食品',
    en: 'Food',
    groups: [
      G('零食', 'Snacks', { w: 1 }, [
        L('巧克力', 'Chocolate'),
        L('饼干', 'Cookies & Biscuits'),
        L('坚果', 'Nuts'),
        L('果干', 'Dried Fruit'),
        L('糖果', 'Candy'),
        L('薯片', 'Chips'),
        L('肉干', 'Jerky'),
        L('麦片', 'Cereal & Oats'),
        L('蛋白棒', 'Protein Bars'),
      ]),
      G('调味/粮油', 'Condiments & Oils', { w: 1 }, [
        L('橄榄油', 'Olive Oil'),
        L('椰子油', 'Coconut Oil'),
        L('蜂蜜', 'Honey'),
        L('枫糖浆', 'Maple Syrup'),
        L('调味酱', 'Sauces'),
        L('香料', 'Spices'),
        L('意面', 'Pasta'),
        L('果酱', 'Jam & Spreads'),
      ]),
      G('饮料冲调', 'Beverages', { w: 1 }, [
        L('速溶咖啡', 'Instant Coffee'),
        L('咖啡豆', 'Coffee Beans'),
        L('胶囊咖啡', 'Coffee Capsules'),
        L('可可', 'Cocoa'),
        L('果汁', 'Juice'),
        L('气泡水', 'Sparkling Water'),
        L('成人奶粉', 'Adult Milk Powder', { w: 1.5, noRec: true, noDisabled: true }),
        L('植物奶', 'Plant-Based Milk'),
      ]),
      G('茶', 'Tea', { w: 1 }, [
        L('红茶', 'Black Tea'),
        L('绿茶', 'Green Tea'),
        L('花草茶', 'Herbal Tea'),
        L('果茶', 'Fruit Tea'),
        L('抹茶', 'Matcha'),
        L('袋泡茶', 'Tea Bags'),
      ]),
      // Spec section 9: "alcohol leaves (spirits, beer, wine) 4 each": exactly these three.
      G('酒水', 'Alcohol', { w: 1 }, [
        L('烈酒', 'Spirits', { w: 4, map: '烈酒 洋酒' }),
        L('啤酒', 'Beer', { w: 4 }),
        L('葡萄酒', 'Wine', { w: 4 }),
      ]),
    ],
  },
  {
    id: 'd',
    zh: '营养保健',
    en: 'Health Supplements',
    groups: [
      G('蛋白质/氨基酸', 'Protein & Amino Acids', { w: 1 }, [
        L('乳清蛋白', 'Whey Protein'),
        L('植物蛋白', 'Plant Protein'),
        L('胶原蛋白', 'Collagen'),
        L('支链氨基酸', 'BCAA'),
        L('肌酸', 'Creatine'),
        L('精氨酸', 'L-Arginine'),
      ]),
      G('海洋生物', 'Marine Supplements', { w: 1 }, [
        L('氨糖软骨素', 'Glucosamine & Chondroitin'),
        L('磷虾油', 'Krill Oil'),
        L('螺旋藻', 'Spirulina'),
        L('牡蛎精', 'Oyster Extract'),
        L('鲨鱼软骨', 'Shark Cartilage'),
      ]),
      G('发酵提取', 'Fermented Extracts', { w: 1 }, [
        L('益生菌', 'Probiotics', { w: 0.5, noDisabled: true }),
        L('纳豆激酶', 'Nattokinase'),
        L('酵素', 'Enzymes'),
        L('红曲', 'Red Yeast Rice'),
        L('核酸', 'Nucleic Acid', { w: 0.5 }),
        L('辅酶Q10', 'CoQ10'),
      ]),
      G('膳食纤维', 'Dietary Fiber', { w: 1 }, [
        L('纤维粉', 'Fiber Powder'),
        L('菊粉', 'Inulin'),
        L('车前子', 'Psyllium Husk'),
        L('益生元', 'Prebiotics'),
      ]),
      G('维生素/矿物质', 'Vitamins & Minerals', { w: 1 }, [
        L('复合维生素', 'Multivitamins'),
        L('维生素C', 'Vitamin C'),
        L('维生素D', 'Vitamin D'),
        L('B族维生素', 'Vitamin B Complex'),
        L('钙', 'Calcium'),
        L('镁', 'Magnesium', { w: 0.5 }),
        L('锌', 'Zinc'),
        L('铁', 'Iron'),
        L('锂', 'Lithium', { w: 0.5 }),
        L('叶酸', 'Folic Acid'),
      ]),
      G('脂肪酸', 'Fatty Acids', { w: 1 }, [
        L('鱼油', 'Fish Oil'),
        L('藻油DHA', 'Algal DHA'),
        L('月见草油', 'Evening Primrose Oil'),
        L('亚麻籽油', 'Flaxseed Oil'),
        L('卵磷脂', 'Lecithin'),
      ]),
      G('植物提取', 'Plant Extracts', { w: 1 }, [
        L('葡萄籽', 'Grape Seed Extract'),
        L('奶蓟草', 'Milk Thistle'),
        L('蔓越莓', 'Cranberry'),
        L('姜黄', 'Turmeric'),
        L('叶黄素', 'Lutein'),
        L('锯棕榈', 'Saw Palmetto'),
        L('接骨木莓', 'Elderberry'),
      ]),
      G('健康护理', 'Health Care', { w: 2, noRec: true, noDisabled: true }, [
        L('止痛', 'Pain Relief', { w: 5, noRec: true, noDisabled: true }),
        L('褪黑素', 'Melatonin', { w: 1, map: '褪黑素 助眠' }),
        L('感冒咳嗽', 'Cold & Cough'),
        L('肠胃', 'Digestive Health'),
        L('眼部护理', 'Eye Care'),
        L('急救用品', 'First Aid'),
      ]),
    ],
  },
  {
    id: 'a',
    zh: '潮玩数码',
    en: 'Trendy Toys & Electronics',
    groups: [
      G('影音摄影', 'Audio & Camera', { w: 2 }, [
        L('耳机', 'Headphones', { w: 1 }),
        L('音箱', 'Speakers', { w: 1 }),
        L('收音机', 'Radios', { w: 1 }),
        L('耳机套', 'Earphone Covers', { w: 1, noRec: true }),
        L('影音光碟', 'Video Discs', { w: 1, noRec: true, noDisabled: true }),
        L('黑胶唱机', 'Record Players', { w: 9 }),
        L('麦克风', 'Microphones', { w: 2.5, noRec: true }),
        L('相机', 'Cameras', { w: 2 }),
        L('拍立得', 'Instant Cameras'),
        L('黑胶唱片', 'Vinyl Records'),
        // Lithium power banks cannot go in the cross-border air parcels: listed, not sold.
        L('充电宝', 'Power Banks', { disabled: true }),
      ]),
      G('电子游戏', 'Video Games', { w: 2 }, [
        VG('游戏主机', 'Game Consoles'),
        VG('掌机', 'Handheld Consoles'),
        VG('游戏卡带', 'Game Cartridges'),
        VG('游戏手柄', 'Controllers'),
        VG('游戏周边', 'Gaming Accessories'),
        VG('VR设备', 'VR Headsets'),
      ]),
      G('潮玩收藏', 'Collectibles', { w: 2 }, [
        L('数据线', 'Data Cables', { w: 0.5, noRec: true }),
        L('积木', 'Building Toys', { w: 0.5 }),
        L('手机壳', 'Phone Cases', { w: 0.5 }),
        L('手办', 'Figures', { w: 0.5 }),
        L('智能手表', 'Smart Watches', { w: 1 }),
        L('滑板', 'Skateboards', { w: 3 }),
        L('盲盒', 'Blind Boxes'),
        L('卡牌', 'Trading Cards'),
        L('模型', 'Scale Models'),
        L('潮流公仔', 'Designer Toys'),
      ]),
      G('办公/教育', 'Office & Education', { w: 1, noRec: true, noDisabled: true }, [
        L('在线教育', 'Online Education', { noRec: true, noDisabled: true }),
        L('文具', 'Stationery'),
        L('笔记本', 'Notebooks'),
        L('钢笔', 'Fountain Pens'),
        L('计算器', 'Calculators'),
      ]),
    ],
  },
];
