/**
 * Customer CSVs as shops have them → customers in one neutral shape: Shopify's customer export (the
 * current header with `Customer ID`, `Accepts Email Marketing`, `Default Address …`, and the older
 * one with `Accepts Marketing`, `Address1`, `Country Code`), WooCommerce's (the Analytics
 * "Customers" report download, and the `billing_*`/`shipping_*` user-meta columns that customer
 * export plugins write), and our own `customers export`. Pure: no I/O.
 *
 * Where things go in Medusa: names, e-mail, phone and company on the customer; addresses as the
 * customer's addresses (the default one marked default for shipping and billing); tags as customer
 * groups; marketing consent, tax exemption, the note and the source's id in the customer's
 * metadata (`accepts_marketing_email`, `accepts_marketing_sms`, `tax_exempt`, `note`,
 * `shopify_customer_id`, `woocommerce_username`). Spend and order counts are derived from orders
 * and are not imported.
 */
import type { Problem } from "../problems.js";

export type CustomerFormat = "medusa" | "shopify" | "woocommerce";

export interface FileAddress {
  address_name?: string;
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  province?: string;
  postal_code?: string;
  country_code?: string;
  phone?: string;
  is_default_shipping?: boolean;
  is_default_billing?: boolean;
}

export interface FileCustomer {
  row: number;
  line: number;
  /** As written (trimmed); matched case-insensitively. */
  email: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  company_name?: string;
  groups: string[];
  /** Only the keys the row sets: Medusa merges metadata, so other keys stay. */
  metadata: Record<string, unknown>;
  addresses: FileAddress[];
}

/** The fields of an address that make it the same address (its defaults and name aside). */
export const ADDRESS_FIELDS = ["first_name", "last_name", "company", "address_1", "address_2", "city", "province", "postal_code", "country_code", "phone"] as const;

const norm = (h: string) => h.trim().replace(/\s+/g, " ").toLowerCase();

/** Which customer CSV a header is (undefined: none we know). */
export function detectCustomerFormat(header: string[]): CustomerFormat | undefined {
  const h = new Set(header.map(norm));
  if (h.has("email") && (h.has("groups") || h.has("address 1 address 1") || h.has("accepts email marketing") && h.has("metadata"))) return "medusa";
  if (h.has("email") && (h.has("default address address1") || h.has("accepts email marketing") || (h.has("accepts marketing") && h.has("address1")))) return "shopify";
  if ((h.has("email") && h.has("username")) || h.has("billing_email") || h.has("user_email") || h.has("billing_first_name")) return "woocommerce";
  return undefined;
}

/** What each known column becomes, for the dry run's account (lower case → target, or why not). */
const USE: Record<CustomerFormat, Record<string, string>> = {
  shopify: {
    "customer id": "metadata.shopify_customer_id",
    "first name": "first_name",
    "last name": "last_name",
    email: "email (matched case-insensitively)",
    "accepts email marketing": "metadata.accepts_marketing_email",
    "accepts marketing": "metadata.accepts_marketing_email",
    "accepts sms marketing": "metadata.accepts_marketing_sms",
    company: "company_name and the default address's company",
    "default address company": "company_name and the default address's company",
    address1: "default address",
    address2: "default address",
    city: "default address",
    province: "default address (when there is no Province Code)",
    "province code": "default address",
    country: "default address (when there is no Country Code)",
    "country code": "default address",
    zip: "default address",
    phone: "phone",
    "default address address1": "default address",
    "default address address2": "default address",
    "default address city": "default address",
    "default address province code": "default address",
    "default address country code": "default address",
    "default address zip": "default address",
    "default address phone": "default address",
    tags: "customer groups (created when missing)",
    note: "metadata.note",
    "tax exempt": "metadata.tax_exempt",
  },
  woocommerce: {
    name: "first_name and last_name (split at the first space)",
    username: "metadata.woocommerce_username",
    email: "email (matched case-insensitively)",
    user_email: "email (matched case-insensitively)",
    billing_email: "email, when there is no other e-mail column",
    first_name: "first_name",
    last_name: "last_name",
    "country / region": "default address",
    country: "default address",
    city: "default address",
    region: "default address",
    "postal code": "default address",
    billing_phone: "phone and the billing address",
  },
  medusa: {
    email: "email (matched case-insensitively)",
    "first name": "first_name",
    "last name": "last_name",
    phone: "phone",
    company: "company_name",
    groups: "customer groups (created when missing)",
    "accepts email marketing": "metadata.accepts_marketing_email",
    "accepts sms marketing": "metadata.accepts_marketing_sms",
    "tax exempt": "metadata.tax_exempt",
    note: "metadata.note",
    metadata: "metadata (merged)",
  },
};

const IGNORED = /^(total spent|total orders|total spend|orders|aov|last active|date registered|sign up|has account|created at|customer id)$/;

/** The column-by-column account of a dry run: used, or ignored with the reason. */
export function describeCustomerColumns(header: string[], format: CustomerFormat): { source: string; target?: string; reason?: string }[] {
  return header.map((source) => {
    const k = norm(source);
    const target = USE[format][k] ?? (/^(billing|shipping)_/.test(k) ? `${k.startsWith("billing") ? "billing" : "shipping"} address` : /^address \d+ /.test(k) ? "addresses" : undefined);
    if (target) return { source, target };
    if (IGNORED.test(k)) return { source, reason: "follows from the store's orders (or is the other store's own): not imported" };
    return { source, reason: "not a column of this customer export" };
  });
}

/** yes/no, true/false, 1/0 as spreadsheets and platforms write them. */
function yesNo(text: string): boolean | undefined | "bad" {
  const t = text.trim().toLowerCase();
  if (!t) return undefined;
  if (["yes", "true", "1", "y", "subscribed"].includes(t)) return true;
  if (["no", "false", "0", "n", "not_subscribed", "unsubscribed", "pending", "invalid", "redacted"].includes(t)) return false;
  return "bad";
}

/** Shopify writes numbers that must keep a leading 0 or + (ids, phones, zip codes) with a leading quote. */
function unquote(text: string): string {
  return text.startsWith("'") ? text.slice(1) : text;
}

let countryNames: Map<string, string> | undefined;
/** ISO 3166-1 alpha-2 code of a country written as a code, "Germany", or "Germany (DE)". */
export function countryCode(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (/^[A-Za-z]{2}$/.test(t)) {
    // An alias (UK) as the code Medusa's regions use (gb).
    try {
      return (new Intl.Locale(`und-${t.toUpperCase()}`).region ?? t).toLowerCase();
    } catch {
      return t.toLowerCase();
    }
  }
  const inner = t.match(/\(([A-Za-z]{2})\)\s*$/);
  if (inner) return inner[1]!.toLowerCase();
  if (!countryNames) {
    countryNames = new Map();
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        // Aliases (UK, DD) name their country under its canonical code (GB, DE).
        const canonical = new Intl.Locale(`und-${code}`).region;
        if (name && name !== code && canonical === code) countryNames.set(name.toLowerCase(), code.toLowerCase());
      }
  }
  return countryNames.get(t.toLowerCase());
}

/** A plausible e-mail: one @, something on both sides, a dot in the domain, no spaces or controls. */
export function plausibleEmail(text: string): boolean {
  return /^[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+@[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+\.[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+$/.test(text);
}

const MAX_ADDRESSES = 20;

/**
 * One record → a customer; problems go to `problems` with the row and the column. Undefined for a
 * row without any value (spreadsheets leave such rows at the end).
 */
export function parseCustomer(format: CustomerFormat, header: string[], rec: { row: number; line: number; cells: string[] }, file: string, problems: { add(p: Problem): void }): FileCustomer | undefined {
  if (rec.cells.every((c) => !c.trim())) return undefined;
  const col = new Map(header.map((h, i) => [norm(h), i]));
  const raw = (name: string) => {
    const i = col.get(name);
    return i === undefined ? "" : (rec.cells[i] ?? "").trim();
  };
  const cell = (...names: string[]) => names.map(raw).find(Boolean) ?? "";
  const at = { file, row: rec.row, line: rec.line };
  const bad = (column: string, message: string) => problems.add({ ...at, column, message });
  const headerName = (lower: string) => header.find((h) => norm(h) === lower) ?? lower;
  const flag = (key: string, ...names: string[]) => {
    const name = names.find((n) => raw(n));
    if (!name) return;
    const v = yesNo(raw(name));
    if (v === "bad") bad(headerName(name), `"${raw(name)}" is not yes or no`);
    else if (v !== undefined) metadata[key] = v;
  };
  const metadata: Record<string, unknown> = {};
  const c: FileCustomer = { row: rec.row, line: rec.line, email: "", groups: [], metadata, addresses: [] };
  const setName = (first: string, last: string) => {
    if (first) c.first_name = first;
    if (last) c.last_name = last;
  };
  const address = (a: FileAddress, column: string, countryText: string): void => {
    if (countryText) {
      const code = countryCode(countryText);
      if (code) a.country_code = code;
      else bad(column, `"${countryText}" is not a country (a two-letter code such as DE, or its English name)`);
    }
    for (const k of Object.keys(a) as (keyof FileAddress)[]) if (a[k] === "" || a[k] === undefined) delete a[k];
    if (ADDRESS_FIELDS.some((k) => k !== "first_name" && k !== "last_name" && k !== "phone" && a[k] !== undefined)) c.addresses.push(a);
  };

  if (format === "shopify") {
    c.email = cell("email");
    setName(cell("first name"), cell("last name"));
    const phone = unquote(cell("phone"));
    if (phone) c.phone = phone;
    const company = cell("default address company", "company");
    if (company) c.company_name = company;
    const id = unquote(cell("customer id"));
    if (id) metadata.shopify_customer_id = id;
    flag("accepts_marketing_email", "accepts email marketing", "accepts marketing");
    flag("accepts_marketing_sms", "accepts sms marketing");
    flag("tax_exempt", "tax exempt");
    if (cell("note")) metadata.note = cell("note");
    c.groups = [...new Set(cell("tags").split(",").map((t) => t.trim()).filter(Boolean))];
    const current = col.has("default address address1") || col.has("default address country code");
    const p = (name: string) => (current ? `default address ${name}` : name);
    address(
      {
        first_name: c.first_name,
        last_name: c.last_name,
        company,
        address_1: cell(p("address1")),
        address_2: cell(p("address2")),
        city: cell(p("city")),
        province: cell(p("province code"), ...(current ? [] : ["province"])),
        postal_code: unquote(cell(p("zip"))),
        phone: unquote(current ? cell("default address phone") : phone),
        is_default_shipping: true,
        is_default_billing: true,
      },
      headerName(p("country code")),
      cell(p("country code"), ...(current ? [] : ["country"])),
    );
  } else if (format === "woocommerce") {
    c.email = cell("email", "user_email", "billing_email");
    const name = cell("name");
    if (name) {
      const space = name.indexOf(" ");
      setName(space < 0 ? name : name.slice(0, space), space < 0 ? "" : name.slice(space + 1).trim());
    } else setName(cell("first_name", "billing_first_name"), cell("last_name", "billing_last_name"));
    if (cell("username", "user_login")) metadata.woocommerce_username = cell("username", "user_login");
    const phone = cell("billing_phone", "phone");
    if (phone) c.phone = phone;
    const company = cell("billing_company");
    if (company) c.company_name = company;
    const billing = col.has("billing_address_1") || col.has("billing_country");
    if (billing) {
      for (const kind of ["billing", "shipping"] as const) {
        const k = (f: string) => cell(`${kind}_${f}`);
        address(
          {
            first_name: k("first_name"),
            last_name: k("last_name"),
            company: k("company"),
            address_1: k("address_1"),
            address_2: k("address_2"),
            city: k("city"),
            province: k("state"),
            postal_code: k("postcode"),
            phone: k("phone"),
            ...(kind === "billing" ? { is_default_billing: true } : { is_default_shipping: true }),
          },
          headerName(`${kind}_country`),
          k("country"),
        );
      }
      // One address given twice (billing = shipping): one address, default for both.
      if (c.addresses.length === 2 && ADDRESS_FIELDS.every((f) => (c.addresses[0]![f] ?? "") === (c.addresses[1]![f] ?? "") || f === "phone")) {
        c.addresses = [{ ...c.addresses[0]!, is_default_shipping: true, is_default_billing: true }];
      }
    } else {
      address(
        { first_name: c.first_name, last_name: c.last_name, city: cell("city"), province: cell("region"), postal_code: cell("postal code"), is_default_shipping: true, is_default_billing: true },
        headerName(col.has("country / region") ? "country / region" : "country"),
        cell("country / region", "country"),
      );
    }
  } else {
    c.email = cell("email");
    setName(cell("first name"), cell("last name"));
    if (cell("phone")) c.phone = cell("phone");
    if (cell("company")) c.company_name = cell("company");
    c.groups = [...new Set(cell("groups").split(",").map((t) => t.trim()).filter(Boolean))];
    if (cell("metadata")) {
      try {
        const m = JSON.parse(cell("metadata")) as unknown;
        if (m === null || typeof m !== "object" || Array.isArray(m)) bad("Metadata", "must be a JSON object");
        else Object.assign(metadata, m);
      } catch (e) {
        bad("Metadata", `is not valid JSON (${(e as Error).message})`);
      }
    }
    flag("accepts_marketing_email", "accepts email marketing");
    flag("accepts_marketing_sms", "accepts sms marketing");
    flag("tax_exempt", "tax exempt");
    if (cell("note")) metadata.note = cell("note");
    for (let n = 1; n <= MAX_ADDRESSES && col.has(`address ${n} address 1`); n++) {
      const k = (f: string) => cell(`address ${n} ${f}`);
      const def = (f: string) => {
        const v = yesNo(k(f));
        if (v === "bad") bad(headerName(`address ${n} ${f}`), `"${k(f)}" is not yes or no`);
        return v === true;
      };
      address(
        {
          address_name: k("name"),
          first_name: k("first name"),
          last_name: k("last name"),
          company: k("company"),
          address_1: k("address 1"),
          address_2: k("address 2"),
          city: k("city"),
          province: k("province"),
          postal_code: k("postal code"),
          phone: k("phone"),
          is_default_shipping: def("default shipping"),
          is_default_billing: def("default billing"),
        },
        headerName(`address ${n} country code`),
        k("country code"),
      );
    }
  }
  if (!c.email) bad(headerName(format === "woocommerce" && !col.has("email") ? (col.has("user_email") ? "user_email" : "billing_email") : "email"), "missing (customers are matched by e-mail)");
  else if (!plausibleEmail(c.email)) bad(headerName("email"), `"${c.email}" is not an e-mail address`);
  return c;
}

/** Our own export's header for the addresses seen (numbered as far as the data goes). */
export function customerExportHeader(addresses: number): string[] {
  const head = ["Email", "First Name", "Last Name", "Phone", "Company", "Groups", "Accepts Email Marketing", "Accepts SMS Marketing", "Tax Exempt", "Note", "Metadata", "Has Account"];
  for (let n = 1; n <= addresses; n++) {
    for (const f of ["Name", "First Name", "Last Name", "Company", "Address 1", "Address 2", "City", "Province", "Postal Code", "Country Code", "Phone", "Default Shipping", "Default Billing"]) head.push(`Address ${n} ${f}`);
  }
  return head;
}

/** Keys of metadata that have a column of their own in our export. */
const OWN_COLUMNS = new Set(["accepts_marketing_email", "accepts_marketing_sms", "tax_exempt", "note"]);

/** One customer as our export writes it (header name → cell). */
export function customerRow(c: Record<string, any>): Record<string, string> {
  const m = (c.metadata ?? {}) as Record<string, unknown>;
  const yes = (v: unknown) => (v === true ? "yes" : v === false ? "no" : "");
  const rest = Object.fromEntries(Object.entries(m).filter(([k]) => !OWN_COLUMNS.has(k)));
  const row: Record<string, string> = {
    Email: c.email ?? "",
    "First Name": c.first_name ?? "",
    "Last Name": c.last_name ?? "",
    Phone: c.phone ?? "",
    Company: c.company_name ?? "",
    Groups: ((c.groups as { name: string }[] | undefined) ?? []).map((g) => g.name).sort().join(", "),
    "Accepts Email Marketing": yes(m.accepts_marketing_email),
    "Accepts SMS Marketing": yes(m.accepts_marketing_sms),
    "Tax Exempt": yes(m.tax_exempt),
    Note: typeof m.note === "string" ? m.note : "",
    Metadata: Object.keys(rest).length ? JSON.stringify(rest) : "",
    "Has Account": c.has_account ? "yes" : "no",
  };
  const addresses = [...((c.addresses as Record<string, any>[] | undefined) ?? [])].sort((a, b) => String(a.created_at ?? "").localeCompare(String(b.created_at ?? "")) || String(a.id).localeCompare(String(b.id)));
  addresses.forEach((a, i) => {
    const p = `Address ${i + 1} `;
    row[`${p}Name`] = a.address_name ?? "";
    row[`${p}First Name`] = a.first_name ?? "";
    row[`${p}Last Name`] = a.last_name ?? "";
    row[`${p}Company`] = a.company ?? "";
    row[`${p}Address 1`] = a.address_1 ?? "";
    row[`${p}Address 2`] = a.address_2 ?? "";
    row[`${p}City`] = a.city ?? "";
    row[`${p}Province`] = a.province ?? "";
    row[`${p}Postal Code`] = a.postal_code ?? "";
    row[`${p}Country Code`] = (a.country_code ?? "").toUpperCase();
    row[`${p}Phone`] = a.phone ?? "";
    row[`${p}Default Shipping`] = yes(Boolean(a.is_default_shipping));
    row[`${p}Default Billing`] = yes(Boolean(a.is_default_billing));
  });
  return row;
}
