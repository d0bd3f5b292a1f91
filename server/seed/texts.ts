// Chinese review texts of every length: short ones under 12 characters, one-liners, long
// multi-paragraph ones with line breaks and emoji, and the default praise of auto-reviews.
import { siteConfig } from '../../src/site-config';
import type { Rng } from './prng';
import type { Kind } from './vocab';

const DEFAULT_PRAISE = siteConfig.defaultPraise;

const SHORT = [
  '很好看！',
  '质量不错',
  '尺码正，推荐',
  '物流很快👍',
  '正品，放心',
  '还会回购',
  '超喜欢😍',
  '颜色很美',
  '一般般吧',
  '和图片一样',
  '好评！',
  '性价比高',
  '满意✨',
  '不错不错',
  '值！',
];

const OPENERS = [
  '第一次在这里海淘，',
  '回购第三次了，',
  '等了大概十天终于到了，',
  '黑五入手的，',
  '朋友推荐买的，',
  '纠结了很久还是下单了，',
  '给老公买的，',
  '给妈妈买的，',
  '618活动价入的，',
  '看了好多晒单才下单，',
];

const BODY: Record<Kind, string[]> = {
  apparel: [
    '面料摸起来很舒服，没有起球。',
    '版型很正，肩线刚好。',
    '颜色和图片几乎没有色差。',
    '平时穿M，这次买的M刚好合身。',
    '洗了两次也没有缩水。',
    '袖子稍微有点长，不过挽起来也好看。',
    '做工很细致，线头处理得很干净。',
  ],
  shoes: [
    '鞋底很软，走一天脚也不累。',
    '偏大半码，建议拍小一码。',
    '脚背高的可以选宽版，我买的宽版刚好。',
    '鞋面是真皮的，味道不大。',
    '下雨天穿了一次，完全不进水。',
    '配色很耐看，百搭。',
  ],
  bags: [
    '皮质很细腻，五金很有分量。',
    '容量比想象中大，通勤刚好。',
    '肩带可以调节，斜挎手提都行。',
    '有防尘袋和小票，包装很用心。',
    '内衬做得很干净，走线笔直。',
  ],
  beauty: [
    '质地很轻薄，推开很快就吸收了。',
    '味道淡淡的很好闻。',
    '敏感肌用了一周没有泛红。',
    '批号查了是新的，放心。',
    '上脸不油腻，早上用也不搓泥。',
    '用完皮肤滑滑的，第二天起来状态很好。',
  ],
  baby: [
    '宝宝很喜欢，洗了几次也不变形。',
    '材质很安全，没有异味。',
    '折叠很方便，一只手就能收起来。',
    '冲调很容易，没有结块。',
    '尺码偏大一点，可以穿到明年。',
  ],
  jewelry: [
    '做工精致，光泽很好。',
    '附带证书和礼盒，送人很有面子。',
    '戴了一个月没有氧化变色。',
    '链子很细，但很结实。',
    '实物比图片更闪。',
  ],
  food: [
    '味道很正宗，孩子很爱吃。',
    '包装完好，没有压碎。',
    '日期很新鲜，保质期到明年。',
    '甜度刚好，不会腻。',
    '配料表很干净。',
  ],
  health: [
    '吃了一个月感觉精神好多了。',
    '胶囊不大，很好吞。',
    '没有鱼腥味，饭后吃不反胃。',
    '生产日期很新，瓶子密封完好。',
    '全家都在吃，已经第三瓶了。',
  ],
  drinks: [
    '口感很顺，回味很好。',
    '瓶子包得很严实，一瓶都没碎。',
    '日期很新，比国内超市便宜不少。',
    '冰镇以后更好喝。',
    '送人很有面子，包装很精美。',
  ],
  electronics: [
    '做工扎实，手感很好。',
    '续航很给力，充一次用好几天。',
    '附带了转换插头，国内直接能用。',
    '说明书有中文，上手很快。',
    '功能和官网描述的一样，很好用。',
  ],
  audio: [
    '音质清晰，低音很足。',
    '降噪效果明显，地铁上很安静。',
    '连接很稳定，没有断连。',
    '佩戴很舒服，戴久了也不压耳朵。',
    '声音很通透，听古典乐很享受。',
  ],
  toys: [
    '孩子拿到就不撒手了。',
    '做工很细致，没有毛刺。',
    '包装盒很漂亮，送礼很合适。',
    '说明书清楚，一家人一起玩了一下午。',
    '颜色和图片一样，很可爱。',
  ],
  accessory: [
    '做工很精细，很有质感。',
    '百搭，日常通勤都能戴。',
    '附带原装盒子和保卡，送人很合适。',
    '比专柜便宜很多，很划算。',
    '实物比图片更好看。',
  ],
  general: ['东西收到了，和描述一致。', '性价比很高。', '做工比想象的好。', '用起来很顺手。'],
};

const LOGISTICS = [
  '物流比预想的快，一周就到了。',
  '清关花了几天，总体还算快。',
  '外包装有点压痕，但里面完好。',
  '客服很耐心，帮我查了物流。',
  '直邮包税，不用操心。',
];
const CLOSERS = [
  '总体很满意，推荐！',
  '会回购的。',
  '值得入手👍',
  '下次活动还会再买。',
  '五星好评！',
  '就是价格有点小贵。',
  '强烈推荐给姐妹们～',
];
const NEGATIVE = [
  '有点失望，和描述不太一样。',
  '尺码偏小很多，换货很麻烦。',
  '物流太慢了，等了快一个月。',
  '做工一般，线头比较多。',
  '收到的颜色和图片差别有点大。',
];
const EMOJI = ['😍', '👍', '❤️', '🎉', '✨', '😂', '🥰', '💯', '🙌', '🛍️'];

const TAGS: Record<Kind, string[]> = {
  apparel: ['尺码标准', '面料舒服', '颜色正', '版型好', '不起球'],
  shoes: ['尺码偏大', '穿着舒适', '鞋底软', '百搭', '宽版合脚'],
  bags: ['容量大', '皮质好', '五金精致', '百搭'],
  beauty: ['保湿', '温和不刺激', '吸收快', '味道好闻', '批号新'],
  baby: ['宝宝喜欢', '材质安全', '方便携带', '尺码合适'],
  jewelry: ['做工精致', '有光泽', '送礼佳品', '不过敏'],
  food: ['好吃', '日期新鲜', '包装完好', '孩子爱吃'],
  health: ['效果明显', '好吞咽', '日期新鲜', '全家适用'],
  drinks: ['口感好', '日期新鲜', '包装完好', '送礼佳品'],
  electronics: ['做工扎实', '续航长', '好上手', '功能强'],
  audio: ['音质好', '降噪好', '连接稳定', '佩戴舒适'],
  toys: ['孩子喜欢', '做工精细', '送礼佳品', '好玩'],
  accessory: ['做工精致', '百搭', '有质感', '送礼佳品'],
  general: ['实用', '做工好'],
};
const COMMON_TAGS = ['正品', '物流快', '包装完好', '性价比高', '值得回购'];

export type TextStyle = 'default' | 'empty' | 'short' | 'medium' | 'long';

export function pickTextStyle(rng: Rng): TextStyle {
  return rng.weighted<TextStyle>([
    ['default', 10],
    ['empty', 2],
    ['short', 24],
    ['medium', 42],
    ['long', 22],
  ]);
}

/** Draws sentences without repeating one inside the same review. */
function sentences(rng: Rng, kind: Kind, score: number): () => string {
  const pool = rng.sample(
    [...BODY[kind], ...BODY[kind], ...BODY.general].filter((s, i, a) => a.indexOf(s) === i),
    99,
  );
  const negative = rng.sample(NEGATIVE, NEGATIVE.length);
  return () => {
    if (score <= 2 && negative.length && rng.chance(0.6)) return negative.pop()!;
    return pool.pop() ?? rng.pick(LOGISTICS);
  };
}

function maybeEmoji(rng: Rng, p: number): string {
  return rng.chance(p) ? rng.pick(EMOJI) : '';
}

export function reviewText(rng: Rng, kind: Kind, score: number, style: TextStyle): string {
  switch (style) {
    case 'default':
      return DEFAULT_PRAISE;
    case 'empty':
      return '';
    case 'short':
      return score <= 2 ? rng.pick(['不太满意', '一般', '有色差', '偏小了']) : rng.pick(SHORT);
    case 'medium': {
      const sentence = sentences(rng, kind, score);
      const parts = [rng.chance(0.5) ? rng.pick(OPENERS) : '', sentence()];
      if (rng.chance(0.7)) parts.push(sentence());
      if (rng.chance(0.4)) parts.push(rng.pick(LOGISTICS));
      if (rng.chance(0.5)) parts.push(rng.pick(CLOSERS));
      return parts.join('') + maybeEmoji(rng, 0.35);
    }
    case 'long': {
      const sentence = sentences(rng, kind, score);
      const paragraphs: string[] = [];
      const n = rng.int(3, 5);
      for (let i = 0; i < n; i++) {
        if (i === 1 && rng.chance(0.4)) {
          // A list, as people write pros and cons on their phones.
          const items = [sentence(), sentence()];
          paragraphs.push(['优点：', ...items.map((s, k) => `${k + 1}. ${s}`)].join('\n'));
          continue;
        }
        const s: string[] = [];
        if (i === 0) s.push(rng.pick(OPENERS));
        for (let k = rng.int(1, 3); k > 0; k--) s.push(sentence());
        if (i === n - 1) s.push(rng.pick(LOGISTICS), rng.pick(CLOSERS));
        paragraphs.push(s.join('') + maybeEmoji(rng, 0.3));
      }
      return paragraphs.join(rng.chance(0.7) ? '\n\n' : '\n');
    }
  }
}

export function wordTags(rng: Rng, kind: Kind): string[] {
  const n = rng.weighted([
    [0, 20],
    [1, 20],
    [2, 30],
    [3, 20],
    [4, 10],
  ] as const);
  return rng.sample([...TAGS[kind], ...COMMON_TAGS], n);
}

/** Replies by the review's merchant (issue 21 item 4). */
export const MERCHANT_REPLIES = [
  '感谢您的认可！有任何问题欢迎随时联系客服。',
  '亲，感谢支持～期待您再次光临本店。',
  '谢谢您的详细晒单，我们会继续把好品质关！',
  '收到您的反馈啦，尺码问题可以联系客服为您换货哦。',
] as const;

export const REPLIES = [
  '请问尺码偏大吗？',
  '同款！颜色真好看',
  '谢谢分享，已下单～',
  '这个多久到的呀？',
  '楼主身高体重多少呀',
  '被种草了😍',
  '请问是正品吗？有防伪码吗？',
  '看起来质量不错',
  '回复楼上：偏大半码',
  '求链接！',
  '我也买了，确实好用👍',
];
