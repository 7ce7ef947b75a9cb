/** The broadcast module's public door: other modules and the composition root import only this file. */

export { broadcastBacklog, startBroadcastJob } from './job';
export { BROADCAST_TEXT_MAX, BROADCAST_TITLE_MAX, broadcastAdminRoutes } from './routes';
export type { BroadcastService } from './service';
export { createBroadcastService } from './service';
