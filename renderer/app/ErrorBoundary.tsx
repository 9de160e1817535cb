import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { FormattedMessage } from 'react-intl';

type Props = { children: ReactNode; /** Where the failure happened, in plain words ("this screen"). */ place?: string };
type State = { failed: boolean };

/** A friendly message instead of a blank window; the details go to the console, never to the screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render failure', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="panel error-panel" role="alert">
        <h2>
          <FormattedMessage id="app.errorBoundary.title" values={{ place: this.props.place ?? <FormattedMessage id="app.errorBoundary.placeScreen" /> }} />
        </h2>
        <p>
          <FormattedMessage id="app.errorBoundary.body" />
        </p>
        <button type="button" className="button" onClick={() => this.setState({ failed: false })}>
          <FormattedMessage id="app.errorBoundary.retry" />
        </button>
      </div>
    );
  }
}
