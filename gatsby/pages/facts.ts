// The facts beside a product's reviews (issue 45) as the pages carry them: the product hub's
// (gatsby/pages/product.ts) and every review page's product box (gatsby/pages/review.ts), from
// one view per product, so the two never disagree. Static markup, rendered here by React's own
// server renderer (every text escaped) in the build, the patch build and the site server's
// render process alike; the pages write it as it is and hydrate nothing in it, so the facts
// cost no first-load JavaScript but the element that holds them (the review page's first load
// has a budget of 100 KB, page-weight.test.ts).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Catalogue } from '../../src/catalogue';
import { factsView, type FactsView } from '../../src/listing/facts-view';
import { boughtSize } from '../../src/listing/bought-size';
import type { Fit } from '../../src/listing/fit';
import type { ProductView } from '../../src/listing/types';
import type { ReviewView } from '../../src/review/view';
import { ProductFacts } from '../../src/components/listing/ProductFacts';

/**
 * One product's facts: the product call's (with its facts calls) when it answered, and the fit
 * its reviews state; null when there is neither (the page is the reviews' alone). `product`
 * undefined: the call did not answer (the hub then shows what the reviews tell).
 */
export function productFactsView(
  catalogue: Catalogue,
  product: ProductView | undefined,
  fits: Iterable<Fit | null | undefined>,
): FactsView | null {
  return factsView({
    catalogue,
    categoryId: product?.categoryId ?? null,
    marks: product?.marks ?? [],
    facts: product?.facts,
    fits,
  });
}

/** The facts' markup; `mark`: the chart row of the size a reviewer bought (review pages). */
export const factsMarkup = (view: FactsView, mark: string | null = null): string =>
  renderToStaticMarkup(createElement(ProductFacts, { facts: view, mark }));

/**
 * A product's facts for its review pages: rendered once per size bought (a review without a
 * size, or with one the chart does not list, gets the unmarked markup), whatever the number of
 * reviews; the page data of each carries the string.
 */
export class ReviewFacts {
  private readonly byMark = new Map<string, string>();
  /** `render`: the markup of the view with a size marked (a test counts its calls). */
  constructor(
    readonly view: FactsView,
    private readonly render: (view: FactsView, mark: string | null) => string = factsMarkup,
  ) {}

  /** The markup for `review`'s page, the size its sku names marked in the chart. */
  of(review: Pick<ReviewView, 'sku'>): string {
    const mark = boughtSize(this.view.sizeChart, review.sku.size);
    const key = mark ?? '';
    let html = this.byMark.get(key);
    if (html === undefined) this.byMark.set(key, (html = this.render(this.view, mark)));
    return html;
  }
}

/** The ReviewFacts of a product, or null when it has no facts. */
export const reviewFacts = (view: FactsView | null): ReviewFacts | null => (view ? new ReviewFacts(view) : null);
