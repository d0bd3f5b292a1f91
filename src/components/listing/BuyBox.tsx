import * as React from 'react';
import { giftPackageText } from '../shell/app-promo';
import { isWechat } from '../../hooks/use-wechat-share';
import { takePendingBuy } from '../../hooks/pending-buy';
import type { BuyAction } from '../../hooks/use-buy';
import type { BuyData } from '../../listing/buy';
import type { ReviewView } from '../../review/view';
import { formatPrice, productName } from '../../review/format';

import SkuPicker from './SkuPicker';

/**
 * CSS pixels per module of the QR code: a whole number, so every module is the same size on
 * screen (at 96 px, a 53-module code had modules of 1 and 2 pixels, which a decoder misread).
 */
const QR_MODULE_PX = 3;

export type BuyBoxProps =
  | {
      buy: BuyData;
      price: string | null;
      /** The product's name (the QR code's label). */
      name: string;
    }
  | {
      buy: BuyData;
      /**
       * A review page: the reviewer's sku gives the price and name, and is picked first. Shown
       * with the built review only (the page may show another one its URL names).
       */
      review: ReviewView;
    };

/**
 * A buy path that lands on this product (issue 45). Server HTML that works without script: on
 * phones "去 APP 购买" opens the app's product page by its universal link (the storefront's page
 * when the app is not installed), on desktop a QR code of that link; both carry the page's UTM
 * parameters. Inside WeChat, where neither opens the app, the link goes to the mini program's
 * product page. Where the storefront sells on the web, 加入购物车 and 立即购买 open the colour and
 * size picker. This component and the picker are a chunk of their own, loaded with React.lazy by
 * ./ProductInfo.tsx and ../review/ReviewDetail.tsx, so none of it is in a page's first-load
 * JavaScript. The server renders it whole (Gatsby writes a page once everything is ready), so the
 * HTML has its links and QR code; in the browser React keeps that markup until the chunk has
 * come, then hydrates it (both callers memoise the boundary: an update reaching it first would
 * make React draw the box afresh). Its root is a section that hydrates later to the boot's held
 * taps (`data-hydrate-later`, src/boot/engagement.ts `whenReactOwns`): a tap on 加入购物车 before
 * then waits for it, shown as taken, and is done once, on the button tapped.
 */
export default function BuyBox(props: BuyBoxProps) {
  const { buy } = props;
  const review = 'review' in props ? props.review : undefined;
  const wanted = review?.sku;
  const price = wanted ? formatPrice(wanted.cents, wanted.rate) : 'price' in props ? props.price : null;
  const name = wanted ? productName(wanted.name) : 'name' in props ? props.name : '';
  const [action, setAction] = React.useState<BuyAction | null>(null);
  const [preset, setPreset] = React.useState<string | null>(null);
  const [wechat, setWechat] = React.useState(false);
  const opener = React.useRef<HTMLButtonElement | null>(null);
  React.useEffect(() => {
    setWechat(isWechat(navigator.userAgent));
    // Back from signing in (a 401 sent the shopper there): the picker opens as it was left.
    const pending = takePendingBuy(buy.productId);
    if (pending) {
      setPreset(pending.skuId);
      setAction(pending.action);
    }
  }, [buy.productId]);
  const open = (a: BuyAction) => (e: React.MouseEvent<HTMLButtonElement>) => {
    opener.current = e.currentTarget;
    setAction((current) => (current === a ? null : a));
  };
  const close = React.useCallback(() => {
    setAction(null);
    opener.current?.focus();
  }, []);
  const { links, qr } = buy;
  if (review && review.id !== buy.commentId) return null;
  return (
    <div className="buy" data-price={price ?? ''} data-product-id={buy.productId} data-hydrate-later="buy">
      <a
        className="buy__app"
        href={wechat ? buy.miniProgramLaunch : links.universal}
        rel="nofollow noopener"
        data-app-scheme={links.scheme}
      >
        {wechat ? '去小程序购买' : '去 APP 购买'}
        {price ? ` ${price}` : ''}
        <span className="buy__gift">{giftPackageText()}</span>
      </a>
      {buy.webPurchase && (
        <div className="buy__web">
          <button
            type="button"
            className="buy__cart"
            aria-expanded={action === 'cart'}
            aria-controls={action === 'cart' ? `buy-picker-${buy.productId}` : undefined}
            onClick={open('cart')}
          >
            加入购物车
          </button>
          <button
            type="button"
            className="buy__now"
            aria-expanded={action === 'now'}
            aria-controls={action === 'now' ? `buy-picker-${buy.productId}` : undefined}
            onClick={open('now')}
          >
            立即购买
          </button>
        </div>
      )}
      {action && (
        <SkuPicker
          id={`buy-picker-${buy.productId}`}
          productId={buy.productId}
          action={action}
          wanted={wanted}
          preset={preset}
          appLink={links.universal}
          onClose={close}
        />
      )}
      <div className="buy__qr">
        <svg
          className="buy__qr-code"
          role="img"
          aria-label={`扫码用 APP 购买${name}`}
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          width={qr.size * QR_MODULE_PX}
          height={qr.size * QR_MODULE_PX}
          shapeRendering="crispEdges"
          data-link={links.universal}
        >
          <path fill="#fff" d={`M0 0h${qr.size}v${qr.size}H0z`} />
          <path stroke="#000" d={qr.d} />
        </svg>
        <p>
          扫码用 APP 购买
          {price && <strong className="buy__price">{price}</strong>}
          <span className="buy__gift">{giftPackageText()}</span>
        </p>
      </div>
    </div>
  );
}
