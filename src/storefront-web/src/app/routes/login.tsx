import { LoginForm } from "../../features/auth/components/auth-forms.js";
import { Link, navigate, useLocation, usePage } from "../../lib/router.js";

/** Only same-site paths are followed after logging in (no open redirect through ?next=). */
export function safeNext(next: string | null, origin = window.location.origin): string {
  // Browsers read "/\\host" and "//host" as another origin, and ignore tabs and newlines inside URLs: only a path that
  // resolves on this origin is followed.
  if (!next || !next.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(next) || next.startsWith("//")) return "/account";
  try {
    const u = new URL(next, origin);
    return u.origin === origin ? u.pathname + u.search + u.hash : "/account";
  } catch {
    return "/account";
  }
}

export default function LoginPage() {
  const { search } = useLocation();
  usePage("Log in");
  return (
    <main id="main" className="page">
      <h1>Log in</h1>
      <LoginForm onDone={() => navigate(safeNext(search.get("next")), { replace: true })} />
      <p>
        <Link to="/account/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to="/account/register">Create an account</Link>
      </p>
    </main>
  );
}
