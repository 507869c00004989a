import { Component, type ReactNode } from 'react';
import { contentLanguage } from '../../shared/content.js';

interface State {
  error: unknown;
}

/** Last resort when rendering throws: the router-style error page, and the error in the console. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error('<redcliffe-case-study>: rendering failed.', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <article className="not-found" {...contentLanguage}>
        <h1 className="not-found__text">Unexpected Application Error!</h1>
        <p>{this.state.error instanceof Error ? this.state.error.message : String(this.state.error)}</p>
      </article>
    );
  }
}
