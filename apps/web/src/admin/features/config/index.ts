/** The config feature's public door: the configuration pages (nested routes under /config/*). */
export { ConfigPage } from './ConfigPage';
