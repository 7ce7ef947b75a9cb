export { depthOf, type Navigator, type NavMethod, type NavPlan, type NavState, planBackButton, planNavigation, runPlan } from './rules';
export { createNavigator, type Navigation, useNavigation } from './useNavigation';
