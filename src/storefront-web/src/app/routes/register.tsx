import { RegisterForm } from "../../features/auth/components/auth-forms.js";
import { Link, navigate, useLocation, usePage, withSearch } from "../../lib/router.js";
import { safeNext } from "./login.js";

/** Where the shopper was going (`?next=`, from a page that needed an account) survives the detour through here, both ways. */
export default function RegisterPage() {
  const { search } = useLocation();
  const next = search.get("next");
  usePage("Create an account");
  return (
    <main id="main" className="page">
      <h1>Create an account</h1>
      <RegisterForm onDone={() => navigate(safeNext(next), { replace: true })} />
      <p>
        Already have an account? <Link to={withSearch("/account/login", new URLSearchParams(), { next })}>Log in</Link>
      </p>
    </main>
  );
}
