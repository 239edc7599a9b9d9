import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button.js";
import { TextField } from "../../../components/ui/field.js";
import { InlineError } from "../../../components/ui/status.js";
import { isApiError } from "medusactl/sdk/store";
import { useLogin } from "../api/login.js";
import { useRegister } from "../api/register.js";
import { useRequestPasswordReset } from "../api/request-password-reset.js";
import { useResetPassword } from "../api/reset-password.js";

const field = (data: FormData, name: string) => String(data.get(name) ?? "").trim();

export function LoginForm({ onDone }: { onDone: () => void }) {
  const login = useLogin();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    try {
      await login.mutate({ email: field(d, "email"), password: String(d.get("password") ?? "") });
      onDone();
    } catch {
      /* shown below */
    }
  }
  const wrong = isApiError(login.error) && login.error.status === 401;
  return (
    <form onSubmit={submit} className="stack narrow" aria-busy={login.status === "pending" || undefined}>
      <TextField label="Email" name="email" type="email" autoComplete="username" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {wrong ? (
        <p className="inline-error" role="alert">
          The email or password is not right.
        </p>
      ) : (
        <InlineError error={login.error} />
      )}
      <Button type="submit" busy={login.status === "pending"}>
        Log in
      </Button>
    </form>
  );
}

export function RegisterForm({ onDone }: { onDone: () => void }) {
  const register = useRegister();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    try {
      await register.mutate({
        email: field(d, "email"),
        password: String(d.get("password") ?? ""),
        first_name: field(d, "first_name"),
        last_name: field(d, "last_name"),
      });
      onDone();
    } catch {
      /* shown below */
    }
  }
  const exists = isApiError(register.error) && register.error.status === 401;
  return (
    <form onSubmit={submit} className="stack narrow" aria-busy={register.status === "pending" || undefined}>
      <TextField label="First name" name="first_name" autoComplete="given-name" required />
      <TextField label="Last name" name="last_name" autoComplete="family-name" required />
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters." />
      {exists ? (
        <p className="inline-error" role="alert">
          An account with this email already exists. Log in instead, or reset the password.
        </p>
      ) : (
        <InlineError error={register.error} />
      )}
      <Button type="submit" busy={register.status === "pending"}>
        Create account
      </Button>
    </form>
  );
}

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = field(new FormData(e.currentTarget), "email");
    try {
      await request.mutate(email);
      setSentTo(email);
    } catch {
      /* shown below */
    }
  }
  return (
    <form onSubmit={submit} className="stack narrow" aria-busy={request.status === "pending" || undefined}>
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <InlineError error={request.error} />
      <Button type="submit" busy={request.status === "pending"}>
        Send reset link
      </Button>
      <p role="status" aria-live="polite">
        {sentTo ? `If ${sentTo} has an account, a link to reset the password is on its way.` : ""}
      </p>
    </form>
  );
}

export function ResetPasswordForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const reset = useResetPassword();
  const [mismatch, setMismatch] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    const password = String(d.get("password") ?? "");
    if (password !== String(d.get("confirm") ?? "")) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    try {
      await reset.mutate({ email: field(d, "email"), password, token });
      onDone();
    } catch {
      /* shown below */
    }
  }
  const expired = isApiError(reset.error) && reset.error.status === 401;
  return (
    <form onSubmit={submit} className="stack narrow" aria-busy={reset.status === "pending" || undefined}>
      <TextField label="Email" name="email" type="email" autoComplete="username" required defaultValue={email} />
      <TextField label="New password" name="password" type="password" autoComplete="new-password" required minLength={8} />
      <TextField label="Confirm new password" name="confirm" type="password" autoComplete="new-password" required error={mismatch ? "The passwords do not match." : undefined} />
      {expired ? (
        <p className="inline-error" role="alert">
          This reset link has expired or was already used. Ask for a new one.
        </p>
      ) : (
        <InlineError error={reset.error} />
      )}
      <Button type="submit" busy={reset.status === "pending"}>
        Reset password
      </Button>
    </form>
  );
}
