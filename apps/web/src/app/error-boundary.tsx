/** Catches render errors so a failing screen shows a message and a retry, never a blank page. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../lib/i18n';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the path), a caught error is forgotten and the children render again. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    // A lazily loaded chunk can fail after a new deploy: reloading fetches the new files.
    const chunkFailed =
      /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
        this.state.error.message,
      );
    return (
      <div className="state" role="alert">
        <p>{t('common.screenError')}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => (chunkFailed ? window.location.reload() : this.setState({ error: null }))}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
}
