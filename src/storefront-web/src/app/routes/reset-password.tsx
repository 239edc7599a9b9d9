import { useState } from "react";
import { EmptyState } from "../../components/ui/status.js";
import { ResetPasswordForm } from "../../features/auth/components/auth-forms.js";
import { Link, useLocation, usePage } from "../../lib/router.js";

/** `/reset-password?token=…&email=…`, the link Medusa's reset notification carries (CONTRACT.md §9). */
export default function ResetPasswordPage() {
  const { search } = useLocation();
  const token = search.get("token") ?? "";
  const email = search.get("email") ?? "";
  const [done, setDone] = useState(false);
  usePage("Reset password");
  return (
    <main id="main" className="page">
      <h1>Choose a new password</h1>
      {done ? (
        <div role="status">
          <p>Your password is changed.</p>
          <Link to="/account/login">Log in with your new password</Link>
        </div>
      ) : !token ? (
        <EmptyState>
          <p>This link is missing its reset token. Open the link from the email again, or ask for a new one.</p>
          <Link to="/account/forgot-password">Ask for a new link</Link>
        </EmptyState>
      ) : (
        <ResetPasswordForm token={token} email={email} onDone={() => setDone(true)} />
      )}
    </main>
  );
}
