// react-helmet's ES build, imported by its browser wrapper (src/components/common/helmet-browser.tsx)
// past the `react-helmet` alias of the browser bundle.
declare module 'react-helmet/es/Helmet.js' {
  export * from 'react-helmet';
}
