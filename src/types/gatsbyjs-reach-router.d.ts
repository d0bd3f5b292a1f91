// Gatsby's router, which ships without types. The site's entry (src/boot/entry.ts) imports it
// only to evaluate it in a task of its own before the rest of Gatsby's runtime.
declare module '@gatsbyjs/reach-router';
