// Plain CSS files are imported for their side effect; Vite bundles them into one stylesheet.
declare module '*.css';
