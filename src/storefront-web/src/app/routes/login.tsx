import { LoginForm } from "../../features/auth/components/auth-forms.js";
import { Link, navigate, useLocation, usePage, withSearch } from "../../lib/router.js";

/**
 * Only same-site paths are followed after logging in (no open redirect through ?next=). The URL
 * parser decides, not a pattern: `/.//evil.example`, `/..//evil.example` and `/%2e%2e//evil.example`
 * all normalise to the path `//evil.example`, which a browser would then read as another host. So
 * the parsed path must itself be a plain path (one leading slash, no backslash), and reading the
 * result again must land on this origin.
 */
export function safeNext(next: string | null, origin = window.location.origin): string {
  const fallback = "/account";
  // Browsers drop tabs and newlines inside URLs and read "\" as "/": refuse them before parsing.
  if (!next || !next.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(next)) return fallback;
  let u: URL;
  try {
    u = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (u.origin !== origin || u.username || u.password) return fallback;
  const path = u.pathname + u.search + u.hash;
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return fallback;
  try {
    return new URL(path, origin).origin === origin ? path : fallback;
  } catch {
    return fallback;
  }
}

export default function LoginPage() {
  const { search } = useLocation();
  const next = search.get("next");
  usePage("Log in");
  return (
    <main id="main" className="page">
      <h1>Log in</h1>
      <LoginForm onDone={() => navigate(safeNext(next), { replace: true })} />
      <p>
        <Link to="/account/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={withSearch("/account/register", new URLSearchParams(), { next })}>Create an account</Link>
      </p>
    </main>
  );
}
