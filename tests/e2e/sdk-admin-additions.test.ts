/**
 * What `apply -f` needs beyond the js-sdk: a promotion's rule list replaced in one request (our
 * declared addition), and options added to an existing product through 2.21's linked options.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";

const sdk = adminSdk();

describe("our admin additions", () => {
  it("apply -f adds a new option to an existing product, and refuses a new value of an option it has (exit 2, nothing written)", async () => {
    const handle = uniq("apply-options");
    const dir = mkdtempSync(path.join(tmpdir(), "medusactl-apply-options-"));
    const file = path.join(dir, "seed.yaml");
    const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: dir };
    const seed = (options: string, variants: string) =>
      `products:\n  - handle: ${handle}\n    title: ${handle}\n    status: draft\n    options:\n${options}\n    variants:\n${variants}\n`;
    writeFileSync(file, seed("      - title: Size\n        values: [S]", `      - sku: ${handle}-S\n        title: S\n        options: { Size: S }`));
    const first = await runCli(["apply", "-f", file], { env });
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(file, seed("      - title: Size\n        values: [S]\n      - title: Colour\n        values: [Red]", `      - sku: ${handle}-S\n        title: S\n        options: { Size: S }`));
    const second = await runCli(["apply", "-f", file], { env });
    expect(second.code, second.stderr).toBe(0);
    // A new value on an option the product already has: Medusa 2.21 cannot link it, so apply says so and writes nothing.
    writeFileSync(file, seed("      - title: Size\n        values: [S, M]\n      - title: Colour\n        values: [Red]", `      - sku: ${handle}-S\n        title: S\n        options: { Size: S }`));
    const third = await runCli(["apply", "-f", file], { env });
    expect(third.code).toBe(2);
    expect(third.stderr).toContain(`Medusa 2.21 cannot add "M" to the option "Size" that product ${handle} already has`);
    const { products } = await sdk.admin.product.list({ handle, fields: "id,options.title,*options.values" });
    try {
      const options = products[0]!.options ?? [];
      expect(options.map((o) => o.title).sort()).toEqual(["Colour", "Size"]);
      expect(options.find((o) => o.title === "Size")!.values?.map((v) => v.value)).toEqual(["S"]);
    } finally {
      await sdk.admin.product.delete(products[0]!.id);
    }
  });

  it("promotion.batchRules replaces a rule list in one request", async () => {
    const code = uniq("RULES").toUpperCase();
    const { promotion } = await sdk.admin.promotion.create({
      code,
      type: "standard",
      status: "draft",
      application_method: { type: "percentage", target_type: "order", allocation: "across", value: 10, currency_code: "eur" },
      rules: [{ attribute: "currency_code", operator: "eq", values: ["eur"] }],
    } as never);
    try {
      const before = (await sdk.admin.promotion.retrieve(promotion.id, { fields: "*rules" })).promotion.rules ?? [];
      expect(before).toHaveLength(1);
      await sdk.admin.promotion.batchRules(promotion.id, "rules", { create: [{ attribute: "currency_code", operator: "in", values: ["usd", "eur"] }], delete: [before[0]!.id] });
      const after = (await sdk.admin.promotion.retrieve(promotion.id, { fields: "*rules,*rules.values" })).promotion.rules ?? [];
      expect(after).toHaveLength(1);
      expect(after[0]!.operator).toBe("in");
      expect(after[0]!.id).not.toBe(before[0]!.id);
    } finally {
      await sdk.admin.promotion.delete(promotion.id);
    }
  });
});
