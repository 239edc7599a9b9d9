import type { HttpTypes } from "@medusajs/types";
import { useState, type FormEvent } from "react";
import { AddressFields, readAddress, type CountryOption } from "../../../components/address-fields.js";
import { Isolated } from "../../../components/ui/address-lines.js";
import { Button } from "../../../components/ui/button.js";
import { EmptyState, InlineError } from "../../../components/ui/status.js";
import { focusHeading } from "../../../lib/router.js";
import { useShop } from "../../../lib/shop.js";
import { useCreateAddress } from "../api/create-address.js";
import { useDeleteAddress } from "../api/delete-address.js";
import { useUpdateAddress } from "../api/update-address.js";

const summary = (a: HttpTypes.StoreCustomerAddress) =>
  [[a.first_name, a.last_name].filter(Boolean).join(" "), a.address_1, [a.postal_code, a.city].filter(Boolean).join(" "), a.country_code?.toUpperCase()]
    .filter(Boolean)
    .join(", ");

function AddressForm({ address, countries, onDone, onCancel }: { address?: HttpTypes.StoreCustomerAddress; countries: CountryOption[]; onDone: () => void; onCancel: () => void }) {
  const { countryCode } = useShop();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const pending = create.status === "pending" || update.status === "pending";
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = readAddress(new FormData(e.currentTarget), "address");
    try {
      if (address) await update.mutate({ id: address.id, body });
      else await create.mutate(body);
      onDone();
    } catch {
      /* shown below */
    }
  }
  return (
    <form onSubmit={submit} className="stack" aria-busy={pending || undefined}>
      <fieldset>
        <legend>{address ? "Edit address" : "New address"}</legend>
        <AddressFields prefix="address" values={address} countries={countries} defaultCountry={countryCode} />
      </fieldset>
      <InlineError error={create.error ?? update.error} />
      <div className="row">
        <Button type="submit" busy={pending}>
          Save address
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function AddressBook({ customer, countries }: { customer: HttpTypes.StoreCustomer; countries: CountryOption[] }) {
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [message, setMessage] = useState("");
  const remove = useDeleteAddress();
  const addresses = customer.addresses ?? [];
  const close = (text: string) => {
    setEditing(null);
    setMessage(text);
    queueMicrotask(() => focusHeading("main h1"));
  };

  return (
    <div className="stack">
      <p role="status" aria-live="polite">
        {message}
      </p>
      {addresses.length === 0 && editing !== "new" ? <EmptyState>You have no saved addresses yet.</EmptyState> : null}
      <ul className="addresses" aria-label="Saved addresses">
        {addresses.map((a) => (
          <li key={a.id} className="address-card">
            {editing === a.id ? (
              <AddressForm address={a} countries={countries} onDone={() => close("Address saved.")} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <p>
                  <Isolated parts={[a.first_name, a.last_name]} />, <bdi>{a.address_1}</bdi>, <Isolated parts={[a.postal_code, a.city]} />,{" "}
                  {a.country_code?.toUpperCase()}
                </p>
                <div className="row">
                  <Button variant="secondary" aria-label={`Edit address ${summary(a)}`} onClick={() => setEditing(a.id)}>
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Delete address ${summary(a)}`}
                    busy={remove.status === "pending"}
                    onClick={() => void remove.mutate(a.id).then(() => setMessage("Address deleted."), () => {})}
                  >
                    Delete
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      <InlineError error={remove.error} />
      {editing === "new" ? (
        <AddressForm countries={countries} onDone={() => close("Address added.")} onCancel={() => setEditing(null)} />
      ) : (
        <Button onClick={() => setEditing("new")}>Add address</Button>
      )}
    </div>
  );
}
