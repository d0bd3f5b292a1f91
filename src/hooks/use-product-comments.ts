import * as React from 'react';
import { listComments } from '../storefront/comments';
import { errorTextOr } from '../storefront/error-text';
import { toProductReviewItems } from '../listing/view';
import type { ProductReviewItem } from '../listing/types';
import { browserClient } from './browser-client';

/** Comment query page size (spec section 9). */
const COMMENT_PAGE_SIZE = 10;

export interface ProductComments {
  items: ProductReviewItem[];
  tag: string | null;
  status: 'idle' | 'loading' | 'error';
  error: string;
  hasMore: boolean;
  selectTag(tag: string | null): void;
  loadMore(): void;
}

const more = (total: number | undefined, have: number, lastPage: number) =>
  typeof total === 'number' ? total > have : lastPage >= COMMENT_PAGE_SIZE;

/**
 * A product's reviews: starts from the build's list (no tag), then the comment query in the
 * browser (f/t window of 10, sort posted_at, optional tag) for a tag filter and "load more".
 * An answer that arrives after the shopper picked another tag is dropped.
 */
export function useProductComments(
  productId: string,
  initial: ProductReviewItem[],
  initialTotal: number,
): ProductComments {
  const [state, setState] = React.useState(() => ({
    items: initial,
    tag: null as string | null,
    status: 'idle' as ProductComments['status'],
    error: '',
    hasMore: initialTotal > initial.length,
  }));
  const request = React.useRef(0);

  const fetchPage = React.useCallback(
    async (tag: string | null, from: number, base: ProductReviewItem[]) => {
      const id = ++request.current;
      setState((s) => ({ ...s, tag, items: base, status: 'loading', error: '' }));
      try {
        const res = await listComments(await browserClient(), productId, {
          f: from,
          t: from + COMMENT_PAGE_SIZE,
          s: 'posted_at',
          tag: tag ?? undefined,
        });
        if (id !== request.current) return;
        const page = toProductReviewItems(res?.comments, productId);
        const seen = new Set(base.map((r) => r.id));
        const items = [...base, ...page.filter((r) => !seen.has(r.id))];
        const rawCount = Array.isArray(res?.comments) ? res.comments.length : 0;
        setState({ items, tag, status: 'idle', error: '', hasMore: more(res?.total, from + rawCount, rawCount) });
      } catch (e) {
        if (id !== request.current) return;
        setState((s) => ({ ...s, status: 'error', error: errorTextOr(e, '评价加载失败，请稍后重试') }));
      }
    },
    [productId],
  );

  const selectTag = React.useCallback(
    (tag: string | null) => {
      if (tag === null) {
        request.current++;
        setState({ items: initial, tag: null, status: 'idle', error: '', hasMore: initialTotal > initial.length });
        return;
      }
      void fetchPage(tag, 0, []);
    },
    [fetchPage, initial, initialTotal],
  );

  const loadMore = React.useCallback(() => {
    void fetchPage(state.tag, state.items.length, state.items);
  }, [fetchPage, state.tag, state.items]);

  return { ...state, selectTag, loadMore };
}
