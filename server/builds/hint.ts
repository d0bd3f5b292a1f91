// Coalescing of build hints: triggers that arrive while a build runs become ONE next build
// whose hint is the union of theirs. A trigger without a hint makes the merged build a full
// one; so does a union past MAX_MERGED (a full build is then cheaper than a long list).
import type { BuildHint, ReviewRef } from './types';
import { refKey } from '../../publish/build-protocol';

export const MAX_MERGED = 5000;
const key = refKey;

/** The hint of a request body: null (a full build) when the body names nothing. */
export function hintOf(body: { changed?: ReviewRef[]; removed?: ReviewRef[] } | undefined | null): BuildHint | null {
  if (!body || (!body.changed?.length && !body.removed?.length)) return null;
  return mergeHints({ changed: [], removed: [] }, { changed: body.changed ?? [], removed: body.removed ?? [] });
}

/**
 * The union of two hints, deduplicated; a review in both lists counts as what the later hint
 * (`b`) says it is (edited after a takedown: changed; taken down after an edit: removed).
 */
export function mergeHints(a: BuildHint | null, b: BuildHint | null): BuildHint | null {
  if (!a || !b) return null;
  const state = new Map<string, { ref: ReviewRef; removed: boolean }>();
  for (const h of [a, b]) {
    for (const r of h.changed)
      state.set(key(r), { ref: { productId: r.productId, commentId: r.commentId }, removed: false });
    for (const r of h.removed)
      state.set(key(r), { ref: { productId: r.productId, commentId: r.commentId }, removed: true });
  }
  if (state.size > MAX_MERGED) return null;
  const out: BuildHint = { changed: [], removed: [] };
  for (const { ref, removed } of state.values()) (removed ? out.removed : out.changed).push(ref);
  return out;
}
