// Stylesheets are imported for their side effect: vite bundles them with the page.
declare module '*.css';
