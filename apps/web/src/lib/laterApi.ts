import { laterEndpoints } from '@prism/client/later';
import { http } from './api';

/**
 * The endpoints only signed-in pages call (wallet, game, invest, ...), on the app's one HTTP client.
 * Imported by the layout of the pages beyond login (app/layouts/FullLayout), so they are loaded
 * before those pages call them; lib/api.ts defers to them (docs/performance.md, "The web app").
 */
export const laterApi = laterEndpoints(http);
