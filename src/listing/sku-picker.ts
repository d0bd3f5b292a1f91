// The buy path's colour and size picker (issue 45): the product call's skus reshaped once into
// what the picker shows, and its rules as pure functions. The shopper picks a colour, then a
// size; what is sold out stays in view, marked and not choosable (spec section 3, "Sku": color.name,
// size.name; stock is the reference server's extension, docs/api-client.md "Extensions").
import type { Sku } from '../storefront/wire/reviews';
import { formatPrice } from '../review/format';

/** One sku as the picker shows it. */
export interface SkuOption {
  id: string;
  /** Colour name, '' when the product has no colours. */
  color: string;
  /** Size name, '' when the product has no sizes. */
  size: string;
  /** `¥12.34`, or null without cents. */
  price: string | null;
  soldOut: boolean;
}

/** At most this many skus are offered (the wire's own bound is 200). */
export const SKU_OPTIONS_MAX = 100;
/** Longest colour or size name shown. */
const NAME_MAX = 40;
const ID = /^[0-9]{1,12}$/;

const nameOf = (v: { name?: string | null } | null | undefined): string =>
  typeof v?.name === 'string' ? v.name.trim().slice(0, NAME_MAX) : '';

/** The product call's skus -> options: only skus with an id, each colour-size pair once. */
export function toSkuOptions(skus: readonly Sku[] | null | undefined): SkuOption[] {
  const out: SkuOption[] = [];
  const seen = new Set<string>();
  for (const s of skus ?? []) {
    if (out.length === SKU_OPTIONS_MAX) break;
    const id = s.id == null ? '' : String(s.id);
    if (!ID.test(id)) continue;
    const color = nameOf(s.color);
    const size = nameOf(s.size);
    const key = `${color}\u0000${size}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rate = s.attributes?.attributes?.exchangeRateUsed?.choices?.[0];
    out.push({
      id,
      color,
      size,
      price: formatPrice(s.cents ?? null, rate ?? null),
      soldOut: typeof s.stock === 'number' && s.stock <= 0,
    });
  }
  return out;
}

/** A colour or size the picker offers, and whether anything of it can be bought. */
export interface Choice {
  name: string;
  soldOut: boolean;
}

const distinct = (names: string[]) => [...new Set(names)];

/** The colours, in the skus' order; a colour is sold out when every sku of it is. */
export function colorChoices(options: readonly SkuOption[]): Choice[] {
  return distinct(options.map((o) => o.color))
    .filter(Boolean)
    .map((name) => ({ name, soldOut: options.every((o) => o.color !== name || o.soldOut) }));
}

/**
 * The sizes of the chosen colour (all sizes before a colour is chosen), in the skus' order; a
 * size is sold out when no sku of it in that colour can be bought.
 */
export function sizeChoices(options: readonly SkuOption[], color: string): Choice[] {
  const of = options.filter((o) => !color || o.color === color);
  return distinct(of.map((o) => o.size))
    .filter(Boolean)
    .map((name) => ({ name, soldOut: of.every((o) => o.size !== name || o.soldOut) }));
}

/** The sku of a colour and size ('' where the product has none), or null when none matches. */
export function skuOf(options: readonly SkuOption[], color: string, size: string): SkuOption | null {
  return options.find((o) => o.color === color && o.size === size) ?? null;
}

/**
 * The first choice for a picker: the given colour and size (the review's own sku, on a review
 * page) when that sku can be bought, else the only colour or size there is; '' = not chosen.
 */
export function initialChoice(
  options: readonly SkuOption[],
  wanted?: { color?: string | null; size?: string | null } | null,
): { color: string; size: string } {
  const want = skuOf(options, wanted?.color ?? '', wanted?.size ?? '');
  if (want && !want.soldOut) return { color: want.color, size: want.size };
  const colors = colorChoices(options);
  const color = colors.length === 1 && !colors[0].soldOut ? colors[0].name : '';
  const sizes = sizeChoices(options, color);
  const size = sizes.length === 1 && !sizes[0].soldOut ? sizes[0].name : '';
  return { color, size };
}

/** What still has to be picked before the shopper can buy, as the picker says it; '' = nothing. */
export function missingChoice(options: readonly SkuOption[], color: string, size: string): string {
  if (colorChoices(options).length > 0 && !color) return '请选择颜色';
  if (sizeChoices(options, color).length > 0 && !size) return '请选择尺码';
  const sku = skuOf(options, color, size);
  if (!sku) return '请选择颜色和尺码';
  return sku.soldOut ? '该款式已售罄' : '';
}
