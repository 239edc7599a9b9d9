import { Component, useEffect, type ReactNode } from "react";
import { Button } from "../components/ui/button.js";
import { errorMessage, isNotFound, isUnauthorized } from "../lib/errors.js";
import { navigate, useLocation } from "../lib/router.js";
import NotFound from "./routes/not-found.js";

function Fallback({ error, reset }: { error: unknown; reset: () => void }) {
  const { pathname } = useLocation();
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (unauthorized) navigate(`/account/login?next=${encodeURIComponent(pathname)}`, { replace: true });
  }, [unauthorized, pathname]);
  if (isNotFound(error)) return <NotFound />;
  return (
    <main id="main" className="page">
      <h1>Something went wrong</h1>
      <div role="alert" className="notice notice-error">
        <p>{errorMessage(error)}</p>
        <Button variant="secondary" onClick={reset}>
          Try again
        </Button>
      </div>
    </main>
  );
}

/**
 * One per route (keyed by path, so moving on clears it): 401 → log in, 404 → not found,
 * anything else → a message with a retry, never a blank page. Also catches a chunk that
 * failed to load because the back-end host or the network went away.
 */
export class RouteErrorBoundary extends Component<{ children?: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  override render() {
    if (this.state.failed) return <Fallback error={this.state.error} reset={() => this.setState({ error: undefined, failed: false })} />;
    return this.props.children;
  }
}
