import { isApiError } from '@prism/client';
import { Component, type ReactNode } from 'react';
import { ErrorBlock } from '../../components/ErrorBlock';

interface State {
  error: unknown;
}

/**
 * A page that failed (or timed out) loading: a clickable block that reloads
 * the page, with 'net error' when the failure has no message of its own.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const message = isApiError(this.state.error) ? this.state.error.message : undefined;
    return <ErrorBlock message={message} onRetry={() => window.location.reload()} />;
  }
}
