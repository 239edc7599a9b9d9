import { LoginForm } from "../../features/auth/components/auth-forms.js";
import { Link, navigate, useLocation, usePage } from "../../lib/router.js";

/** Only same-site paths are followed after logging in (no open redirect through ?next=). */
export function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/account";
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
