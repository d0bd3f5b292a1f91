// `sizes` of the listing cards' pictures, which have a srcset (issue 44): the width each slot
// takes at each breakpoint, read from listing.css. The browser picks the narrowest variant of
// the picture (src/common/media-variants.ts) that fills the slot at the screen's pixel ratio.
// The content column is .page__main (global.css): at most 1200 px with 12 px padding each side.
// (Beside the cards, not in common/: the review page, which has none, does not load them.)

/** Waterfall cards (.wf): 2 columns, 3 from 600 px, 5 from 960 px; gaps 10 / 14. */
export const WATERFALL_CARD_SIZES =
  '(min-width: 1200px) 224px, (min-width: 960px) calc((100vw - 80px) / 5), (min-width: 600px) calc((100vw - 44px) / 3), calc((100vw - 34px) / 2)';

/** Grid cards (.rgrid, .pgrid): 2 columns, 5 from 960 px; gaps 10 / 14. */
export const GRID_CARD_SIZES =
  '(min-width: 1200px) 224px, (min-width: 960px) calc((100vw - 80px) / 5), calc((100vw - 34px) / 2)';
