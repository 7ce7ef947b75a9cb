/** The config feature's public door (placeholder until the feature lands). */
export { ConfigPage } from './ConfigPage';
