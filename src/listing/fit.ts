// Fit across a product's reviews (issue 45): 偏大 / 正好 / 偏小 with counts, from each review's
// own words and word tags, by one rule that the product hub and the review page's product box
// both use (Amazon's "fit: runs small", Taobao's 尺码推荐 come from buyers' words the same way).
//
// The rule, clause by clause (a clause ends at Chinese or Latin punctuation or a line break):
// - a question (it ends with ？ or ?, or asks with 吗 / 会不会 / 是不是 / 是否) says nothing;
// - else the first list below with a phrase in the clause gives the clause's fit: a phrase that
//   says "true to size" (including "not large", 不偏大), then the shopper's advice and what they
//   did (拍小一码, "order one size down", means it runs large; 买小了, "bought too small"), then
//   plain words (偏大, 有点小);
// - the text decides when a clause of it states a fit, else the word tags do, each read as a
//   clause.
// A review whose deciding clauses agree has that fit; one without any, or whose clauses disagree
// (偏大 in one, 偏小 in another), is not counted. Phrases are matched as plain substrings of the
// text in NFKC form (full-width letters folded), at most MAX_TEXT characters of it: no pattern
// that could backtrack, bounded work per review.

export type Fit = 'large' | 'true' | 'small';

/** What the page shows for each fit. */
export const FIT_LABEL: Record<Fit, string> = { large: '偏大', true: '正好', small: '偏小' };

/** Characters of a review's text read for its fit (review texts are bounded; this bounds the rule). */
export const MAX_TEXT = 2000;

/**
 * Checked in this order; the first list with a match decides the clause. Bare 刚好, 有点大 and
 * the like are left out: in reviews they as often say 通勤刚好 (a bag's size for commuting),
 * 价格有点小贵 or 色差有点大.
 */
const PHRASES: ReadonlyArray<readonly [Fit, readonly string[]]> = [
  [
    'true',
    [
      '不大不小',
      '不偏大',
      '不偏小',
      '没有偏大',
      '没有偏小',
      '不会偏大',
      '不会偏小',
      '大小正好',
      '大小合适',
      '大小刚好',
      '尺码正',
      '码数正',
      '尺码标准',
      '尺码合适',
      '码数合适',
      '正码',
      '合身',
      '合脚',
    ],
  ],
  // What the shopper did or advises: ordering one size down means it runs large.
  ['large', ['买大了', '拍小一码', '拍小半码', '选小一码', '选小半码', '买小一码', '买小半码', '往小拍', '建议小一码']],
  ['small', ['买小了', '拍大一码', '拍大半码', '选大一码', '选大半码', '买大一码', '买大半码', '往大拍', '建议大一码']],
  ['large', ['偏大', '码大', '稍大', '略大', '大了半码', '大了一码', '有点大了', '有些大了']],
  ['small', ['偏小', '码小', '稍小', '略小', '小了半码', '小了一码', '有点小了', '有些小了', '偏紧', '太紧', '挤脚']],
];

const ENDS = new Set(['，', '。', '！', '？', '；', '、', ',', '.', '!', '?', ';', '\n', '~', '～']);
const QUESTION_WORDS = ['吗', '会不会', '是不是', '是否'];

/** The fit one clause states, or null. */
export function clauseFit(clause: string): Fit | null {
  for (const [fit, phrases] of PHRASES) if (phrases.some((p) => clause.includes(p))) return fit;
  return null;
}

/** The clauses of a text, each with whether it asks (ended by a question mark). */
function clauses(text: string): Array<{ text: string; asks: boolean }> {
  const out: Array<{ text: string; asks: boolean }> = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (i < text.length && !ENDS.has(c)) continue;
    const clause = text.slice(start, i).trim();
    if (clause) out.push({ text: clause, asks: c === '？' || c === '?' });
    start = i + 1;
  }
  return out;
}

/**
 * The fit one review states, by the rule above: its text's when the text states one, else its
 * word tags' (a tag is picked from a list, the text is the buyer's own account); null when
 * neither states one or what decides disagrees.
 */
export function reviewFit(content: string | null | undefined, tags: readonly string[] = []): Fit | null {
  const text = (content ?? '').slice(0, MAX_TEXT).normalize('NFKC');
  const fromText = agreed(clauses(text));
  if (fromText !== undefined) return fromText;
  return agreed(tags.map((t) => ({ text: t.slice(0, 100).normalize('NFKC'), asks: false }))) ?? null;
}

/** The one fit these clauses state; null when they disagree; undefined when none states one. */
function agreed(list: Array<{ text: string; asks: boolean }>): Fit | null | undefined {
  const found = new Set<Fit>();
  for (const c of list) {
    if (c.asks || QUESTION_WORDS.some((w) => c.text.includes(w))) continue;
    const fit = clauseFit(c.text);
    if (fit) found.add(fit);
  }
  if (!found.size) return undefined;
  return found.size === 1 ? [...found][0] : null;
}

export interface FitSummary {
  large: number;
  true: number;
  small: number;
  /** Reviews that state a fit (the three counts' sum). */
  counted: number;
  /**
   * What most of them say: the fit of more than half of the counted reviews, when at least
   * MIN_FOR_VERDICT state one; else null (the counts alone are shown).
   */
  verdict: Fit | null;
}

export const MIN_FOR_VERDICT = 3;

export function fitSummary(
  reviews: Iterable<{ content: string | null | undefined; tags: readonly string[] }>,
): FitSummary {
  const fits: Array<Fit | null> = [];
  for (const r of reviews) fits.push(reviewFit(r.content, r.tags));
  return summarizeFits(fits);
}

/** The summary of fits already read (reviewFit), e.g. kept per review by the build. */
export function summarizeFits(fits: Iterable<Fit | null | undefined>): FitSummary {
  const s = { large: 0, true: 0, small: 0 };
  for (const fit of fits) if (fit) s[fit]++;
  const counted = s.large + s.true + s.small;
  const top = (['true', 'large', 'small'] as const).find((f) => s[f] * 2 > counted) ?? null;
  return { ...s, counted, verdict: counted >= MIN_FOR_VERDICT ? top : null };
}
