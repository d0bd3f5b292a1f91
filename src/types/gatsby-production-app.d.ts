// Gatsby's browser runtime (.cache/production-app), aliased by gatsby/webpack-config.ts for the
// site's entry (src/boot/entry.ts). Imported for its side effects only.
declare module 'gatsby-production-app';
