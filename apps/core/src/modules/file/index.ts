/** The file module's public door: other modules and the composition root import only this file. */

export { fileRoutes } from './routes';
export { createFileStorage } from './storage';
export { findOwnUpload, type OwnedUpload } from './owned';
