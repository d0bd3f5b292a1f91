// Global stylesheets imported for their side effect (Gatsby bundles them).
declare module '*.css';
declare module 'swiper/css';
declare module 'swiper/css/*';
