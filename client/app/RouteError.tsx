import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';

/** Fallback for a screen that failed to render (docs/PRODUCT.md §2.8): the generic title and the message. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col gap-3 p-8">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">{detail}</p>
      <p>
        <Link to="/" reloadDocument className="text-primary underline underline-offset-4">
          Return to Home
        </Link>
      </p>
    </main>
  );
}

interface BoundaryProps {
  /** The current path: the boundary lets a new page try again after a failed one. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failedAt: string | undefined;
  error: unknown;
}

/** Shows RouteError instead of a screen that threw while rendering (a page chunk that failed to load included). */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: undefined, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failedAt: undefined };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Remember where the failure happened; once the path changes, render the children again.
    if (state.error === undefined) return null;
    if (state.failedAt === undefined) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: undefined, failedAt: undefined };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
