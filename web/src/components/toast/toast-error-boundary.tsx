import { Component, type ReactNode } from 'react';

/**
 * Catches a failure to load (or render) the toasts' Flashbar, so it shows `fallback`
 * instead of unmounting the whole app: the toast provider sits above the router.
 * Remount it with a new `key` to try again.
 */
export class ToastErrorBoundary extends Component<
  { fallback: ReactNode; onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
