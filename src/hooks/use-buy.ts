import * as React from 'react';
import { errorTextOr } from '../storefront/error-text';
import { toSkuOptions, type SkuOption } from '../listing/sku-picker';
import { getProduct } from '../storefront/products';
import { addToCart } from '../storefront/cart';
import { startExpressBuy } from '../storefront/express-buy';
import { browserClient } from './browser-client';
import { clearPendingBuy, keepPendingBuy } from './pending-buy';

import type { BuyAction } from '../listing/buy';

export type { BuyAction };

export type SkuList =
  { state: 'loading' } | { state: 'ready'; options: SkuOption[] } | { state: 'failed'; error: string };

export interface BuyResult {
  action: BuyAction;
  /** The express buy's id (立即购买), '' for the cart. */
  id: string;
}

/**
 * The calls of the buy path (in the buy box's chunk; the transport loads at the first call): the product's skus with
 * their stock (GET /api/v1/products/{id}), the cart's add (POST /api/v2/shoppingcart) and the
 * express buy (POST /api/v1/express-buy/sku). A 401 sends a guest to sign in and back to this
 * page (the client's rule, spec section 8); the promise then never settles into an answer.
 */
const api = () => browserClient().then((client) => ({ calls: { getProduct, addToCart, startExpressBuy }, client }));

/** The skus the picker offers, loaded when it opens (stock is today's, not the build's). */
export function useSkuOptions(productId: string): { list: SkuList; retry(): void } {
  const [list, setList] = React.useState<SkuList>({ state: 'loading' });
  const [attempt, setAttempt] = React.useState(0);
  React.useEffect(() => {
    let alive = true;
    setList({ state: 'loading' });
    api()
      .then((a) => a.calls.getProduct(a.client, productId))
      .then(
        (p) => alive && setList({ state: 'ready', options: toSkuOptions(p.skus) }),
        (e: unknown) => alive && setList({ state: 'failed', error: errorTextOr(e, '款式没有加载成功，请重试') }),
      );
    return () => {
      alive = false;
    };
  }, [productId, attempt]);
  return { list, retry: () => setAttempt((n) => n + 1) };
}

/** Adds one of a sku to the cart, or starts an express buy of it; the error text on failure. */
export function useBuyAction(productId: string) {
  const [busy, setBusy] = React.useState(false);
  const [result, setResult] = React.useState<BuyResult | null>(null);
  const [error, setError] = React.useState('');
  const run = React.useCallback(
    async (action: BuyAction, skuId: string) => {
      setBusy(true);
      setError('');
      setResult(null);
      // Kept until the call has answered: a 401 sends a guest to sign in, and back here the
      // picker opens as it was left (./pending-buy.ts).
      keepPendingBuy({ productId, action, skuId });
      try {
        const a = await api();
        if (action === 'cart') {
          await a.calls.addToCart(a.client, { skuId, quantity: 1, productId });
          setResult({ action, id: '' });
        } else {
          const details = await a.calls.startExpressBuy(a.client, { skuId, quantity: 1 });
          setResult({ action, id: String(details.id) });
        }
        clearPendingBuy();
        setBusy(false);
      } catch (e) {
        // 401: the client is on its way to the login page; the buy stays pending and busy.
        if ((e as { status?: unknown })?.status === 401) return;
        clearPendingBuy();
        setError(errorTextOr(e, action === 'cart' ? '没有加入购物车，请重试' : '没有下单成功，请重试'));
        setBusy(false);
      }
    },
    [productId],
  );
  return { busy, result, error, run };
}
