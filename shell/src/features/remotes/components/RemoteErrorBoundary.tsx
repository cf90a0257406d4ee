import { reportBoundaryError } from '@study/error-reporting';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children after they threw; `reset` renders them again. */
  fallback: (reset: () => void) => ReactNode;
  /** The remote rendered inside (mf_nardi): its error reports name it and its release. */
  remote?: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps an error thrown while rendering a remote inside that remote's area. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A remote failed while rendering:', error);
    reportBoundaryError(error, { remote: this.props.remote, componentStack: info.componentStack });
  }

  private readonly reset = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
