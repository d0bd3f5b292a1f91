// The review waterfall (issue 44): each card goes into the shortest column, placed from what
// the data says (the picture's size, or a text card's fixed shape) before any picture loads,
// once per column count. A card's place depends only on the cards before it, so appending a
// page of the infinite scroll never moves what is shown, and the server HTML and the hydrated
// page place every card alike. src/styles/listing.css (".wf") draws a card of ratio r exactly
// r column-widths plus `extra` pixels high, which is what makes the positions exact.

/** One column count: from which viewport width, the gap, and a typical column width in px. */
export interface WaterfallLayout {
  columns: number;
  /** The smallest viewport width (CSS px) of this layout (the same media queries as listing.css). */
  minWidth: number;
  gap: number;
  /** The column width the shortest column is chosen with (the real one only changes the scale). */
  nominal: number;
}

/** Phones 2 columns, tablets 3, desktop (from 960 px, spec section 2) 5: listing.css has the same. */
export const WATERFALL_LAYOUTS: readonly WaterfallLayout[] = [
  { columns: 2, minWidth: 0, gap: 10, nominal: 172 },
  { columns: 3, minWidth: 600, gap: 10, nominal: 230 },
  { columns: 5, minWidth: 960, gap: 14, nominal: 220 },
];

/** Pixels of a picture card below its picture (its text and meta rows; listing.css `.wf .rcard`). */
export const PICTURE_CARD_EXTRA = 86;
/** Pixels of a text card below its quote (its meta row). */
export const TEXT_CARD_EXTRA = 34;
/** A picture's box is its own shape, kept between 4:3 landscape and 3:4 portrait (as RED does). */
export const MIN_RATIO = 0.75;
export const MAX_RATIO = 1.333;
/** The box of a picture whose size the API did not send: 3:4 portrait. */
export const DEFAULT_RATIO = MAX_RATIO;
/** A text card's quote box: square for a short text, taller for a long one. */
export const TEXT_RATIO_SHORT = 1;
export const TEXT_RATIO_LONG = 1.25;
const LONG_TEXT = 36;

export interface CardShape {
  /** Height of the card's box over the column width. */
  ratio: number;
  /** Fixed pixels below the box. */
  extra: number;
}

/** The shape of a review card: its picture's, or a text card's. */
export function cardShape(item: { image: string | null; ratio?: number; content: string }): CardShape {
  if (!item.image)
    return {
      ratio: [...item.content.trim()].length > LONG_TEXT ? TEXT_RATIO_LONG : TEXT_RATIO_SHORT,
      extra: TEXT_CARD_EXTRA,
    };
  const r = item.ratio ?? DEFAULT_RATIO;
  return { ratio: Math.min(MAX_RATIO, Math.max(MIN_RATIO, r)), extra: PICTURE_CARD_EXTRA };
}

/** Where a card sits in one layout: column, and how much is above it (ratio sum, fixed px). */
export interface Slot {
  column: number;
  ratioAbove: number;
  pxAbove: number;
}

export interface Placement {
  slots: Slot[];
  /** Each column's height: ratio sum and fixed px (the gap after the last card excluded). */
  columns: Array<{ ratio: number; px: number }>;
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/**
 * Shortest-column placement of the cards in order (ties: the leftmost column). Incremental by
 * construction: placing `cards.slice(0, n)` gives the first n slots of placing `cards`.
 */
export function placeWaterfall(cards: readonly CardShape[], layout: WaterfallLayout): Placement {
  const cols = Array.from({ length: layout.columns }, () => ({ ratio: 0, px: 0, n: 0 }));
  const slots: Slot[] = [];
  for (const card of cards) {
    let best = 0;
    let bestH = Infinity;
    cols.forEach((c, i) => {
      const h = c.ratio * layout.nominal + c.px;
      if (h < bestH - 1e-6) {
        best = i;
        bestH = h;
      }
    });
    const col = cols[best];
    slots.push({ column: best, ratioAbove: round4(col.ratio), pxAbove: col.px });
    col.ratio += card.ratio;
    col.px += card.extra + layout.gap;
    col.n++;
  }
  return {
    slots,
    columns: cols.map((c) => ({ ratio: round4(c.ratio), px: c.n ? c.px - layout.gap : 0 })),
  };
}

/**
 * The inline style of the list and of each card: per layout `--c{n}` (column), `--r{n}` (ratio
 * sum above), `--e{n}` (px above) on a card, `--h{n}` (height) on the list; listing.css picks
 * the layout's variables by media query and turns them into lengths with the column width.
 */
export function waterfallStyles(items: ReadonlyArray<{ image: string | null; ratio?: number; content: string }>): {
  list: Record<string, string>;
  cards: Array<Record<string, string>>;
} {
  const shapes = items.map(cardShape);
  const list: Record<string, string> = {};
  const cards: Array<Record<string, string>> = shapes.map((s) => ({ '--ar': String(round4(s.ratio)) }));
  for (const layout of WATERFALL_LAYOUTS) {
    const n = layout.columns;
    const { slots, columns } = placeWaterfall(shapes, layout);
    slots.forEach((s, i) => {
      cards[i][`--c${n}`] = String(s.column);
      cards[i][`--r${n}`] = String(s.ratioAbove);
      cards[i][`--e${n}`] = `${s.pxAbove}px`;
    });
    const heights = columns.map((c) => `calc(${c.ratio} * var(--cw) + ${c.px}px)`);
    list[`--h${n}`] = `max(${heights.join(', ')})`;
  }
  return { list, cards };
}
