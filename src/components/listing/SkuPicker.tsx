import * as React from 'react';
import { colorChoices, initialChoice, missingChoice, sizeChoices, skuOf, type Choice } from '../../listing/sku-picker';
import { useBuyAction, useSkuOptions, type BuyAction } from '../../hooks/use-buy';

export interface SkuPickerProps {
  id: string;
  productId: string;
  action: BuyAction;
  /** The colour and size to pick first (the reviewer's, on a review page). */
  wanted?: { color?: string | null; size?: string | null };
  /** A sku chosen before signing in (./BuyBox.tsx, pending buy). */
  preset?: string | null;
  /** The app's product page: where an express buy is paid for. */
  appLink: string;
  onClose(): void;
}

const CONFIRM: Record<BuyAction, string> = { cart: '确认加入购物车', now: '确认购买' };

function Choices({
  label,
  name,
  choices,
  chosen,
  onChoose,
}: {
  label: string;
  name: string;
  choices: Choice[];
  chosen: string;
  onChoose(v: string): void;
}) {
  if (!choices.length) return null;
  return (
    <fieldset className="buy__choices" data-choice={name}>
      <legend>{label}</legend>
      {choices.map((c) => (
        <button
          key={c.name}
          type="button"
          className="buy__choice"
          aria-pressed={chosen === c.name}
          disabled={c.soldOut}
          data-sold-out={c.soldOut ? 'true' : undefined}
          onClick={() => onChoose(chosen === c.name ? '' : c.name)}
        >
          {c.name}
          {c.soldOut && <span className="buy__sold-out">（售罄）</span>}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The colour and size picker of 加入购物车 and 立即购买 (issue 45), a chunk of its own loaded at the
 * first tap: the product's skus with today's stock (what is sold out is shown, not choosable),
 * then one of the chosen sku into the cart or an express buy of it. A guest's call answers 401
 * and the client sends them to sign in and back (spec section 8); the picker then reopens.
 */
export default function SkuPicker({ id, productId, action, wanted, preset, appLink, onClose }: SkuPickerProps) {
  const { list, retry } = useSkuOptions(productId);
  const buy = useBuyAction(productId);
  const [choice, setChoice] = React.useState<{ color: string; size: string } | null>(null);
  const options = list.state === 'ready' ? list.options : [];
  const presetSku = preset ? options.find((o) => o.id === preset && !o.soldOut) : undefined;
  const current =
    choice ?? (presetSku ? { color: presetSku.color, size: presetSku.size } : initialChoice(options, wanted));
  const missing = list.state === 'ready' ? missingChoice(options, current.color, current.size) : '';
  const sku = skuOf(options, current.color, current.size);
  const choose = (part: 'color' | 'size') => (v: string) =>
    setChoice(
      part === 'color'
        ? { color: v, size: skuOf(options, v, current.size) ? current.size : '' }
        : { ...current, size: v },
    );
  const status =
    buy.result?.action === 'cart'
      ? '已加入购物车'
      : buy.result?.action === 'now'
        ? '订单已创建，请在 APP 中完成支付'
        : buy.error || (buy.busy ? '正在提交…' : missing);
  return (
    <div
      className="buy__picker"
      id={id}
      role="group"
      aria-label={action === 'cart' ? '选择款式加入购物车' : '选择款式立即购买'}
      data-state={list.state === 'ready' ? (buy.result ? 'done' : 'ready') : list.state}
    >
      {list.state === 'loading' && (
        <p className="buy__status" role="status">
          正在加载款式…
        </p>
      )}
      {list.state === 'failed' && (
        <p className="buy__status" role="alert">
          {list.error}{' '}
          <button type="button" className="buy__retry" onClick={retry}>
            重试
          </button>
        </p>
      )}
      {list.state === 'ready' && (
        <>
          <Choices
            label="颜色"
            name="color"
            choices={colorChoices(options)}
            chosen={current.color}
            onChoose={choose('color')}
          />
          <Choices
            label="尺码"
            name="size"
            choices={sizeChoices(options, current.color)}
            chosen={current.size}
            onChoose={choose('size')}
          />
          {sku?.price && <p className="buy__sku-price">{sku.price}</p>}
          <p className="buy__status" role="status" data-express-id={buy.result?.id || undefined}>
            {status}
          </p>
          {buy.result?.action === 'now' && (
            <a className="buy__pay" href={appLink} rel="nofollow noopener">
              打开 APP 支付
            </a>
          )}
          <div className="buy__picker-actions">
            <button
              type="button"
              className="buy__confirm"
              disabled={!sku || !!missing || buy.busy}
              aria-busy={buy.busy}
              onClick={() => sku && void buy.run(action, sku.id)}
            >
              {CONFIRM[action]}
            </button>
            <button type="button" className="buy__close" onClick={onClose}>
              收起
            </button>
          </div>
        </>
      )}
    </div>
  );
}
