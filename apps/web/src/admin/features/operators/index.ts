/** The operators feature's public door (owners: operator accounts). */
export { OperatorsPage } from './OperatorsPage';
