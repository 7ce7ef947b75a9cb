import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { depthOf, type Navigator, planBackButton, planNavigation, runPlan } from './rules';

export interface Navigation {
  /** Opens a page on top of the current one. */
  navigateTo(url?: string): void;
  /** Replaces the current page. */
  redirectTo(url?: string): void;
  /** Closes every page and opens this one (logout uses it for the login page). */
  reLaunch(url?: string): void;
  /** Opens a bottom-bar tab, replacing the current page. */
  switchTab(url?: string): void;
  /** Back `delta` pages, or home when the stack is not that deep. */
  navigateBack(delta?: number): void;
  /** The back button: back one page, or '/' on a one-page stack. */
  back(): void;
  /** How many pages the stack holds (1 on a page opened directly). */
  depth: number;
}

/** Wraps react-router's navigate(): history.state carries the page-stack depth (see rules.ts). */
export function createNavigator(navigate: ReturnType<typeof useNavigate>): Navigator {
  return {
    go: (url, options) => {
      void navigate(url, options);
    },
    back: (delta) => {
      void navigate(-delta);
    },
  };
}

/** The one navigation helper of the app (specification point 2). */
export function useNavigation(): Navigation {
  const navigate = useNavigate();
  const location = useLocation();
  const depth = depthOf(location.state);
  return useMemo(() => {
    const navigator = createNavigator(navigate);
    const run = (method: Parameters<typeof planNavigation>[0]) => (url?: string) => runPlan(planNavigation(method, url, depth), navigator);
    return {
      navigateTo: run('navigateTo'),
      redirectTo: run('redirectTo'),
      reLaunch: run('reLaunch'),
      switchTab: run('switchTab'),
      navigateBack: (delta = 1) => runPlan(planNavigation('navigateBack', undefined, depth, delta), navigator),
      back: () => runPlan(planBackButton(depth), navigator),
      depth,
    };
  }, [navigate, depth]);
}
