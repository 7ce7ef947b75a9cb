/** The file module's public door: other modules and the composition root import only this file. */

export { eraseUploads } from './erase';
export { findOwnUpload, type OwnedUpload } from './owned';
export { fileRoutes } from './routes';
export { createFileStorage } from './storage';
