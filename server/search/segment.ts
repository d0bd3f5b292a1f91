// Word segmentation for the search index (issue 43). SQLite's FTS5 tokenizers cannot split
// Chinese into words: `unicode61` keeps a run of Han characters as one token, and `trigram`
// matches nothing shorter than 3 characters (most Chinese words are 2: 面霜, 奶粉). So the text
// is segmented here, with the ICU dictionary behind Node's `Intl.Segmenter('zh', word)`, at
// index time and at query time alike, and the words are stored space-separated for
// `unicode61` (which also folds case and diacritics). docs/server.md "Search".

/** The longest query searched, in characters (code points); longer ones are cut. */
export const MAX_QUERY_CHARS = 50;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * Clauses: runs of anything but white space, punctuation and symbols (emoji included). One
 * character class, no backtracking; each clause is segmented on its own (a word never spans
 * punctuation), so clauses repeated across reviews are segmented once (CLAUSE_CACHE).
 */
const CLAUSE = /[^\s\p{P}\p{S}\p{C}]+/gu;

/** Segmented clauses kept (oldest dropped first): the demo's texts repeat their clauses. */
const CLAUSE_CACHE_MAX = 50_000;
const clauseCache = new Map<string, string[]>();

/** Width- and case-folded form: full-width letters and digits become ASCII (NFKC), then lower case. */
export const normalise = (text: string): string => text.normalize('NFKC').toLowerCase();

function wordsOfClause(clause: string): string[] {
  let words = clauseCache.get(clause);
  if (words === undefined) {
    words = [];
    for (const s of segmenter.segment(clause)) if (s.isWordLike) words.push(s.segment);
    // Marks and the like that ICU does not call word-like: keep the clause whole.
    if (!words.length) words.push(clause);
    if (clauseCache.size >= CLAUSE_CACHE_MAX) clauseCache.delete(clauseCache.keys().next().value!);
    clauseCache.set(clause, words);
  }
  return words;
}

/** The clauses of a normalised text. */
const clausesOf = (text: string): string[] => text.match(CLAUSE) ?? [];

/** A text as the index stores it: its words, space-separated. */
export function indexText(...parts: Array<string | null | undefined>): string {
  const out: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    for (const clause of clausesOf(normalise(part))) out.push(...wordsOfClause(clause));
  }
  return out.join(' ');
}

export interface SearchQuery {
  /** The FTS5 MATCH expression, or null when the query has no word (blank, emoji, punctuation). */
  match: string | null;
  /** The query's clauses as searched (normalised), for highlighting. */
  terms: string[];
  /** The query as searched: at most MAX_QUERY_CHARS characters, trimmed. */
  text: string;
  /** True when the query was longer than MAX_QUERY_CHARS and was cut. */
  cut: boolean;
}

/** An FTS5 string: everything inside double quotes is text, a quote is doubled. */
const ftsString = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * A shopper's query as an FTS5 expression. Nothing of the input is FTS syntax: each clause
 * becomes one quoted phrase of its words (so `"`, `*`, `(`, `:`, `^`, `-`, NEAR, AND, OR are
 * separators or plain words), phrases are all required, and the last one matches as a prefix
 * (the shopper may still be typing: 面 finds 面霜).
 */
export function parseQuery(raw: string): SearchQuery {
  const chars = Array.from(raw);
  const cut = chars.length > MAX_QUERY_CHARS;
  const text = (cut ? chars.slice(0, MAX_QUERY_CHARS).join('') : raw).trim();
  const clauses = clausesOf(normalise(text));
  if (!clauses.length) return { match: null, terms: [], text, cut };
  const phrases = clauses.map((c) => ftsString(wordsOfClause(c).join(' ')));
  phrases[phrases.length - 1] += ' *';
  return { match: phrases.join(' '), terms: [...new Set(clauses)], text, cut };
}
