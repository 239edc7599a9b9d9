/** Store set-up kinds: sales channels, publishable keys, regions, tax regions, shipping profiles, the store. */
import { changedFields, compact, envName, listAll, listByKeys, Plan, same, sorted, type Kind } from "./engine.js";
import { simpleKind, idsOf, refList, METADATA, ENV_FIELD } from "./simple.js";
import { bool, country, currency, list, num, oneOf, opt, req, shape, shapeOf, str, strList, strOrNull, type Rec } from "./validate.js";

type S = Rec;

export const salesChannels = simpleKind<S, Rec>({
  kind: "sales_channel",
  section: "sales_channels",
  envKind: "SALES_CHANNEL",
  fields: { name: req(str), description: opt(strOrNull), is_disabled: opt(bool), ...METADATA },
  key: (s) => s.name as string,
  resource: "salesChannel",
  load: (api, keys) => listByKeys(api, "salesChannel", "name", keys, { fields: "id,name,description,is_disabled,metadata" }),
  keyOf: (e) => e.name as string,
  body: (s) => ({ name: s.name, description: s.description, is_disabled: s.is_disabled, metadata: s.metadata }),
  current: (e) => e,
});

export const publishableKeys = simpleKind<S, Rec>({
  kind: "publishable_key",
  section: "publishable_keys",
  envKind: "PUBLISHABLE_KEY",
  fields: { title: req(str), sales_channels: opt(strList) },
  key: (s) => s.title as string,
  refs: (s, path) => refList("sales_channel", s.sales_channels as string[], `${path}.sales_channels`),
  resource: "apiKey",
  // A revoked key cannot be used again: a new one with the same title replaces it.
  load: async (api, keys) =>
    (await listByKeys<Rec>(api, "apiKey", "title", keys, { type: "publishable", fields: "id,title,token,revoked_at,sales_channels.id" })).filter(
      (k) => !k.revoked_at,
    ),
  keyOf: (e) => e.title as string,
  body: (s) => ({ title: s.title, type: "publishable" }),
  current: (e) => ({ ...e, type: "publishable" }),
  links: (s, e, ctx) =>
    s.sales_channels
      ? [
          {
            field: "sales_channels",
            desired: (s.sales_channels as string[]).map((n) => ctx.id("sales_channel", n)),
            current: idsOf(e?.sales_channels),
            method: "batchSalesChannels",
          },
        ]
      : [],
  env: (item, plan, created, existing) => {
    // Publishable keys are public by design (CONTRACT §4): the token itself is printed.
    plan.envVar(envName("PUBLISHABLE_KEY", item.envKey), () => (created()?.token ?? existing?.token) as string | undefined);
  },
});

/**
 * Secret API keys for CI and back-office scripts, by title. Medusa shows a key's token once, in
 * the answer that creates it: this run prints it (`--output env|shell` only); a key that already
 * exists is never re-created, and its token cannot be printed again.
 */
export const secretKeys = simpleKind<S, Rec>({
  kind: "secret_key",
  section: "api_keys",
  envKind: "SECRET_KEY",
  fields: { title: req(str), type: opt(oneOf("secret", "publishable")) },
  check: (s, path, issues) => {
    if (s.type === "publishable") issues.add(`${path}.type`, "publishable keys go in the publishable_keys section");
  },
  key: (s) => s.title as string,
  resource: "apiKey",
  // A revoked key cannot be used again: a new one with the same title replaces it. The token is never asked for.
  load: async (api, keys) => (await listByKeys<Rec>(api, "apiKey", "title", keys, { type: "secret", fields: "id,title,type,revoked_at" })).filter((k) => !k.revoked_at),
  keyOf: (e) => e.title as string,
  body: (s) => ({ title: s.title, type: "secret" }),
  current: (e) => ({ ...e, type: "secret" }),
  createOnly: ["type"],
  env: (item, plan, created, existing) => {
    const name = envName("SECRET_KEY", item.envKey);
    if (existing) {
      plan.envVar(name, () => undefined, { unavailable: `secret API key "${item.spec.title}" already exists and Medusa shows a secret only when it is created; revoke it (medusactl api-keys revoke ${existing.id as string}) and apply again for a new one` });
    } else {
      plan.envVar(name, () => created()?.token as string | undefined, {});
    }
  },
});

export const regions = simpleKind<S, Rec>({
  kind: "region",
  section: "regions",
  envKind: "REGION",
  fields: {
    name: req(str),
    currency_code: req(currency),
    countries: opt(list(country)),
    payment_providers: opt(strList),
    automatic_taxes: opt(bool),
    is_tax_inclusive: opt(bool),
    ...METADATA,
  },
  key: (s) => s.name as string,
  resource: "region",
  load: async (api, keys) => {
    const list = await listByKeys<Rec>(api, "region", "name", keys, {
      fields: "id,name,currency_code,automatic_taxes,metadata,countries.iso_2,payment_providers.id",
    });
    // Tax inclusiveness is not a region column: Medusa keeps it as a price preference.
    const prefs = await listByKeys<Rec>(api, "pricePreference", "value", list.map((r) => r.id as string), { attribute: "region_id" });
    const inclusive = new Map(prefs.map((p) => [p.value as string, p.is_tax_inclusive as boolean]));
    return list.map((r) => ({ ...r, is_tax_inclusive: inclusive.get(r.id as string) ?? false }));
  },
  keyOf: (e) => e.name as string,
  body: (s) => ({
    name: s.name,
    currency_code: s.currency_code,
    countries: sorted(s.countries as string[]),
    payment_providers: sorted(s.payment_providers as string[]),
    automatic_taxes: s.automatic_taxes,
    is_tax_inclusive: s.is_tax_inclusive,
    metadata: s.metadata,
  }),
  current: (e) => ({
    ...e,
    countries: ((e.countries as Rec[]) ?? []).map((c) => c.iso_2 as string).sort(),
    payment_providers: idsOf(e.payment_providers),
  }),
});

const taxKey = (s: S) => (s.province_code ? `${s.country_code}/${s.province_code}` : (s.country_code as string));

export const taxRegions: Kind<S, Rec> = (() => {
  const rateShape = shapeOf({ rate: req(num), code: req(str), name: req(str), is_combinable: opt(bool) });
  const base = simpleKind<S, Rec>({
    kind: "tax_region",
    section: "tax_regions",
    envKind: "TAX_REGION",
    fields: { country_code: req(country), province_code: opt(str), provider_id: opt(str), default_tax_rate: opt(rateShape), ...METADATA },
    key: taxKey,
    refs: (s, path) => (s.province_code ? [{ kind: "tax_region", key: s.country_code as string, path: `${path}.province_code` }] : []),
    resource: "taxRegion",
    load: async (api, keys) => {
      const countries = [...new Set(keys.map((k) => k.split("/")[0]!))];
      return listByKeys(api, "taxRegion", "country_code", countries, {
        fields: "id,country_code,province_code,provider_id,parent_id,metadata,tax_rates.id,tax_rates.rate,tax_rates.code,tax_rates.name,tax_rates.is_default,tax_rates.is_combinable",
      });
    },
    keyOf: (e) => (e.province_code ? `${e.country_code}/${e.province_code}` : (e.country_code as string)),
    body: (s, ctx) => ({
      country_code: s.country_code,
      province_code: s.province_code,
      parent_id: s.province_code ? ctx.id("tax_region", s.country_code as string) : undefined,
      // Medusa requires a provider for a country's tax region; tp_system is its built-in one.
      provider_id: s.provider_id ?? (s.province_code ? undefined : "tp_system"),
      metadata: s.metadata,
    }),
    current: (e) => e,
    createOnly: ["country_code", "province_code", "parent_id"],
    after: async (s, existing, ctx, plan, self) => {
      const want = s.default_tax_rate as Rec | undefined;
      if (!want) return [];
      const { sdk, signal } = ctx.api;
      const current = ((existing?.tax_rates as Rec[] | undefined) ?? []).find((r) => r.is_default);
      if (current && !changedFields(want, current).length) return [];
      if (current) plan.write(() => sdk.admin.taxRate.update(current.id as string, want as never, undefined, undefined, { signal }));
      else plan.write(() => sdk.admin.taxRate.create(compact({ ...want, tax_region_id: self.id, is_default: true }) as never, undefined, undefined, { signal }));
      return ["default_tax_rate"];
    },
    // A province's tax region needs its country's first.
    order: (items) => [...items.filter((i) => !i.spec.province_code), ...items.filter((i) => i.spec.province_code)],
  });
  return base;
})();

export const shippingProfiles = simpleKind<S, Rec>({
  kind: "shipping_profile",
  section: "shipping_profiles",
  envKind: "SHIPPING_PROFILE",
  fields: { name: req(str), type: opt(str), ...METADATA },
  key: (s) => s.name as string,
  resource: "shippingProfile",
  // The route filters by one name at a time.
  load: async (api, keys) =>
    (await Promise.all(keys.map((name) => listAll<Rec>(api, "shippingProfile", { name, fields: "id,name,type,metadata" })))).flat(),
  keyOf: (e) => e.name as string,
  body: (s) => ({ name: s.name, type: s.type ?? "default", metadata: s.metadata }),
  current: (e) => e,
});

/**
 * The store is one object that other tools own too: listed currencies are added, never removed,
 * and the default currency changes only when the file names one.
 */
export const store: Kind<S, Rec> = {
  kind: "store",
  section: "store",
  envKind: "STORE",
  parse(raw, path, issues) {
    return shape(raw, path, issues, {
      name: opt(str),
      currencies: opt(list(currency)),
      default_currency: opt(currency),
      default_sales_channel: opt(str),
      default_region: opt(str),
      default_location: opt(str),
      ...METADATA,
      ...ENV_FIELD,
    });
  },
  key: () => "store",
  refs: (s, path) =>
    [
      s.default_sales_channel && { kind: "sales_channel", key: s.default_sales_channel as string, path: `${path}.default_sales_channel` },
      s.default_region && { kind: "region", key: s.default_region as string, path: `${path}.default_region` },
      s.default_location && { kind: "stock_location", key: s.default_location as string, path: `${path}.default_location` },
    ].filter(Boolean) as { kind: string; key: string; path: string }[],
  async plan(item, _e, ctx) {
    const plan = new Plan();
    const s = item.spec;
    const { stores } = (await ctx.api.sdk.admin.store.list(
      { fields: "id,name,metadata,default_sales_channel_id,default_region_id,default_location_id,*supported_currencies", limit: 1 },
      undefined,
      { signal: ctx.api.signal },
    )) as unknown as { stores: Rec[] };
    const st = stores[0];
    if (!st) throw new Error("the back-end has no store");
    const have = (st.supported_currencies as Rec[]) ?? [];
    const fields: string[] = [];
    const update: Rec = {};
    const codes = new Set(have.map((c) => c.currency_code as string));
    const wantDefault = s.default_currency as string | undefined;
    const all = [...((s.currencies as string[]) ?? []), ...(wantDefault ? [wantDefault] : [])];
    const missing = [...new Set(all.filter((c) => !codes.has(c)))];
    const currentDefault = have.find((c) => c.is_default)?.currency_code as string | undefined;
    if (missing.length || (wantDefault && wantDefault !== currentDefault)) {
      fields.push("currencies");
      const def = wantDefault ?? currentDefault;
      update.supported_currencies = [
        ...have.map((c) => compact({ currency_code: c.currency_code, is_default: c.currency_code === def, is_tax_inclusive: c.is_tax_inclusive })),
        ...missing.map((c) => ({ currency_code: c, is_default: c === def })),
      ];
    }
    const plain = compact({
      name: s.name,
      default_sales_channel_id: s.default_sales_channel ? ctx.id("sales_channel", s.default_sales_channel as string) : undefined,
      default_region_id: s.default_region ? ctx.id("region", s.default_region as string) : undefined,
      default_location_id: s.default_location ? ctx.id("stock_location", s.default_location as string) : undefined,
    });
    for (const f of changedFields(plain, st)) {
      fields.push(f);
      update[f] = plain[f];
    }
    const meta = s.metadata as Rec | undefined;
    if (meta && Object.keys(meta).some((k) => !same(meta[k], (st.metadata as Rec | null)?.[k]))) {
      fields.push("metadata");
      update.metadata = meta;
    }
    if (fields.length) plan.write(() => ctx.api.sdk.admin.store.update(st.id as string, update as never, undefined, undefined, { signal: ctx.api.signal }));
    plan.change({ kind: "store", key: (st.name as string) ?? "store", action: fields.length ? "update" : "unchanged", fields, id: st.id as string });
    plan.envVar(envName("STORE", "ID"), () => st.id as string);
    return plan;
  },
};


