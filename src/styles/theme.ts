// Design tokens that code needs as values rather than CSS (the theme-color meta tag, which
// takes no var()). The theme itself is global.css's custom properties; tests/unit/shell/theme.test.ts
// keeps these equal to them.
export const THEME = {
  /** global.css `--brand` */
  brand: '#d4232b',
} as const;
