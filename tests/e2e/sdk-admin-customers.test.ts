/**
 * Admin customers, customer groups, promotions and campaigns against the real back-end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSdk, uniq } from "./helpers/sdk.js";
import { createProduct, expectGone, expectStatus, seeded, type Seeded } from "./helpers/admin-fixtures.js";

const sdk = adminSdk();
let seed: Seeded;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  seed = await seeded(sdk);
});

afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
});

async function makeCustomer(tag: string) {
  const email = `${uniq(tag)}@example.com`;
  const { customer } = await sdk.admin.customer.create({ email, first_name: "Eve", last_name: "Tester", company_name: "E2E GmbH" });
  cleanup.push(() => sdk.admin.customer.delete(customer.id));
  return customer;
}

async function makeGroup(tag: string) {
  const { customer_group } = await sdk.admin.customerGroup.create({ name: uniq(tag) });
  cleanup.push(() => sdk.admin.customerGroup.delete(customer_group.id));
  return customer_group;
}

describe("admin.customer", () => {
  it("round-trips a customer", async () => {
    const customer = await makeCustomer("cust");
    expect(customer).toMatchObject({ first_name: "Eve", has_account: false });
    expect((await sdk.admin.customer.retrieve(customer.id)).customer.email).toBe(customer.email);
    const { customers, count } = await sdk.admin.customer.list({ email: customer.email, fields: "id,email" } as never);
    expect(count).toBe(1);
    expect(customers[0]!.id).toBe(customer.id);
    await sdk.admin.customer.update(customer.id, { last_name: "Renamed", phone: "+49 30 123456" });
    expect((await sdk.admin.customer.retrieve(customer.id)).customer).toMatchObject({ last_name: "Renamed", phone: "+49 30 123456" });
    expect(await sdk.admin.customer.delete(customer.id)).toMatchObject({ id: customer.id, deleted: true });
    await expectStatus(sdk.admin.customer.retrieve(customer.id), 404);
  });

  it("adds, reads, changes and removes a customer's addresses", async () => {
    const customer = await makeCustomer("addr");
    const { customer: withAddress } = await sdk.admin.customer.createAddress(customer.id, {
      address_name: "Home",
      first_name: "Eve",
      last_name: "Tester",
      address_1: "Torstraße 1",
      city: "Berlin",
      postal_code: "10119",
      country_code: "de",
      is_default_shipping: true,
    });
    expect(withAddress.id).toBe(customer.id);
    const { addresses, count } = await sdk.admin.customer.listAddresses(customer.id);
    expect(count).toBe(1);
    const address = addresses[0]!;
    expect(address).toMatchObject({ city: "Berlin", country_code: "de" });

    await sdk.admin.customer.updateAddress(customer.id, address.id, { city: "Potsdam", postal_code: "14467" });
    const { address: read } = await sdk.admin.customer.retrieveAddress(customer.id, address.id);
    expect(read).toMatchObject({ id: address.id, city: "Potsdam", postal_code: "14467" });

    await sdk.admin.customer.deleteAddress(customer.id, address.id);
    expect((await sdk.admin.customer.listAddresses(customer.id)).count).toBe(0);
    await expectGone(sdk.admin.customer.retrieveAddress(customer.id, address.id), "address");
  });

  it("puts a customer into groups from either side", async () => {
    const customer = await makeCustomer("grp");
    const [vip, wholesale] = [await makeGroup("vip"), await makeGroup("wholesale")];
    const groupsOf = async () =>
      (await sdk.admin.customer.retrieve(customer.id, { fields: "id,groups.id" })).customer.groups!.map((g) => g.id).sort();

    await sdk.admin.customer.batchCustomerGroups(customer.id, { add: [vip.id, wholesale.id] });
    expect(await groupsOf()).toEqual([vip.id, wholesale.id].sort());
    await sdk.admin.customerGroup.batchCustomers(vip.id, { remove: [customer.id] });
    expect(await groupsOf()).toEqual([wholesale.id]);
    await sdk.admin.customerGroup.batchCustomers(vip.id, { add: [customer.id] });
    await sdk.admin.customer.batchCustomerGroups(customer.id, { remove: [wholesale.id] });
    expect(await groupsOf()).toEqual([vip.id]);
  });
});

describe("admin.customerGroup", () => {
  it("round-trips a customer group", async () => {
    const group = await makeGroup("group");
    expect((await sdk.admin.customerGroup.retrieve(group.id)).customer_group.name).toBe(group.name);
    const { customer_groups } = await sdk.admin.customerGroup.list({ name: group.name!, fields: "id" } as never);
    expect(customer_groups.map((g) => g.id)).toEqual([group.id]);
    await sdk.admin.customerGroup.update(group.id, { metadata: { tier: "gold" } });
    expect((await sdk.admin.customerGroup.retrieve(group.id, { fields: "id,metadata" })).customer_group.metadata).toEqual({ tier: "gold" });
    expect(await sdk.admin.customerGroup.delete(group.id)).toMatchObject({ id: group.id, deleted: true });
    await expectStatus(sdk.admin.customerGroup.retrieve(group.id), 404);
  });
});

describe("admin.promotion", () => {
  it("round-trips a percentage promotion and edits its rules of each kind", async () => {
    const product = await createProduct(sdk, seed, cleanup, "promo");
    const group = await makeGroup("promo-group");
    const code = uniq("SAVE10").toUpperCase();
    const { promotion } = await sdk.admin.promotion.create({
      code,
      type: "standard",
      status: "active",
      application_method: {
        type: "percentage",
        target_type: "items",
        allocation: "each",
        value: 10,
        max_quantity: 5,
        target_rules: [{ attribute: "items.product.id", operator: "in", values: [product.id] }],
      },
      rules: [{ attribute: "region.id", operator: "in", values: [seed.region.eur] }],
    });
    cleanup.push(() => sdk.admin.promotion.delete(promotion.id));
    expect(promotion).toMatchObject({ code, status: "active" });

    const { promotion: read } = await sdk.admin.promotion.retrieve(promotion.id, { fields: "id,code,*application_method,*rules" });
    expect(read.application_method).toMatchObject({ type: "percentage", value: 10 });
    const { promotions } = await sdk.admin.promotion.list({ code, fields: "id" } as never);
    expect(promotions.map((p) => p.id)).toEqual([promotion.id]);
    await sdk.admin.promotion.update(promotion.id, { status: "inactive", application_method: { value: 15 } });
    expect((await sdk.admin.promotion.retrieve(promotion.id, { fields: "status,*application_method" })).promotion).toMatchObject({
      status: "inactive",
      application_method: { value: 15 },
    });

    const rules = async (type: string) => (await sdk.admin.promotion.listRules(promotion.id, type)).rules;
    expect((await rules("target-rules")).map((r) => r.attribute)).toEqual(["items.product.id"]);

    await sdk.admin.promotion.addRules(promotion.id, "rules", { rules: [{ attribute: "customer.groups.id", operator: "in", values: [group.id] }] });
    const added = (await rules("rules")).find((r) => r.attribute === "customer.groups.id")!;
    expect(added.values.map((v) => v.value)).toEqual([group.id]);

    await sdk.admin.promotion.updateRules(promotion.id, "rules", {
      rules: [{ id: added.id, attribute: "customer.groups.id", operator: "in", values: [group.id, "cusgroup_other"] }],
    });
    const changed = (await rules("rules")).find((r) => r.id === added.id)!;
    expect(changed.values.map((v) => v.value).sort()).toEqual([group.id, "cusgroup_other"].sort());

    await sdk.admin.promotion.removeRules(promotion.id, "rules", { rule_ids: [added.id] });
    expect((await rules("rules")).map((r) => r.attribute)).toEqual(["region.id"]);

    expect(await sdk.admin.promotion.delete(promotion.id)).toMatchObject({ id: promotion.id, deleted: true });
    await expectStatus(sdk.admin.promotion.retrieve(promotion.id), 404);
  });

  it("offers the rule attributes and values a promotion form needs", async () => {
    const { attributes } = await sdk.admin.promotion.listRuleAttributes("rules", "standard");
    expect(attributes.map((a) => a.value)).toEqual(expect.arrayContaining(["customer.groups.id", "region.id", "currency_code"]));
    const target = await sdk.admin.promotion.listRuleAttributes("target-rules", "standard", "items");
    expect(target.attributes.map((a) => a.value)).toContain("items.product.id");

    const { values } = await sdk.admin.promotion.listRuleValues("rules", "region", { limit: 100 } as never);
    expect(values.map((v) => v.value)).toEqual(expect.arrayContaining([seed.region.eur, seed.region.usd]));
  });
});

describe("admin.campaign", () => {
  it("round-trips a campaign with a budget and attaches a promotion", async () => {
    const identifier = uniq("spring");
    const { campaign } = await sdk.admin.campaign.create({
      name: `Campaign ${identifier}`,
      campaign_identifier: identifier,
      budget: { type: "spend", limit: 1000, currency_code: "eur" },
    });
    cleanup.push(() => sdk.admin.campaign.delete(campaign.id));
    const { campaign: read } = await sdk.admin.campaign.retrieve(campaign.id, { fields: "id,campaign_identifier,*budget" });
    expect(read.campaign_identifier).toBe(identifier);
    expect(read.budget).toMatchObject({ type: "spend", limit: 1000, currency_code: "eur" });
    const { campaigns } = await sdk.admin.campaign.list({ q: identifier, fields: "id" } as never);
    expect(campaigns.map((c) => c.id)).toEqual([campaign.id]);
    await sdk.admin.campaign.update(campaign.id, { description: "spring sale", budget: { limit: 2000 } });
    expect((await sdk.admin.campaign.retrieve(campaign.id, { fields: "description,*budget" })).campaign).toMatchObject({
      description: "spring sale",
      budget: { limit: 2000 },
    });

    const { promotion } = await sdk.admin.promotion.create({
      code: uniq("CAMP").toUpperCase(),
      type: "standard",
      application_method: { type: "fixed", target_type: "order", allocation: "across", value: 5, currency_code: "eur" },
    });
    cleanup.push(() => sdk.admin.promotion.delete(promotion.id));
    await sdk.admin.campaign.batchPromotions(campaign.id, { add: [promotion.id] });
    expect((await sdk.admin.promotion.retrieve(promotion.id, { fields: "id,campaign_id" })).promotion.campaign_id).toBe(campaign.id);
    await sdk.admin.campaign.batchPromotions(campaign.id, { remove: [promotion.id] });
    expect((await sdk.admin.promotion.retrieve(promotion.id, { fields: "id,campaign_id" })).promotion.campaign_id).toBeNull();

    expect(await sdk.admin.campaign.delete(campaign.id)).toMatchObject({ id: campaign.id, deleted: true });
    await expectStatus(sdk.admin.campaign.retrieve(campaign.id), 404);
  });
});
