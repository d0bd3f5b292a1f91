// The facts calls of one product (issue 45): its size chart, its merchant's domestic shipping and
// its translation, each an optional endpoint (contract "What a build may assume"): a failing
// call leaves its part out of the page and is reported once per endpoint with the build's other
// skipped endpoints (fetch-extras.ts describeSkipped), never fails the build. The build
// (fetchExtras) and the site server's render process for a deferred hub
// (gatsby/renderer/render-child.ts) source a product through this one module, so both write
// the same page.
import type { DomesticShipping, ProductDetail, ProductTranslation, SizeChart } from '../../src/storefront/products';
import { toProductFacts, type ProductFacts } from '../../src/listing/facts';
import { toProductView } from '../../src/listing/view';
import type { ProductView } from '../../src/listing/types';
import { idText, pathId } from '../../src/common/coerce';
import { OptionalEndpoint } from './optional-endpoint';

/** Merchants whose shipping one source keeps (the wire's merchant list holds at most 1000). */
const MERCHANTS_KEPT = 1000;

export interface FactsApi {
  sizeChart?(id: string): Promise<SizeChart>;
  translation?(id: string): Promise<ProductTranslation>;
  domesticShipping?(merchantId: string): Promise<DomesticShipping>;
}

/** The answer is about the thing asked for (else it is a broken answer, counted as a failure). */
const about = (answerId: unknown, id: string) => idText(answerId) === id;

export function factsSource(api: FactsApi, breakAfter = 10) {
  const ep = {
    sizeChart: new OptionalEndpoint('GET /api/v1/sizecharts/products/{id}', breakAfter),
    translation: new OptionalEndpoint('GET /api/v1/translate/product/{id}', breakAfter),
    shipping: new OptionalEndpoint('GET /api/v1/merchants/{id}/domesticshipping', breakAfter),
  };
  // One call per merchant, whatever the number of its products.
  const shipping = new Map<string, Promise<DomesticShipping | undefined>>();
  const shippingOf = (merchantId: string) => {
    let answer = shipping.get(merchantId);
    if (!answer) {
      answer = ep.shipping
        .call(() => api.domesticShipping!(merchantId))
        .then((s) => {
          if (s === undefined || about(s?.merchantId, merchantId)) return s;
          ep.shipping.reject(`merchant ${merchantId}: answer is about another merchant`);
          return undefined;
        });
      if (shipping.size < MERCHANTS_KEPT) shipping.set(merchantId, answer);
    }
    return answer;
  };

  async function factsOf(id: string, detail: ProductDetail): Promise<ProductFacts> {
    const merchantId = pathId(detail.merchant?.id);
    const [sizeChart, translation, domestic] = await Promise.all([
      // A product the detail says has no chart is not asked (a lipstick: no call).
      api.sizeChart && detail.hasSizeChart !== false ? ep.sizeChart.call(() => api.sizeChart!(id)) : undefined,
      api.translation ? ep.translation.call(() => api.translation!(id)) : undefined,
      api.domesticShipping && merchantId ? shippingOf(merchantId) : undefined,
    ]);
    const checked = <T extends { productId?: unknown }>(a: T | undefined, e: OptionalEndpoint) => {
      if (a === undefined || about(a?.productId, id)) return a;
      e.reject(`product ${id}: answer is about another product`);
      return undefined;
    };
    return toProductFacts(detail, {
      sizeChart: checked(sizeChart, ep.sizeChart),
      translation: checked(translation, ep.translation),
      shipping: domestic,
    });
  }

  return {
    endpoints: Object.values(ep),
    /** The product page's product with its facts; null when the detail is not that product. */
    async productView(id: string, detail: ProductDetail): Promise<ProductView | null> {
      const view = toProductView(detail);
      if (!view || view.id !== id) return null;
      return { ...view, facts: await factsOf(id, detail) };
    },
  };
}
