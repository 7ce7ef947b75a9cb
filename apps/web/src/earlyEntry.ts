import { startEarly } from './lib/early';

/**
 * A second entry of the build, without React DOM: core names it (`async`) in the index.html of
 * the home and entry pages only (apps/core/src/webIndex.ts), so that the home page's first
 * requests leave while the vendor chunk is still downloading. main.tsx calls startEarly too (for
 * Vite's dev server and the other pages); the second call does nothing.
 */
startEarly(window.location.pathname);
