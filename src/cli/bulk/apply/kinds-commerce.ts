/** Customer groups, customers, price lists, campaigns and promotions. */
import { pageAll } from "../lookup.js";
import { changedFields, compact, envName, listAll, listByKeys, metadataChanged, Plan, same, type Change, type Kind, type PlanContext, type Ref } from "./engine.js";
import { simpleKind, idsOf, refList, METADATA, ENV_FIELD } from "./simple.js";
import { Issues, bool, country, currency, date, list, nonNegative, num, oneOf, opt, req, shape, shapeOf, str, strList, strOrNull, type Rec } from "./validate.js";
import { fromListPrice, planPrices, priceBody, type PriceSpec } from "../prices/plan.js";

type S = Rec;

export const customerGroups = simpleKind<S, Rec>({
  kind: "customer_group",
  section: "customer_groups",
  envKind: "CUSTOMER_GROUP",
  fields: { name: req(str), ...METADATA },
  key: (s) => s.name as string,
  resource: "customerGroup",
  load: (api, keys) => listByKeys(api, "customerGroup", "name", keys, { fields: "id,name,metadata" }),
  keyOf: (e) => e.name as string,
  body: (s) => ({ name: s.name, metadata: s.metadata }),
  current: (e) => e,
});

const email = (v: unknown, path: string, issues: Issues) => {
  const s = str(v, path, issues);
  if (s !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s)) {
    issues.add(path, `expected an e-mail address, got "${s}"`);
    return undefined;
  }
  return s?.toLowerCase();
};

/** A customer's address, keyed by `address_name` within the customer. */
const ADDRESS_FIELDS = ["first_name", "last_name", "company", "address_1", "address_2", "city", "province", "postal_code", "country_code", "phone", "is_default_shipping", "is_default_billing"] as const;

const addressShape = shapeOf({
  address_name: req(str),
  first_name: opt(strOrNull),
  last_name: opt(strOrNull),
  company: opt(strOrNull),
  address_1: opt(strOrNull),
  address_2: opt(strOrNull),
  city: opt(strOrNull),
  province: opt(strOrNull),
  postal_code: opt((v, p, i) => (typeof v === "number" ? String(v) : strOrNull(v, p, i))),
  country_code: opt(country),
  phone: opt(strOrNull),
  is_default_shipping: opt(bool),
  is_default_billing: opt(bool),
  ...METADATA,
});

/**
 * Adds or updates the file's addresses of one customer, matched by `address_name`; addresses
 * the file does not name are left alone, like every object missing from the file.
 */
async function planAddresses(spec: S, existing: Rec | undefined, ctx: PlanContext, plan: Plan, self: Change): Promise<string[]> {
  const want = spec.addresses as Rec[] | undefined;
  if (!want?.length) return [];
  const { sdk, signal } = ctx.api;
  const have = new Map(((existing?.addresses as Rec[] | undefined) ?? []).map((a) => [a.address_name as string, a]));
  let changed = false;
  for (const a of want) {
    const body = compact({ address_name: a.address_name, ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, a[f]])), metadata: a.metadata });
    const cur = have.get(a.address_name as string);
    if (!cur) {
      changed = true;
      plan.write(() => sdk.admin.customer.createAddress(self.id!, body as never, undefined, { signal }));
      continue;
    }
    const { metadata, ...plain } = body;
    const fields = changedFields(plain, { ...cur, country_code: (cur.country_code as string | null)?.toLowerCase() ?? cur.country_code });
    if (metadataChanged(metadata as Rec | undefined, cur.metadata as Rec | undefined)) fields.push("metadata");
    if (!fields.length) continue;
    changed = true;
    plan.write(() => sdk.admin.customer.updateAddress(self.id!, cur.id as string, Object.fromEntries(fields.map((f) => [f, body[f]])) as never, undefined, { signal }));
  }
  return changed ? ["addresses"] : [];
}

export const customers = simpleKind<S, Rec>({
  kind: "customer",
  section: "customers",
  envKind: "CUSTOMER",
  fields: {
    email: req(email),
    first_name: opt(strOrNull),
    last_name: opt(strOrNull),
    phone: opt(strOrNull),
    company_name: opt(strOrNull),
    groups: opt(strList),
    addresses: opt(list(addressShape)),
    ...METADATA,
  },
  check: (s, path, issues) => {
    const names = ((s.addresses as Rec[] | undefined) ?? []).map((a) => a.address_name as string);
    names.forEach((n, i) => names.indexOf(n) !== i && issues.add(`${path}.addresses[${i}].address_name`, `"${n}" is named twice: an address is found by its name`));
  },
  key: (s) => s.email as string,
  refs: (s, path) => refList("customer_group", s.groups as string[], `${path}.groups`),
  resource: "customer",
  load: (api, keys) => listByKeys(api, "customer", "email", keys, { fields: "id,email,has_account,first_name,last_name,phone,company_name,metadata,groups.id,*addresses" }),
  keyOf: (e) => (e.email as string).toLowerCase(),
  // Guest checkouts leave customer records with the same e-mail: the registered one is meant.
  prefer: (rows) => (rows.filter((r) => r.has_account).length === 1 ? rows.find((r) => r.has_account) : undefined),
  body: (s) => ({ email: s.email, first_name: s.first_name, last_name: s.last_name, phone: s.phone, company_name: s.company_name, metadata: s.metadata }),
  current: (e) => e,
  createOnly: ["email"],
  after: planAddresses,
  links: (s, e, ctx) =>
    s.groups
      ? [
          {
            field: "groups",
            desired: (s.groups as string[]).map((g) => ctx.id("customer_group", g)),
            current: idsOf(e?.groups),
            method: "batchCustomerGroups",
          },
        ]
      : [],
});

// ---------------------------------------------------------------------------------------------

const listPriceShape = (v: unknown, path: string, issues: Issues) =>
  shape(v, path, issues, {
    sku: req(str),
    currency_code: req(currency),
    amount: req(num),
    min_quantity: opt(nonNegative),
    max_quantity: opt(nonNegative),
    region: opt(str),
  });

function listPrices(s: S, ctx: { id(kind: string, key: string): string }): (PriceSpec & { sku: string })[] {
  return ((s.prices as Rec[]) ?? []).map((p) => ({
    sku: p.sku as string,
    variant_id: ctx.id("variant", p.sku as string),
    currency_code: p.currency_code as string,
    amount: p.amount as number,
    min_quantity: (p.min_quantity as number | undefined) ?? null,
    max_quantity: (p.max_quantity as number | undefined) ?? null,
    region_id: p.region ? ctx.id("region", p.region as string) : null,
  }));
}

export const priceLists: Kind<S, Rec> = (() => {
  const base = simpleKind<S, Rec>({
    kind: "price_list",
    section: "price_lists",
    envKind: "PRICE_LIST",
    fields: {
      title: req(str),
      description: opt(str),
      type: opt(oneOf("sale", "override")),
      status: opt(oneOf("active", "draft")),
      starts_at: opt(date),
      ends_at: opt(date),
      customer_groups: opt(strList),
      prices: opt(list(listPriceShape)),
      ...METADATA,
    },
    check: (s, path, issues) => {
      const keys = new Set<string>();
      ((s.prices as Rec[]) ?? []).forEach((p, i) => {
        const k = `${p.sku}|${p.currency_code}|${p.region ?? ""}|${p.min_quantity ?? ""}|${p.max_quantity ?? ""}`;
        if (keys.has(k)) issues.add(`${path}.prices[${i}]`, "a second price with the same sku, currency, region and quantities");
        keys.add(k);
      });
    },
    key: (s) => s.title as string,
    refs: (s, path) => {
      const refs: Ref[] = refList("customer_group", s.customer_groups as string[], `${path}.customer_groups`);
      ((s.prices as Rec[]) ?? []).forEach((p, i) => {
        refs.push({ kind: "variant", key: p.sku as string, path: `${path}.prices[${i}].sku` });
        if (p.region) refs.push({ kind: "region", key: p.region as string, path: `${path}.prices[${i}].region` });
      });
      return refs;
    },
    resource: "priceList",
    // No title filter on this route: search, then match the title exactly.
    load: async (api, keys) =>
      (await Promise.all(keys.map((t) => listAll<Rec>(api, "priceList", { q: t })))).flat(),
    keyOf: (e) => e.title as string,
    body: (s, ctx) => ({
      title: s.title,
      description: s.description ?? s.title,
      type: s.type ?? "sale",
      status: s.status ?? "active",
      starts_at: s.starts_at,
      ends_at: s.ends_at,
      rules: s.customer_groups ? { customer_group_id: (s.customer_groups as string[]).map((g) => ctx.id("customer_group", g)).sort() } : undefined,
      metadata: s.metadata,
    }),
    current: (e) => ({
      ...e,
      starts_at: e.starts_at ? new Date(e.starts_at as string).toISOString() : null,
      ends_at: e.ends_at ? new Date(e.ends_at as string).toISOString() : null,
      rules: e.rules ? { customer_group_id: [...(((e.rules as Rec).customer_group_id as string[]) ?? [])].sort() } : { customer_group_id: [] },
    }),
    after: async (s, existing, ctx, plan, self) => {
      if (!s.prices) return [];
      const { sdk, signal } = ctx.api;
      const wanted = listPrices(s, ctx);
      const have = existing ? (await pageAll<Rec>((q) => sdk.admin.priceList.prices(self.id!, q, undefined, { signal }), "prices")).map(fromListPrice) : [];
      const prices = planPrices(wanted, have);
      if (!prices.create.length && !prices.update.length) return [];
      const body = { create: prices.create.map((p) => priceBody(p, true)), update: prices.update.map((u) => ({ id: u.id, variant_id: u.price.variant_id, amount: u.price.amount })) };
      plan.write(() => sdk.admin.priceList.batchPrices(self.id!, body as never, undefined, undefined, { signal }));
      return ["prices"];
    },
  });
  return base;
})();

export const campaigns = simpleKind<S, Rec>({
  kind: "campaign",
  section: "campaigns",
  envKind: "CAMPAIGN",
  fields: {
    campaign_identifier: req(str),
    name: req(str),
    description: opt(strOrNull),
    starts_at: opt(date),
    ends_at: opt(date),
    budget: opt(shapeOf({ type: req(oneOf("spend", "usage")), limit: req(nonNegative), currency_code: opt(currency) })),
  },
  check: (s, path, issues) => {
    const b = s.budget as Rec | undefined;
    if (b?.type === "spend" && !b.currency_code) issues.add(`${path}.budget.currency_code`, "required for a spend budget");
  },
  key: (s) => s.campaign_identifier as string,
  resource: "campaign",
  load: async (api, keys) =>
    (await Promise.all(keys.map((k) => listAll<Rec>(api, "campaign", { campaign_identifier: k, fields: "id,name,campaign_identifier,description,starts_at,ends_at,*budget" })))).flat(),
  keyOf: (e) => e.campaign_identifier as string,
  body: (s) => ({ campaign_identifier: s.campaign_identifier, name: s.name, description: s.description, starts_at: s.starts_at, ends_at: s.ends_at, budget: s.budget }),
  // Medusa takes only the budget limit on update; type and currency are fixed at creation.
  updateBody: (u) => (u.budget ? { ...u, budget: { limit: (u.budget as Rec).limit } } : u),
  current: (e) => {
    const b = e.budget as Rec | null;
    return {
      ...e,
      starts_at: e.starts_at ? new Date(e.starts_at as string).toISOString() : null,
      ends_at: e.ends_at ? new Date(e.ends_at as string).toISOString() : null,
      budget: b ? compact({ type: b.type, limit: b.limit === null ? null : Number(b.limit), currency_code: b.currency_code ?? undefined }) : null,
    };
  },
  createOnly: ["campaign_identifier"],
});


const ruleShape = shapeOf({ attribute: req(str), operator: req(oneOf("gt", "lt", "eq", "ne", "in", "gte", "lte")), values: req(list((v, p, i) => (typeof v === "number" ? String(v) : str(v, p, i)))) });

const ruleSet = (rules: Rec[] | undefined) =>
  (rules ?? []).map((r) => `${r.attribute}|${r.operator}|${[...((r.values as unknown[]) ?? []).map((v) => (typeof v === "object" && v ? (v as Rec).value : v))].sort().join(",")}`).sort();

export const promotions: Kind<S, Rec> = {
  kind: "promotion",
  section: "promotions",
  envKind: "PROMOTION",
  parse(raw, path, issues) {
    const before = issues.list.length;
    const s = shape(raw, path, issues, {
      code: req(str),
      type: opt(oneOf("standard", "buyget")),
      status: opt(oneOf("draft", "active", "inactive")),
      is_automatic: opt(bool),
      campaign: opt(strOrNull),
      application_method: req(
        shapeOf({
          type: req(oneOf("fixed", "percentage")),
          target_type: req(oneOf("order", "items", "shipping_methods")),
          allocation: opt(oneOf("each", "across")),
          value: req(nonNegative),
          currency_code: opt(currency),
          max_quantity: opt(nonNegative),
          apply_to_quantity: opt(nonNegative),
          buy_rules_min_quantity: opt(nonNegative),
          target_rules: opt(list(ruleShape)),
          buy_rules: opt(list(ruleShape)),
        }),
      ),
      rules: opt(list(ruleShape)),
      ...ENV_FIELD,
    });
    if (!s || issues.list.length > before) return undefined;
    const am = s.application_method as Rec;
    if (am.type === "fixed" && !am.currency_code) issues.add(`${path}.application_method.currency_code`, "required for a fixed amount");
    return issues.list.length > before ? undefined : s;
  },
  key: (s) => s.code as string,
  refs: (s, path) => (s.campaign ? [{ kind: "campaign", key: s.campaign as string, path: `${path}.campaign` }] : []),
  load: async (api, keys) => {
    const list = await listByKeys<Rec>(api, "promotion", "code", keys, {
      fields: "id,code,type,status,is_automatic,campaign_id,*application_method,*rules,*rules.values,*application_method.target_rules,*application_method.target_rules.values,*application_method.buy_rules,*application_method.buy_rules.values",
    });
    return new Map(list.map((p) => [p.code as string, p]));
  },
  async plan(item, existing, ctx) {
    const plan = new Plan();
    const { sdk, signal } = ctx.api;
    const s = item.spec;
    const code = s.code as string;
    const am = s.application_method as Rec;
    const campaign_id = s.campaign === null ? null : s.campaign ? ctx.id("campaign", s.campaign as string) : undefined;
    const top = compact({ code, type: s.type ?? "standard", status: s.status ?? "active", is_automatic: s.is_automatic ?? false, campaign_id });
    const method = compact({ type: am.type, target_type: am.target_type, allocation: am.allocation ?? (am.target_type === "order" ? "across" : "each"), value: am.value, currency_code: am.currency_code, max_quantity: am.max_quantity, apply_to_quantity: am.apply_to_quantity, buy_rules_min_quantity: am.buy_rules_min_quantity });
    const self = plan.change({ kind: "promotion", key: code, action: existing ? "unchanged" : "create", fields: [], id: existing?.id as string | undefined });
    const fields = self.fields;
    if (!existing) {
      fields.push(...Object.keys(top), "application_method", ...(s.rules ? ["rules"] : []));
      const create = { ...top, application_method: compact({ ...method, target_rules: am.target_rules, buy_rules: am.buy_rules }), rules: s.rules ?? [] };
      plan.write(async () => {
        const res = (await sdk.admin.promotion.create(create as never, undefined, { signal })) as unknown as { promotion: Rec };
        ctx.created(self, res.promotion.id as string);
      });
    } else {
      const update: Rec = {};
      for (const f of changedFields(top, existing)) {
        fields.push(f);
        update[f] = top[f];
      }
      const cur = existing.application_method as Rec;
      const curMethod = { ...cur, value: Number(cur.value), max_quantity: cur.max_quantity === null ? undefined : Number(cur.max_quantity), apply_to_quantity: cur.apply_to_quantity === null ? undefined : Number(cur.apply_to_quantity), buy_rules_min_quantity: cur.buy_rules_min_quantity === null ? undefined : Number(cur.buy_rules_min_quantity) };
      const methodChanged = changedFields(method, curMethod);
      if (methodChanged.length) {
        fields.push("application_method");
        const m: Rec = {};
        for (const f of methodChanged) m[f] = method[f];
        update.application_method = m;
      }
      if (fields.length) plan.write(() => sdk.admin.promotion.update(self.id!, update as never, undefined, { signal }));
      // Rule lists are made to match the file: the old ones go, the declared ones come.
      const ruleLists: [string, string, Rec[] | undefined, Rec[] | undefined][] = [
        ["rules", "rules", s.rules as Rec[] | undefined, existing.rules as Rec[] | undefined],
        ["target_rules", "target-rules", am.target_rules as Rec[] | undefined, cur.target_rules as Rec[] | undefined],
        ["buy_rules", "buy-rules", am.buy_rules as Rec[] | undefined, cur.buy_rules as Rec[] | undefined],
      ];
      for (const [field, route, want, have] of ruleLists) {
        if (!want || same(ruleSet(want), ruleSet(have))) continue;
        fields.push(field);
        const old = (have ?? []).map((r) => r.id as string);
        plan.write(() => sdk.admin.promotion.batchRules(self.id!, route, compact({ create: want, delete: old.length ? old : undefined }), undefined, { signal }));
      }
    }
    ctx.setId("promotion", code, self.id);
    if (existing && fields.length) self.action = "update";
    plan.envVar(envName("PROMOTION", item.envKey, "ID"), () => self.id);
    return plan;
  },
};


