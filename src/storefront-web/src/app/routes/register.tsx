import { RegisterForm } from "../../features/auth/components/auth-forms.js";
import { Link, navigate, usePage } from "../../lib/router.js";

export default function RegisterPage() {
  usePage("Create an account");
  return (
    <main id="main" className="page">
      <h1>Create an account</h1>
      <RegisterForm onDone={() => navigate("/account", { replace: true })} />
      <p>
        Already have an account? <Link to="/account/login">Log in</Link>
      </p>
    </main>
  );
}
