import { routes } from '@prism/domain';

/**
 * The navigation rules of specification point 2, as pure functions.
 *
 * Browsers do not reveal how many pages the history holds, so every navigation
 * records the page-stack depth in the history entry's state: a push adds one,
 * a replace keeps it, a relaunch (or a switch of tab) starts a new stack of one.
 * A page opened directly from the address bar has no state and so depth 1.
 */
export type NavMethod = 'navigateTo' | 'redirectTo' | 'reLaunch' | 'switchTab' | 'navigateBack';

export interface NavState {
  depth: number;
}

export type NavPlan = { kind: 'push' | 'replace'; url: string; state: NavState } | { kind: 'back'; delta: number };

export function depthOf(state: unknown): number {
  const depth = (state as Partial<NavState> | null | undefined)?.depth;
  return typeof depth === 'number' && Number.isInteger(depth) && depth >= 1 ? depth : 1;
}

const home = (): NavPlan => ({ kind: 'replace', url: routes.home, state: { depth: 1 } });

/**
 * Where navigateTo / redirectTo / reLaunch / switchTab / navigateBack lead.
 * Without a url: home on a one-page stack, otherwise back one page.
 */
export function planNavigation(method: NavMethod, url: string | undefined, depth: number, delta = 1): NavPlan {
  if (method === 'navigateBack') {
    const steps = Math.max(1, Math.floor(delta));
    return depth - steps >= 1 ? { kind: 'back', delta: steps } : home();
  }
  if (!url) return depth <= 1 ? home() : { kind: 'back', delta: 1 };
  switch (method) {
    case 'navigateTo':
      return { kind: 'push', url, state: { depth: depth + 1 } };
    case 'redirectTo':
      return { kind: 'replace', url, state: { depth } };
    case 'reLaunch':
    case 'switchTab':
      // Both close every page of the stack: what remains is the one new page.
      return { kind: 'replace', url, state: { depth: 1 } };
  }
}

/** The back button (ours or Telegram's): back one page, or the entry page '/' when the stack holds one page. */
export function planBackButton(depth: number): NavPlan {
  return depth > 1 ? { kind: 'back', delta: 1 } : { kind: 'replace', url: routes.load, state: { depth: 1 } };
}

/** Anything that can move the router: react-router's navigate() or router.navigate(). */
export interface Navigator {
  go(url: string, options: { replace: boolean; state: NavState }): void;
  back(delta: number): void;
}

export function runPlan(plan: NavPlan, navigator: Navigator): void {
  if (plan.kind === 'back') navigator.back(plan.delta);
  else navigator.go(plan.url, { replace: plan.kind === 'replace', state: plan.state });
}
