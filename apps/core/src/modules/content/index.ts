/** The content module's public door: other modules and the composition root import only this file. */

export { type ContentPdfStore, contentPdfStore, INTRODUCTION_PDF_PATH } from './pdf';
export { contentAdminRoutes, contentRoutes } from './routes';
export { createContentService, seedContent } from './service';
