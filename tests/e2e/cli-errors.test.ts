/**
 * Errors that say what to do next, against the real back-end: a typo is caught before any request,
 * `get` takes what a person types, a cancel that cannot happen names the way out, file errors are
 * plain words, and nothing a person types ends in Medusa's 500.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ok, runCli } from "../helpers/cli.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";
import { placeOrder, registerCustomer } from "./helpers/orders.js";

const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken };
const cli = (...args: string[]) => runCli(args, { env });
const admin = adminSdk();

describe("typos are caught before any request", () => {
  it.each([
    [["orders", "list", "--status", "shipped"], /"shipped" is not an order status; allowed: pending, completed, draft, archived, canceled, requires_action\. "shipped" is a fulfilment status: use --fulfillment-status shipped/],
    [["orders", "list", "--payment-status", "paid"], /"paid" is not a payment status; allowed: not_paid, awaiting, authorized/],
    [["orders", "list", "--fulfillment-status", "captured"], /"captured" is a payment status: use --payment-status captured/],
  ])("%j exits 2 listing the allowed words", async (args, message) => {
    // An unreachable URL: were a request sent, the error would be a network one, not exit 2.
    const r = await runCli(args, { env: { MEDUSA_URL: "http://127.0.0.1:9", MEDUSA_API_KEY: "sk_x" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("a status written as people write it is accepted and filters on the server", async () => {
    const r = ok(await cli("orders", "list", "--status", "Canceled", "--fields", "id,status", "--json"));
    const rows = JSON.parse(r.stdout) as { status: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((o) => o.status))).toEqual(new Set(["canceled"]));
  });
});

describe("get takes what a person types", () => {
  it("a product handle, a customer's e-mail in any case, an order's display id, a region's name", async () => {
    const product = JSON.parse(ok(await cli("products", "get", "classic-t-shirt", "--json")).stdout);
    expect(product.handle).toBe("classic-t-shirt");
    expect(product.id).toMatch(/^prod_/);
    // A customer with an account of this file's own (the seed's customers have none).
    const { customer: registered, email } = await registerCustomer({ email: `${uniq("Get.Me")}@Example.com` });
    const customer = JSON.parse(ok(await cli("customers", "get", email.toUpperCase(), "--json")).stdout);
    expect(customer.id).toBe(registered.id);
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    expect(JSON.parse(ok(await cli("orders", "get", `#${order.display_id}`, "--json")).stdout).id).toBe(order.id);
    expect(JSON.parse(ok(await cli("regions", "get", "Europe", "--json")).stdout).currency_code).toBe("eur");
  });

  it("a price list by its title; two with one title are ambiguous (exit 2, both ids); none says where the ids are", async () => {
    const title = uniq("Price list");
    const a = (await admin.admin.priceList.create({ title, description: title, type: "sale", status: "active" } as never)).price_list;
    try {
      expect(JSON.parse(ok(await cli("price-lists", "get", title, "--json")).stdout).id).toBe(a.id);
      const b = (await admin.admin.priceList.create({ title, description: title, type: "sale", status: "active" } as never)).price_list;
      try {
        const two = await cli("price-lists", "get", title);
        expect(two.code).toBe(2);
        expect(two.stderr).toContain(`2 price-lists have the title "${title}"`);
        expect(two.stderr).toContain(a.id);
        expect(two.stderr).toContain(b.id);
      } finally {
        await admin.admin.priceList.delete(b.id);
      }
    } finally {
      await admin.admin.priceList.delete(a.id);
    }
    const none = await cli("price-lists", "get", "No such list anywhere");
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('Error: no price list with the title "No such list anywhere" (nor the id)\nHint: `medusactl price-lists list` lists them with their ids\n');
  });

  it("delete of a record that does not exist says so instead of 'deleted' (Medusa answers 200)", async () => {
    const r = await cli("products", "delete", "prod_01AAAAAAAAAAAAAAAAAAAAAAAA", "--yes");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Error: product prod_01AAAAAAAAAAAAAAAAAAAAAAAA not found \(404 not_found, GET \/admin\/products\/prod_01AAAAAAAAAAAAAAAAAAAAAAAA\)\n/);
    expect(r.stdout).toBe("");
  });
});

describe("the way out is named", () => {
  it("cancel on a shipped order names the return and the refund, and fulfil works as the help spells it", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    ok(await cli("orders", "fulfil", String(order.display_id), "--yes"));
    ok(await cli("orders", "ship", String(order.display_id), "--yes"));
    const r = await cli("orders", "cancel", String(order.display_id), "--yes");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^Error: order #${order.display_id} cannot be canceled: fulfilment ful_\\w+ is shipped, and a shipped parcel cannot be called back\\n`));
    expect(r.stderr).toContain(`Hint: take the goods back with a return and refund the customer: medusactl returns create '#${order.display_id}' --item <line>:<qty> --receive --refund`);
    expect(r.stderr).not.toContain("All fulfillments must be canceled");
    expect((await admin.admin.order.retrieve(order.id, { fields: "id,status" })).order.status).toBe("pending");
  });

  it("a missing file is said in plain words with the path; a raw errno never reaches the user", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "medusactl-errors-"));
    const r = await cli("products", "import", path.join(dir, "missing.csv"));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`Error: cannot read ${path.join(dir, "missing.csv")}: no such file or folder (ENOENT)\nHint: check the path; it is relative to the folder you run medusactl in\n`);
    const out = await cli("products", "export", "--out", path.join(dir, "no-folder", "x.csv"));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`the folder ${path.join(dir, "no-folder")} does not exist`);
  });

  it("a filter value Medusa does not know (its 500) comes with what to check", async () => {
    const r = await cli("api", "GET", "/admin/orders?status[]=shipped");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Hint: Medusa failed on its side; a filter value it does not know can cause this (check the query)");
  });
});
