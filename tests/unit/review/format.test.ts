import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatPrice,
  specLine,
  shortTitle,
  altText,
  formatPostedDate,
  likesText,
  filledStars,
  relatedText,
  productName,
  variantName,
  reviewerLabel,
  priceYuan,
  round2,
  isoChinaTime,
  CHINA_ZONE,
  CHINA_FIXED_OFFSET_SINCE,
} from '../../../src/review/format';
import { siteConfig } from '../../../src/site-config';

test('price: cents x rate / 100, two decimals, yen sign; none without cents', () => {
  assert.equal(formatPrice(12999, 7.1234), '¥925.97');
  assert.equal(formatPrice(100, 7), '¥7.00');
  assert.equal(formatPrice(0, 7.2), '¥0.00');
  assert.equal(formatPrice(2500, null), '¥25.00');
  assert.equal(formatPrice(null, 7.1), null);
  assert.equal(formatPrice(undefined, 7.1), null);
  assert.equal(formatPrice(Number.NaN, 7.1), null);
});

test('round2 rounds half away from zero despite binary floats', () => {
  assert.equal(round2(1.005), 1.01);
  assert.equal(round2(2.675), 2.68);
  assert.equal(round2(-1.005), -1.01);
});

test('spec line joins colour, size and width with a full-width bar, skipping empty parts', () => {
  assert.equal(specLine(['黑色', 'M', '标准']), '黑色｜M｜标准');
  assert.equal(specLine(['黑色', '', '宽']), '黑色｜宽');
  assert.equal(specLine([null, ' ', undefined]), '');
  assert.equal(specLine([undefined, '38', null]), '38');
});

test('short title: non-empty, under 12 characters, no default praise', () => {
  assert.equal(shortTitle('很好看'), '很好看');
  assert.equal(shortTitle('  质量不错  '), '质量不错');
  assert.equal(shortTitle('一二三四五六七八九十一'), '一二三四五六七八九十一'); // 11
  assert.equal(shortTitle('一二三四五六七八九十一二'), null); // 12
  assert.equal(shortTitle(''), null);
  assert.equal(shortTitle(null), null);
  assert.equal(shortTitle(siteConfig.defaultPraise), null);
  assert.equal(shortTitle('好评👍👍'), '好评👍👍', 'emoji count as one character each');
});

test('alt text is the first 120 characters of the content', () => {
  const long = '好'.repeat(200);
  assert.equal(altText(long), '好'.repeat(120));
  assert.equal(altText('a\n\nb'), 'a b');
  assert.equal(altText(''), '晒单图片');
});

test('posted date is YYYY-MM-DD in China Standard Time whatever the zone', () => {
  // 2024-03-01T16:30:00Z is already 2024-03-02 00:30 in Shanghai.
  assert.equal(formatPostedDate(Date.UTC(2024, 2, 1, 16, 30)), '2024-03-02');
  assert.equal(formatPostedDate(Date.UTC(2024, 2, 1, 15, 59)), '2024-03-01');
  assert.equal(formatPostedDate(null), null);
});

test('China time is what Intl says for Asia/Shanghai, 1992 to 2040, in machine zones on four continents', () => {
  const intl = new Intl.DateTimeFormat('sv-SE', {
    timeZone: CHINA_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const wall = (t: number) => intl.format(new Date(t)).replace(' ', 'T');
  const saved = process.env.TZ;
  try {
    // Node applies a changed TZ at once; dayjs's own offset arithmetic used to slip by an hour
    // near the machine zone's DST changes, which these zones have at different dates.
    for (const zone of ['UTC', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Shanghai']) {
      process.env.TZ = zone;
      let checked = 0;
      // A deterministic sample every 5 h, drifting through every hour of the day.
      for (let t = CHINA_FIXED_OFFSET_SINCE; t < Date.UTC(2040, 0, 1); t += 18_000_017) {
        const w = wall(t);
        assert.equal(isoChinaTime(t), `${w}+08:00`, `${zone} ${new Date(t).toISOString()}`);
        assert.equal(formatPostedDate(t), w.slice(0, 10), `${zone} ${new Date(t).toISOString()}`);
        checked++;
      }
      assert.ok(checked > 80_000, `${checked} instants`);
      for (const t of [Date.UTC(2025, 5, 30, 15, 59, 59), Date.UTC(2025, 5, 30, 16, 0, 0)])
        assert.equal(formatPostedDate(t), wall(t).slice(0, 10));
      // China kept summer time from 1986 to 1991: 1988-07-01 12:00 UTC was 21:00 in Shanghai (+09:00).
      assert.equal(isoChinaTime(Date.UTC(1988, 6, 1, 12)), '1988-07-01T21:00:00+09:00', zone);
    }
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
});

test('likes show the word for like when zero or missing', () => {
  assert.equal(likesText(0), '赞');
  assert.equal(likesText(undefined), '赞');
  assert.equal(likesText(12), '12');
});

test('stars are clamped to 0..5', () => {
  assert.equal(filledStars(4), 4);
  assert.equal(filledStars(9), 5);
  assert.equal(filledStars(-1), 0);
  assert.equal(filledStars(null), 0);
});

test('related text falls back to the default praise', () => {
  assert.equal(relatedText(''), siteConfig.defaultPraise);
  assert.equal(relatedText(null), siteConfig.defaultPraise);
  assert.equal(relatedText('不错'), '不错');
});

test('sku name "{product}|{variant}": the product before the first "|", the whole name without one (issue 11)', () => {
  assert.equal(productName('一只阿杰 托特包|酒红色 XS'), '一只阿杰 托特包');
  assert.equal(productName('Nike | Air Max 90'), 'Nike');
  assert.equal(productName('Coach 托特包'), 'Coach 托特包');
  assert.equal(productName('前缀|'), '前缀');
  assert.equal(productName('|只有规格'), '只有规格', 'an empty product part falls back to what there is');
  assert.equal(productName('  '), '');
  assert.equal(productName(null), '');
  assert.equal(productName('A|B|C'), 'A');
});

test('variant: the part after the first "|", none without one', () => {
  assert.equal(variantName('一只阿杰 托特包|酒红色 XS'), '酒红色 XS');
  assert.equal(variantName('A|B|C'), 'B|C');
  assert.equal(variantName('Coach 托特包'), null);
  assert.equal(variantName('前缀|'), null);
  assert.equal(variantName('|只有规格'), null, 'already the product name');
  assert.equal(variantName(undefined), null);
});

test('reviewer label: one line, the anonymous word when missing (as the reviewer card shows)', () => {
  assert.equal(reviewerLabel(' 小\n明 '), '小 明');
  assert.equal(reviewerLabel(null), '匿名用户');
  assert.equal(reviewerLabel('  '), '匿名用户');
});

test('price in yuan as a decimal string, the number formatPrice shows', () => {
  assert.equal(priceYuan(12999, 7.1234), '925.97');
  assert.equal(priceYuan(null, 7), null);
  assert.equal(formatPrice(12999, 7.1234), `¥${priceYuan(12999, 7.1234)}`);
});
