import { ForgotPasswordForm } from "../../features/auth/components/auth-forms.js";
import { Link, usePage } from "../../lib/router.js";

export default function ForgotPasswordPage() {
  usePage("Forgot password");
  return (
    <main id="main" className="page">
      <h1>Forgot your password?</h1>
      <p>Enter your email and we will send you a link to choose a new password.</p>
      <ForgotPasswordForm />
      <p>
        <Link to="/account/login">Back to log in</Link>
      </p>
    </main>
  );
}
