/** The approvals feature's public door: adjustments, money exceptions and turnover waivers. */
export { ApprovalsPage } from './ApprovalsPage';
