import { SelectField, TextField } from "./ui/field.js";

export interface AddressValues {
  first_name?: string | null;
  last_name?: string | null;
  address_1?: string | null;
  city?: string | null;
  postal_code?: string | null;
  country_code?: string | null;
  phone?: string | null;
}

export interface CountryOption {
  iso_2?: string | null;
  display_name?: string | null;
  name?: string | null;
}

const FIELDS = ["first_name", "last_name", "address_1", "city", "postal_code", "country_code", "phone"] as const;

/**
 * The labelled fields of one address, named `<prefix>.<field>` so one form can hold two
 * (shipping and billing). Each set sits in its own fieldset, which scopes the repeated labels.
 */
export function AddressFields({
  prefix,
  values,
  countries,
  section,
  defaultCountry,
}: {
  prefix: string;
  values?: AddressValues | null;
  countries: CountryOption[];
  section?: "shipping" | "billing";
  /** The shopper's country (the one in the page's path), chosen when the address has none yet. */
  defaultCountry?: string;
}) {
  const v = values ?? {};
  const ac = (token: string) => (section ? `${section} ${token}` : token);
  const label = (c: CountryOption) => c.display_name ?? c.name ?? c.iso_2 ?? "";
  const sorted = countries.filter((c) => c.iso_2).sort((a, b) => label(a).localeCompare(label(b)));
  return (
    <div className="address-fields">
      <TextField label="First name" name={`${prefix}.first_name`} autoComplete={ac("given-name")} defaultValue={v.first_name ?? ""} required />
      <TextField label="Last name" name={`${prefix}.last_name`} autoComplete={ac("family-name")} defaultValue={v.last_name ?? ""} required />
      <TextField label="Address" name={`${prefix}.address_1`} autoComplete={ac("address-line1")} defaultValue={v.address_1 ?? ""} required className="wide" />
      <TextField label="City" name={`${prefix}.city`} autoComplete={ac("address-level2")} defaultValue={v.city ?? ""} required />
      <TextField label="Postal code" name={`${prefix}.postal_code`} autoComplete={ac("postal-code")} defaultValue={v.postal_code ?? ""} required />
      <SelectField label="Country" name={`${prefix}.country_code`} autoComplete={ac("country")} defaultValue={v.country_code || (countries.some((c) => c.iso_2 === defaultCountry) ? defaultCountry : "")} required>
        <option value="" disabled>
          Choose a country
        </option>
        {sorted.map((c) => (
          <option key={c.iso_2!} value={c.iso_2!}>
            {label(c)}
          </option>
        ))}
      </SelectField>
      <TextField label="Phone" name={`${prefix}.phone`} type="tel" autoComplete={ac("tel")} defaultValue={v.phone ?? ""} />
    </div>
  );
}

/** Reads one address back out of a form's data. */
export function readAddress(data: FormData, prefix: string): Required<Pick<AddressValues, (typeof FIELDS)[number]>> & Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of FIELDS) out[f] = String(data.get(`${prefix}.${f}`) ?? "").trim();
  return out as never;
}
