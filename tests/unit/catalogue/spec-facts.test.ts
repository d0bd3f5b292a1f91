// Pins every fact spec sections 3 and 9 state about the catalogue against data/categories.json,
// so that a later edit of the data cannot lose one. Nodes are named by their Chinese trail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getChildren, getLeafCategories, getShippingWeight } from '../../../src/catalogue';
import type { CatalogueEntry } from '../../../src/catalogue';
import { at, catalogue, entries, realData, trailOf } from './helpers';

const ids = (list: CatalogueEntry[]) => list.map((e) => e.id).sort();
const weightOf = (trail: string) => at(trail).category.weightInPounds;

test('spec 3: the ten top-level groups, their ids, Chinese names and order', () => {
  assert.deepEqual(
    realData().categories.map((g) => [g.id, g.name]),
    [
      ['8', '女装'],
      ['9', '男装'],
      ['e', '箱包'],
      ['b', '美妆个护'],
      ['k', '鞋靴'],
      ['g', '母婴童装'],
      ['f', '珠宝配饰'],
      ['c', '食品'],
      ['d', '营养保健'],
      ['a', '潮玩数码'],
    ],
  );
  for (const g of realData().categories) {
    assert.equal(g.category?.id, g.id);
    assert.equal(g.category?.parentId, null);
    assert.equal(g.category?.displayTerm, g.name);
  }
});

test('spec 3: every second-level group the spec lists, with its id, English term and Chinese name', () => {
  const expected: Record<string, Array<[string, string, string]>> = {
    8: [
      ['80', 'Coats', '外套'],
      ['81', 'Tops', '上装'],
      ['82', 'Dresses & Skirts', '裙装'],
      ['83', 'Pants', '裤装'],
      ['84', 'Lingerie', '内衣'],
      ['85', 'Accessories', '配饰'],
    ],
    e: [
      ['e0', "Women's Bags", '女包'],
      ['e1', "Men's Bags", '男包'],
      ['e2', 'Luggage', '旅行箱'],
    ],
    b: [
      ['b0', 'Makeup', '彩妆'],
      ['b1', 'Makeup Tools', '美妆工具'],
      ['b2', 'Facial Skincare', '面部护肤'],
      ['b3', 'Hair Care', '洗发护发'],
      ['b4', 'Body Care', '身体护理'],
      ['b5', "Men's Grooming", '男士护理'],
      ['b6', 'Oral Care', '口腔护理'],
      ['b7', 'Feminine Care', '女性护理'],
    ],
    k: [
      ['k0', "Men's Shoes", '男鞋'],
      ['k1', "Women's Shoes", '女鞋'],
    ],
    g: [
      ['g0', 'Infant Formula', '奶粉'],
      ['g1', 'Baby Nutrition', '营养辅食'],
      ['g2', 'Diapers & Wipes', '尿裤湿巾'],
      ['g3', 'Feeding', '喂养用品'],
      ['g4', 'Baby Toiletries', '洗护用品'],
      ['g5', 'Baby Gear', '童车出行'],
      ['g6', 'Maternity', '孕产用品'],
      ['g7', 'Nursery', '婴儿房'],
      ['g8', "Kids' Clothing & Shoes", '童装童鞋'],
      ['g9', 'Car Seats', '安全座椅'],
      ['ga', 'Toys', '玩具'],
      ['gb', 'Baby Clothing & Shoes', '婴儿服饰'],
    ],
    // Jewelry f0..f9 in the spec's order, then gold ("Accessories: gold, among others") as fa.
    f: [
      ['f0', 'Silver Jewelry', '银饰'],
      ['f1', 'Diamond', '钻石'],
      ['f2', 'Jadeite', '翡翠'],
      ['f3', 'Crystal & Agate', '水晶玛瑙'],
      ['f4', 'Colored Gemstones', '彩色宝石'],
      ['f5', 'Fashion Jewelry', '时尚饰品'],
      ['f6', 'Platinum', '铂金'],
      ['f7', 'Wooden Beads', '木质手串'],
      ['f8', 'Pearl', '珍珠'],
      ['f9', 'K Gold', 'K金'],
      ['fa', 'Gold', '黄金'],
    ],
    c: [
      ['c0', 'Snacks', '零食'],
      ['c1', 'Condiments & Oils', '调味/粮油'],
      ['c2', 'Beverages', '饮料冲调'],
      ['c3', 'Tea', '茶'],
      ['c4', 'Alcohol', '酒水'],
    ],
    d: [
      ['d0', 'Protein & Amino Acids', '蛋白质/氨基酸'],
      ['d1', 'Marine Supplements', '海洋生物'],
      ['d2', 'Fermented Extracts', '发酵提取'],
      ['d3', 'Dietary Fiber', '膳食纤维'],
      ['d4', 'Vitamins & Minerals', '维生素/矿物质'],
      ['d5', 'Fatty Acids', '脂肪酸'],
      ['d6', 'Plant Extracts', '植物提取'],
      ['d7', 'Health Care', '健康护理'],
    ],
    a: [
      ['a0', 'Audio & Camera', '影音摄影'],
      ['a1', 'Video Games', '电子游戏'],
      ['a2', 'Collectibles', '潮玩收藏'],
      ['a3', 'Office & Education', '办公/教育'],
    ],
  };
  for (const [top, groups] of Object.entries(expected)) {
    const got = getChildren(catalogue, top).map((e) => [e.id, e.category.term, e.name]);
    assert.deepEqual(got, groups, `second-level groups of ${top}`);
  }
  // Men's wear is only named by the spec: fleshed out like women's wear, with an accessories group.
  const men = getChildren(catalogue, '9').map((e) => e.name);
  for (const name of ['外套', '上装', '裤装', '内衣家居', '配饰']) assert.ok(men.includes(name), `男装/${name}`);
});

test('spec 3: group f has exactly the subgroups f0 to fa', () => {
  assert.deepEqual(
    getChildren(catalogue, 'f').map((e) => e.id),
    ['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9', 'fa'],
  );
});

test('spec 3: a few hundred leaves, every second-level group has leaves, ids extend the parent by one digit', () => {
  const leaves = getLeafCategories(catalogue);
  assert.ok(leaves.length >= 300 && leaves.length <= 450, `${leaves.length} leaves`);
  for (const e of entries().filter((x) => x.level === 2))
    assert.ok(e.childIds.length >= 3, `${trailOf(e)} has ${e.childIds.length} leaves`);
  for (const e of entries()) {
    assert.match(e.id, /^[0-9a-z]+$/);
    assert.equal(e.id.length, e.level);
    if (e.parentId !== null) assert.equal(e.id.slice(0, -1), e.parentId);
  }
});

test('spec 3: rootCategoryId is the own id on leaves and the top-level id on second-level entries', () => {
  for (const g of realData().categories) {
    for (const s of g.children) {
      assert.equal(s.rootCategoryId, g.id);
      for (const l of s.children) assert.equal(l.rootCategoryId, l.category.id);
    }
  }
});

test('spec 3: mappingTerm is usually the displayTerm, and always contains it', () => {
  const all = entries();
  const differ = all.filter((e) => e.category.mappingTerm !== e.category.displayTerm);
  assert.ok(differ.length < all.length / 20, `${differ.length} differ`);
  for (const e of all) assert.ok(e.category.mappingTerm.includes(e.category.displayTerm), trailOf(e));
});

test("spec 9: default shipping weights, women's and general", () => {
  assert.equal(weightOf('女装/上装/T恤'), 0.5);
  assert.equal(weightOf('男装/上装/T恤'), 0.5);
  assert.equal(weightOf('女装/外套'), 3);
  assert.equal(weightOf('男装/外套'), 3);
  assert.equal(weightOf('箱包/旅行箱'), 18);
  assert.equal(weightOf('母婴童装/童车出行/婴儿推车'), 15);
  assert.equal(weightOf('母婴童装/婴儿房/婴儿床'), 30);
  assert.equal(weightOf('母婴童装/安全座椅/双向安全座椅'), 20);
  assert.equal(weightOf('美妆个护/彩妆/口红'), 0.2);
  assert.equal(weightOf('女装/内衣/袜子'), 0.5);
  assert.equal(weightOf('男装/内衣家居/袜子'), 0.5);
  assert.equal(weightOf('女装/配饰/太阳镜'), 0.5);
  assert.equal(weightOf('男装/配饰/太阳镜'), 0.5);
  assert.equal(weightOf('男装/配饰/男表'), 2);
  assert.equal(weightOf('箱包/女包/双肩包'), 2.5);
  assert.equal(weightOf('箱包/男包/双肩包'), 3);
  // The same kind of item weighs the same wherever it is listed.
  const byTerm = (re: RegExp) => entries().filter((e) => re.test(e.category.term));
  for (const e of byTerm(/T-Shirts$/)) assert.equal(e.category.weightInPounds, 0.5, trailOf(e));
  for (const e of byTerm(/Socks$/)) assert.equal(e.category.weightInPounds, 0.5, trailOf(e));
  for (const e of byTerm(/^Sunglasses$/)) assert.equal(e.category.weightInPounds, 0.5, trailOf(e));
  for (const e of byTerm(/Backpacks$/)) assert.ok([2.5, 3].includes(e.category.weightInPounds!), trailOf(e));
  for (const e of byTerm(/^Coats$/)) assert.equal(e.category.weightInPounds, 3, trailOf(e));
});

test('spec 9: jewelry weighs 3 per group and 0.5 per leaf', () => {
  for (const g of getChildren(catalogue, 'f')) {
    assert.equal(g.category.weightInPounds, 3, trailOf(g));
    for (const l of getChildren(catalogue, g.id)) assert.equal(l.category.weightInPounds, 0.5, trailOf(l));
  }
});

test('spec 9: food weighs 1 per group; spirits, beer and wine 4 each; adult milk powder 1.5', () => {
  for (const g of getChildren(catalogue, 'c')) assert.equal(g.category.weightInPounds, 1, trailOf(g));
  assert.deepEqual(
    getChildren(catalogue, 'c4').map((e) => [e.category.term, e.category.weightInPounds]),
    [
      ['Spirits', 4],
      ['Beer', 4],
      ['Wine', 4],
    ],
  );
  assert.equal(weightOf('食品/饮料冲调/成人奶粉'), 1.5);
  // Every other food leaf takes its group's 1 lb.
  for (const l of getLeafCategories(catalogue).filter(
    (e) => e.id.startsWith('c') && !e.id.startsWith('c4') && e.name !== '成人奶粉',
  )) {
    assert.deepEqual(getShippingWeight(catalogue, l.id).pounds, 1, trailOf(l));
  }
});

test('spec 9: health mostly 1; probiotics, magnesium, lithium, nucleic acid 0.5; health care 2; pain relief 5; melatonin 1', () => {
  for (const g of getChildren(catalogue, 'd'))
    assert.equal(g.category.weightInPounds, g.name === '健康护理' ? 2 : 1, trailOf(g));
  assert.equal(weightOf('营养保健/发酵提取/益生菌'), 0.5);
  assert.equal(weightOf('营养保健/维生素/矿物质/镁'), 0.5);
  assert.equal(weightOf('营养保健/维生素/矿物质/锂'), 0.5);
  assert.equal(weightOf('营养保健/发酵提取/核酸'), 0.5);
  assert.equal(weightOf('营养保健/健康护理'), 2);
  assert.equal(weightOf('营养保健/健康护理/止痛'), 5);
  assert.equal(weightOf('营养保健/健康护理/褪黑素'), 1);
  const health = getLeafCategories(catalogue).filter((e) => e.id.startsWith('d'));
  const ones = health.filter((e) => getShippingWeight(catalogue, e.id).pounds === 1);
  assert.ok(ones.length > health.length / 2, `${ones.length} of ${health.length} health leaves weigh 1 lb`);
});

test('spec 9: audio/camera, video games, collectibles, office/education', () => {
  assert.equal(weightOf('潮玩数码/影音摄影'), 2);
  for (const n of ['耳机', '音箱', '收音机', '耳机套', '影音光碟'])
    assert.equal(weightOf(`潮玩数码/影音摄影/${n}`), 1, n);
  assert.equal(weightOf('潮玩数码/影音摄影/黑胶唱机'), 9);
  assert.equal(weightOf('潮玩数码/影音摄影/麦克风'), 2.5);
  assert.equal(weightOf('潮玩数码/影音摄影/相机'), 2);
  assert.equal(weightOf('潮玩数码/电子游戏'), 2);
  for (const l of getChildren(catalogue, 'a1')) assert.equal(l.category.weightInPounds, 2, trailOf(l));
  assert.equal(weightOf('潮玩数码/潮玩收藏'), 2);
  for (const n of ['数据线', '积木', '手机壳', '手办']) assert.equal(weightOf(`潮玩数码/潮玩收藏/${n}`), 0.5, n);
  assert.equal(weightOf('潮玩数码/潮玩收藏/智能手表'), 1);
  assert.equal(weightOf('潮玩数码/潮玩收藏/滑板'), 3);
  assert.equal(weightOf('潮玩数码/办公/教育'), 1);
});

test('spec 9: weights are set exactly where the spec gives one, nowhere else (the rest inherits)', () => {
  const listed = [
    '女装/外套',
    '男装/外套',
    '女装/上装/T恤',
    '男装/上装/T恤',
    '母婴童装/童装童鞋/儿童T恤',
    '女装/内衣/袜子',
    '男装/内衣家居/袜子',
    '母婴童装/童装童鞋/儿童袜子',
    '母婴童装/婴儿服饰/婴儿袜',
    '女装/配饰/太阳镜',
    '男装/配饰/太阳镜',
    '男装/配饰/男表',
    '箱包/女包/双肩包',
    '箱包/男包/双肩包',
    '箱包/旅行箱',
    '美妆个护/彩妆/口红',
    '母婴童装/童车出行/婴儿推车',
    '母婴童装/婴儿房/婴儿床',
    '母婴童装/安全座椅/双向安全座椅',
    '食品/零食',
    '食品/调味/粮油',
    '食品/饮料冲调',
    '食品/茶',
    '食品/酒水',
    '食品/酒水/烈酒',
    '食品/酒水/啤酒',
    '食品/酒水/葡萄酒',
    '食品/饮料冲调/成人奶粉',
    '营养保健/蛋白质/氨基酸',
    '营养保健/海洋生物',
    '营养保健/发酵提取',
    '营养保健/膳食纤维',
    '营养保健/维生素/矿物质',
    '营养保健/脂肪酸',
    '营养保健/植物提取',
    '营养保健/健康护理',
    '营养保健/发酵提取/益生菌',
    '营养保健/发酵提取/核酸',
    '营养保健/维生素/矿物质/镁',
    '营养保健/维生素/矿物质/锂',
    '营养保健/健康护理/止痛',
    '营养保健/健康护理/褪黑素',
    '潮玩数码/影音摄影',
    '潮玩数码/影音摄影/耳机',
    '潮玩数码/影音摄影/音箱',
    '潮玩数码/影音摄影/收音机',
    '潮玩数码/影音摄影/耳机套',
    '潮玩数码/影音摄影/影音光碟',
    '潮玩数码/影音摄影/黑胶唱机',
    '潮玩数码/影音摄影/麦克风',
    '潮玩数码/影音摄影/相机',
    '潮玩数码/潮玩收藏',
    '潮玩数码/潮玩收藏/数据线',
    '潮玩数码/潮玩收藏/积木',
    '潮玩数码/潮玩收藏/手机壳',
    '潮玩数码/潮玩收藏/手办',
    '潮玩数码/潮玩收藏/智能手表',
    '潮玩数码/潮玩收藏/滑板',
    '潮玩数码/办公/教育',
  ].map(at);
  const specWeighted = new Set([
    ...ids(listed),
    // Video games: group and leaves; jewelry: every group and leaf under f.
    ...entries()
      .filter((e) => e.id === 'a1' || e.parentId === 'a1')
      .map((e) => e.id),
    ...entries()
      .filter((e) => e.id.startsWith('f') && e.level > 1)
      .map((e) => e.id),
  ]);
  assert.deepEqual(ids(entries().filter((e) => e.category.weightInPounds !== undefined)), [...specWeighted].sort());
});

test('spec 9: searchRecommend is false exactly on the exclusion list', () => {
  const excluded = [
    '女装/内衣/吊袜带', // garter belt
    '男装/配饰/袖扣', // cufflinks
    '女装/配饰/眼镜框', // eyeglass frames
    '美妆个护/美妆工具/棉签', // cotton swabs
    '美妆个护/女性护理', // feminine care
    '母婴童装/洗护用品/儿童防晒', // sunscreen for children
    '美妆个护/口腔护理/美白牙贴', // teeth whitening strips
    '珠宝配饰/银饰/银发饰', // silver hair accessories
    '珠宝配饰/银饰/银胸针', // silver pins
    '食品/饮料冲调/成人奶粉', // adult milk powder
    '营养保健/健康护理', // health care
    '营养保健/健康护理/止痛', // pain relief
    '潮玩数码/潮玩收藏/数据线', // data cable
    '潮玩数码/影音摄影/耳机套', // earphone covers
    '潮玩数码/影音摄影/麦克风', // microphone
    '潮玩数码/影音摄影/影音光碟', // video discs
    '潮玩数码/办公/教育', // office/education
    '潮玩数码/办公/教育/在线教育', // online education
  ];
  assert.deepEqual(ids(entries().filter((e) => e.category.searchRecommend === false)), ids(excluded.map(at)));
  for (const e of entries()) assert.equal(typeof e.category.searchRecommend, 'boolean');
});

test('spec 9: disabled is absent exactly on the listed categories, present elsewhere', () => {
  const withoutFlag = [
    '食品/饮料冲调/成人奶粉', // adult milk powder
    '营养保健/发酵提取/益生菌', // probiotics
    '营养保健/健康护理', // health care
    '营养保健/健康护理/止痛', // pain relief
    '潮玩数码/影音摄影/影音光碟', // video discs
    '潮玩数码/办公/教育', // office/education
    '潮玩数码/办公/教育/在线教育', // online education
  ];
  const raw = (e: CatalogueEntry) => Object.prototype.hasOwnProperty.call(e.category, 'disabled');
  assert.deepEqual(ids(entries().filter((e) => !raw(e))), ids(withoutFlag.map(at)));
  // "Some other entries have disabled false": most do; the only disabled one is power banks.
  const disabled = entries().filter((e) => e.category.disabled === true);
  assert.deepEqual(disabled.map(trailOf), ['潮玩数码/影音摄影/充电宝']);
});
