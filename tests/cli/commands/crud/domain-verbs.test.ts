import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { registerCrud } from "../../../../src/cli/commands/crud/index.js";
import { confirmationLevel, isSimpleMethod, kebab } from "../../../../src/cli/commands/crud/domain-verbs.js";
import { findNoun } from "../../../../src/cli/nouns.js";
import { adminResources } from "../../../../src/sdk/admin/index.js";
import type { MethodSpec, ResourceSpec } from "../../../../src/sdk/resource.js";

const specs = adminResources as unknown as Record<string, ResourceSpec>;
const method = (res: string, name: string) => specs[res]!.methods[name] as MethodSpec;
const noCtx = { factory: () => { throw new Error("not called while building"); } };

async function verbs(noun: string): Promise<string[]> {
  const cmd = new Command(noun);
  await registerCrud(cmd, findNoun(noun)!, noCtx);
  return cmd.commands.map((c) => c.name());
}

describe("domain verbs from declarations", () => {
  it.each([
    ["markAsPaid", "mark-as-paid"],
    ["revoke", "revoke"],
    ["retrievePreview", "retrieve-preview"],
    ["batchInventoryItemsLocationLevels", "batch-inventory-items-location-levels"],
  ])("names %s as %s", (name, verb) => expect(kebab(name)).toBe(verb));

  it.each([
    ["apiKey", "revoke", "moderate"],
    ["invite", "resend", "none"],
    ["order", "archive", "moderate"],
    ["order", "cancel", "severe"],
    ["order", "createFulfillment", "moderate"],
    ["order", "createShipment", "moderate"],
    ["order", "markAsDelivered", "moderate"],
    ["order", "listChanges", "none"],
    ["payment", "capture", "moderate"],
    ["payment", "refund", "severe"],
    ["claim", "cancel", "moderate"],
    ["claim", "removeItem", "moderate"],
    ["productCategory", "updateProducts", "none"],
    ["fulfillment", "cancel", "moderate"],
    ["paymentCollection", "markAsPaid", "moderate"],
    ["invite", "accept", "none"],
  ])("%s.%s asks %s confirmation", (res, name, level) => expect(confirmationLevel(method(res, name))).toBe(level));

  it("leaves hand-written methods (files, streams) to hand-written commands", async () => {
    expect(isSimpleMethod(method("product", "import"))).toBe(false);
    expect(isSimpleMethod(method("upload", "create"))).toBe(false);
    expect(isSimpleMethod(method("workflowExecution", "subscribe"))).toBe(false);
    expect((await verbs("products"))).not.toContain("import");
  });

  it.each([
    ["invites", "accept", [], ["--data", "--set", "--fields"]],
    ["fulfillments", "cancel", ["id"], ["--yes", "--fields"]],
    ["orders", "authorize-payment-session", ["id", "payment-session-id"], ["--fields"]],
    ["promotions", "list-rule-attributes", ["rule-type"], ["--promotion-type", "--application-method-target-type"]],
    ["promotions", "add-rules", ["id", "rule-type"], ["--data"]],
  ])("generates %s %s from a shaped declaration: arguments %j, flags %j", async (noun, verb, args, flags) => {
    const cmd = new Command(noun);
    await registerCrud(cmd, findNoun(noun)!, noCtx);
    const sub = cmd.commands.find((c) => c.name() === verb)!;
    expect(sub).toBeDefined();
    expect(sub.registeredArguments.map((a) => a.name())).toEqual(args);
    const longs = sub.options.map((o) => o.long);
    for (const flag of flags) expect(longs).toContain(flag);
  });

  it("adds verbs beside the generic ones without duplicates", async () => {
    const v = await verbs("payment-collections");
    expect(v).toEqual(expect.arrayContaining(["create", "delete", "mark-as-paid", "create-payment-session"]));
    expect(new Set(v).size).toBe(v.length);
  });

  it("builds every noun's verbs without clashes", async () => {
    for (const [key] of Object.entries(specs)) {
      const noun = (await import("../../../../src/cli/nouns.js")).NOUNS.find((n) => n.admin === key)!;
      const v = await verbs(noun.name);
      expect(new Set(v).size).toBe(v.length);
    }
  });
});

describe("nouns with both generated and hand-written verbs", () => {
  it("adds the hand-written verbs and lets them replace generated ones of the same name", async () => {
    const { buildProgram } = await import("../../../../src/cli/program.js");
    // fulfillments: `cancel` is both an SDK-declared verb and a hand-written one (order-aware, with confirmation).
    const program = await buildProgram(["fulfillments", "list"], noCtx);
    const noun = program.commands.find((c) => c.name() === "fulfillments")!;
    const names = noun.commands.map((c) => c.name());
    expect(names).toEqual(expect.arrayContaining(["cancel", "create", "create-shipment"]));
    expect(new Set(names).size).toBe(names.length);
    expect(noun.commands.find((c) => c.name() === "cancel")!.description()).toMatch(/^Cancel a fulfilment of an order; its items become unfulfilled again/);
  });
});
