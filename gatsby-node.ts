// Thin index: one file per Node API under gatsby/ (house style).
export { onPreInit } from './gatsby/on-pre-init';
export { createPages } from './gatsby/create-pages';
export { qrCodesOnPreBootstrap as onPreBootstrap } from './gatsby/qr-codes';
export { createSchemaCustomization } from './gatsby/schema-customization';
export { onCreateWebpackConfig } from './gatsby/webpack-config';
export { onPostBuild } from './gatsby/on-post-build';
