/** The privacy module's public door (my data: export and account deletion): others import only this file. */

export { privacyRoutes } from './routes';
export { createPrivacyService, type PrivacyService } from './service';
export type { DeletionFactsReader, Erasure, ExportSection } from './types';
