import { Fragment } from "react";

export interface AddressLike {
  first_name?: string | null;
  last_name?: string | null;
  address_1?: string | null;
  postal_code?: string | null;
  city?: string | null;
  country_code?: string | null;
  phone?: string | null;
}

/** Words from the shop's data, each isolated (a bidi override in one stays inside it), joined by `sep`. */
export function Isolated({ parts, sep = " " }: { parts: (string | null | undefined)[]; sep?: string }) {
  return (
    <>
      {parts
        .filter((p): p is string => Boolean(p))
        .map((p, i) => (
          <Fragment key={i}>
            {i ? sep : ""}
            <bdi>{p}</bdi>
          </Fragment>
        ))}
    </>
  );
}

/** A postal address on its lines (checkout review, order pages). */
export function AddressLines({ a, phone = true }: { a?: AddressLike | null; phone?: boolean }) {
  if (!a) return null;
  return (
    <address>
      <Isolated parts={[a.first_name, a.last_name]} />
      <br />
      <bdi>{a.address_1}</bdi>
      <br />
      <Isolated parts={[a.postal_code, a.city]} />, {a.country_code?.toUpperCase()}
      {phone && a.phone ? (
        <>
          <br />
          <bdi>{a.phone}</bdi>
        </>
      ) : null}
    </address>
  );
}
