import type { HttpTypes } from "@medusajs/types";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button.js";
import { TextField } from "../../../components/ui/field.js";
import { InlineError } from "../../../components/ui/status.js";
import { useUpdateCustomer } from "../api/update-customer.js";

export function ProfileForm({ customer }: { customer: HttpTypes.StoreCustomer }) {
  const update = useUpdateCustomer();
  const [saved, setSaved] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    setSaved(false);
    try {
      await update.mutate({
        first_name: String(d.get("first_name") ?? "").trim(),
        last_name: String(d.get("last_name") ?? "").trim(),
        phone: String(d.get("phone") ?? "").trim() || null,
      } as HttpTypes.StoreUpdateCustomer);
      setSaved(true);
    } catch {
      /* shown below */
    }
  }
  return (
    <form onSubmit={submit} className="stack narrow" aria-busy={update.status === "pending" || undefined}>
      <p>
        Signed in as <strong className="email">{customer.email}</strong>
      </p>
      <TextField label="First name" name="first_name" autoComplete="given-name" defaultValue={customer.first_name ?? ""} required />
      <TextField label="Last name" name="last_name" autoComplete="family-name" defaultValue={customer.last_name ?? ""} required />
      <TextField label="Phone" name="phone" type="tel" autoComplete="tel" defaultValue={customer.phone ?? ""} />
      <InlineError error={update.error} />
      <Button type="submit" busy={update.status === "pending"}>
        Save profile
      </Button>
      <p role="status" aria-live="polite">
        {saved ? "Your profile is saved." : ""}
      </p>
    </form>
  );
}
