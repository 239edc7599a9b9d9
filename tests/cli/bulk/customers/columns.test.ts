import { describe, expect, it } from "vitest";
import { Problems } from "../../../../src/cli/bulk/problems.js";
import { countryCode, customerExportHeader, customerRow, detectCustomerFormat, parseCustomer, plausibleEmail } from "../../../../src/cli/bulk/customers/columns.js";
import { planCustomer, type StoredCustomer } from "../../../../src/cli/bulk/customers/import.js";

const SHOPIFY = "Customer ID,First Name,Last Name,Email,Accepts Email Marketing,Default Address Company,Default Address Address1,Default Address Address2,Default Address City,Default Address Province Code,Default Address Country Code,Default Address Zip,Default Address Phone,Phone,Accepts SMS Marketing,Total Spent,Total Orders,Note,Tax Exempt,Tags".split(",");
const LEGACY = "First Name,Last Name,Email,Company,Address1,Address2,City,Province,Province Code,Country,Country Code,Zip,Phone,Accepts Marketing,Total Spent,Total Orders,Tags,Note,Tax Exempt".split(",");
const WOO = "Name,Username,Last Active,Date Registered,Email,Orders,Total Spend,AOV,Country / Region,City,Region,Postal Code".split(",");
const WOO_META = "user_email,first_name,last_name,billing_first_name,billing_last_name,billing_company,billing_address_1,billing_address_2,billing_city,billing_state,billing_postcode,billing_country,billing_phone,shipping_first_name,shipping_last_name,shipping_company,shipping_address_1,shipping_address_2,shipping_city,shipping_state,shipping_postcode,shipping_country".split(",");

function parse(header: string[], cells: string[], format = detectCustomerFormat(header)!) {
  const problems = new Problems();
  const c = parseCustomer(format, header, { row: 2, line: 2, cells }, "c.csv", problems);
  return { c: c!, problems: problems.list };
}

describe("customer files as shops export them", () => {
  it.each([
    ["Shopify's current export", SHOPIFY, "shopify"],
    ["Shopify's older export", LEGACY, "shopify"],
    ["WooCommerce's Customers report", WOO, "woocommerce"],
    ["WooCommerce user columns", WOO_META, "woocommerce"],
    ["medusactl customers export", customerExportHeader(1), "medusa"],
  ])("knows %s by its header", (_what, header, format) => {
    expect(detectCustomerFormat(header)).toBe(format);
  });

  it("reads Shopify's current export: quoted numbers unquoted, yes/no as consent, tags as groups", () => {
    const { c, problems } = parse(SHOPIFY, ["'7351", "Anna", "Müller", "Anna@Example.com", "yes", "Müller GmbH", "Hauptstraße 5", "", "Berlin", "BE", "DE", "'01067", "'+49 30 1", "'+49 30 2", "no", "10.00", "1", "Note", "yes", "VIP,  VIP , Trade"]);
    expect(problems).toEqual([]);
    expect(c).toMatchObject({ email: "Anna@Example.com", first_name: "Anna", last_name: "Müller", phone: "+49 30 2", company_name: "Müller GmbH", groups: ["VIP", "Trade"] });
    expect(c.metadata).toEqual({ shopify_customer_id: "7351", accepts_marketing_email: true, accepts_marketing_sms: false, tax_exempt: true, note: "Note" });
    expect(c.addresses).toEqual([{ first_name: "Anna", last_name: "Müller", company: "Müller GmbH", address_1: "Hauptstraße 5", city: "Berlin", province: "BE", country_code: "de", postal_code: "01067", phone: "+49 30 1", is_default_shipping: true, is_default_billing: true }]);
  });

  it("reads the older export's country name and a WooCommerce report's full name", () => {
    const legacy = parse(LEGACY, ["Tom", "Baker", "tom@example.co.uk", "", "1 High St", "", "London", "England", "ENG", "United Kingdom", "", "SW1A 1AA", "+44 20", "no", "", "", "", "", "no"]);
    expect(legacy.c.addresses[0]).toMatchObject({ country_code: "gb", province: "ENG", postal_code: "SW1A 1AA", phone: "+44 20" });
    const woo = parse(WOO, ["Lena Maria Schmidt", "lena", "", "", "lena@example.de", "3", "120", "40", "Germany (DE)", "Hamburg", "HH", "20095"]);
    expect(woo.c).toMatchObject({ first_name: "Lena", last_name: "Maria Schmidt", metadata: { woocommerce_username: "lena" } });
    expect(woo.c.addresses).toEqual([{ first_name: "Lena", last_name: "Maria Schmidt", city: "Hamburg", province: "HH", postal_code: "20095", country_code: "de", is_default_shipping: true, is_default_billing: true }]);
  });

  it("one address given as billing and shipping is one address, default for both; two differing are two", () => {
    const same = ["a@b.co", "A", "B", "A", "B", "", "1 St", "", "Town", "", "111", "NL", "+31", "A", "B", "", "1 St", "", "Town", "", "111", "NL"];
    expect(parse(WOO_META, same).c.addresses).toEqual([expect.objectContaining({ address_1: "1 St", is_default_shipping: true, is_default_billing: true })]);
    const other = [...same.slice(0, 16), "2 St", ...same.slice(17)];
    expect(parse(WOO_META, other).c.addresses.map((a) => [a.address_1, a.is_default_billing ?? false, a.is_default_shipping ?? false])).toEqual([["1 St", true, false], ["2 St", false, true]]);
  });

  it("names a missing or malformed e-mail, an unknown country and a consent that is not yes or no", () => {
    const { problems } = parse(SHOPIFY, ["", "X", "Y", "not-mail", "maybe", "", "St 1", "", "", "", "Narnia", "", "", "", "", "", "", "", "", ""]);
    expect(problems.map((p) => [p.column, p.message])).toEqual([
      ["Accepts Email Marketing", '"maybe" is not yes or no'],
      ["Default Address Country Code", '"Narnia" is not a country (a two-letter code such as DE, or its English name)'],
      ["Email", '"not-mail" is not an e-mail address'],
    ]);
    expect(parse(WOO, ["", "", "", "", "", "", "", "", "", "", "", ""]).c).toBeUndefined();
  });

  it("countries by code, name or both; e-mails by shape", () => {
    expect(["DE", "de", "Germany", "germany", "Germany (DE)", "United States", "Côte d’Ivoire"].map(countryCode)).toEqual(["de", "de", "de", "de", "de", "us", "ci"]);
    expect(countryCode("Atlantis")).toBeUndefined();
    expect(countryCode("UK")).toBe("gb");
    expect(["a@b.co", "first.last+tag@sub.example.org"].every(plausibleEmail)).toBe(true);
    expect(["a@b", "a b@c.de", "@c.de", "a@@c.de", "a@c.de\n"].some(plausibleEmail)).toBe(false);
  });

  it("our export reads back as the same customer", () => {
    const stored = {
      email: "x@y.de",
      first_name: "=cmd|x!A0",
      last_name: null,
      phone: "+49 1",
      company_name: "Co",
      has_account: true,
      metadata: { tax_exempt: true, note: "n", accepts_marketing_email: false, shopify_customer_id: "9" },
      groups: [{ id: "g2", name: "B" }, { id: "g1", name: "A" }],
      addresses: [{ id: "a1", address_1: "1 St", city: "Town", country_code: "nl", postal_code: "1", is_default_shipping: true, is_default_billing: false, created_at: "2024-01-01" }],
    };
    const row = customerRow(stored);
    const header = customerExportHeader(1);
    const { c, problems } = parse(header, header.map((h) => row[h] ?? ""));
    expect(problems).toEqual([]);
    expect(c).toMatchObject({ email: "x@y.de", first_name: "=cmd|x!A0", phone: "+49 1", company_name: "Co", groups: ["A", "B"], metadata: stored.metadata });
    const plan = planCustomer(c, { ...stored, id: "cus_1" } as unknown as StoredCustomer, new Map([["A", "g1"], ["B", "g2"]]));
    expect(plan).toEqual({ action: "unchanged", steps: [], diff: [] });
  });
});

describe("planning a customer", () => {
  const groups = new Map([["VIP", "g1"]]);
  const stored: StoredCustomer = { id: "cus_1", email: "a@b.co", has_account: true, first_name: "A", phone: "+1", metadata: { keep: 1, note: "old" }, updated_at: "2024-06-01T10:00:00Z", addresses: [{ id: "ad1", address_1: "1 St", city: "Town", country_code: "nl", is_default_shipping: false, is_default_billing: true }], groups: [] };
  const file = { row: 2, line: 2, email: "A@B.CO", first_name: "A", phone: "+2", groups: ["VIP"], metadata: { note: "new" }, addresses: [{ address_1: "1 st", city: "town", country_code: "nl", is_default_shipping: true }] };

  it("changes only what the row says, gives defaults without taking any, and flags a change newer than the file", () => {
    const plan = planCustomer(file, stored, groups, Date.parse("2024-05-01T00:00:00Z"));
    expect(plan.action).toBe("update");
    expect(plan.steps).toEqual([
      { kind: "fields", body: { phone: "+2", metadata: { note: "new" } } },
      { kind: "defaults", addressId: "ad1", body: { is_default_shipping: true } },
      { kind: "groups", add: ["g1"] },
    ]);
    expect(plan.diff.find((d) => d.field === "phone")).toEqual({ field: "phone", old: "+1", new: "+2", newer: "2024-06-01T10:00:00.000Z" });
  });

  it("a customer without an account gets one (a guest record is left alone), then its addresses and groups", () => {
    expect(planCustomer(file, undefined, groups).steps.map((s) => s.kind)).toEqual(["account", "address", "groups"]);
    expect(planCustomer(file, { ...stored, has_account: false }, groups).action).toBe("create");
  });
});
