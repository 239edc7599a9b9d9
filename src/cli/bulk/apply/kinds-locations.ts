/**
 * Stock locations with their fulfillment sets, service zones and shipping options. The nested
 * objects are kinds of their own (each reported and printed), queued by their parent.
 */
import { SeedError, changedFields, compact, envName, listAll, listByKeys, Plan, same, type Kind, type PlanContext, type Ref } from "./engine.js";
import { simpleKind, idsOf, refList, METADATA, ENV_FIELD } from "./simple.js";
import { Issues, at, bool, country, currency, json, list, num, oneOf, opt, req, shape, shapeOf, str, strList, strOrNull, type Rec } from "./validate.js";

type S = Rec;

const addressShape = shapeOf({
  address_1: req(str),
  address_2: opt(strOrNull),
  company: opt(strOrNull),
  city: opt(strOrNull),
  country_code: req(country),
  province: opt(strOrNull),
  postal_code: opt(strOrNull),
  phone: opt(strOrNull),
});

const priceShape = (v: unknown, path: string, issues: Issues) => {
  const p = shape(v, path, issues, { currency_code: opt(currency), region: opt(str), amount: req(num) });
  if (!p) return undefined;
  if ((p.currency_code === undefined) === (p.region === undefined)) {
    issues.add(path, "give either currency_code or region");
    return undefined;
  }
  return p;
};

const optionShape = shapeOf({
  name: req(str),
  shipping_profile: req(str),
  provider_id: opt(str),
  price_type: opt(oneOf("flat", "calculated")),
  type: req(shapeOf({ label: req(str), code: req(str), description: opt(str) })),
  prices: opt(list(priceShape)),
  enabled_in_store: opt(bool),
  is_return: opt(bool),
  data: opt(json),
  ...METADATA,
  ...ENV_FIELD,
});

const zoneShape = shapeOf({ name: req(str), countries: opt(list(country)), shipping_options: opt(list(optionShape)), ...ENV_FIELD });
const setShape = shapeOf({ name: req(str), type: opt(oneOf("shipping", "pickup")), service_zones: opt(list(zoneShape)), ...ENV_FIELD });

const LOCATION_FIELDS = "id,name,metadata,*address,sales_channels.id,fulfillment_providers.id";

export const stockLocations = simpleKind<S, Rec>({
  kind: "stock_location",
  section: "stock_locations",
  envKind: "STOCK_LOCATION",
  fields: {
    name: req(str),
    address: opt(addressShape),
    sales_channels: opt(strList),
    fulfillment_providers: opt(strList),
    fulfillment_sets: opt(list(setShape)),
    ...METADATA,
  },
  key: (s) => s.name as string,
  refs: (s, path) => {
    const refs: Ref[] = refList("sales_channel", s.sales_channels as string[], `${path}.sales_channels`);
    ((s.fulfillment_sets as Rec[]) ?? []).forEach((fs, i) =>
      ((fs.service_zones as Rec[]) ?? []).forEach((z, j) =>
        ((z.shipping_options as Rec[]) ?? []).forEach((o, k) => {
          const p = `${path}.fulfillment_sets[${i}].service_zones[${j}].shipping_options[${k}]`;
          refs.push({ kind: "shipping_profile", key: o.shipping_profile as string, path: `${p}.shipping_profile` });
          ((o.prices as Rec[]) ?? []).forEach((pr, m) => pr.region && refs.push({ kind: "region", key: pr.region as string, path: `${p}.prices[${m}].region` }));
        }),
      ),
    );
    return refs;
  },
  resource: "stockLocation",
  load: (api, keys) => listByKeys(api, "stockLocation", "name", keys, { fields: LOCATION_FIELDS }),
  keyOf: (e) => e.name as string,
  body: (s) => ({ name: s.name, address: s.address, metadata: s.metadata }),
  current: (e) => e,
  links: (s, e, ctx) => [
    ...(s.sales_channels
      ? [
          {
            field: "sales_channels",
            desired: (s.sales_channels as string[]).map((n) => ctx.id("sales_channel", n)),
            current: idsOf(e?.sales_channels),
            method: "updateSalesChannels",
          },
        ]
      : []),
    ...(s.fulfillment_providers
      ? [
          {
            field: "fulfillment_providers",
            desired: s.fulfillment_providers as string[],
            current: idsOf(e?.fulfillment_providers),
            method: "updateFulfillmentProviders",
          },
        ]
      : []),
  ],
  children: (item) => [
    {
      kind: "fulfillment_set",
      items: ((item.spec.fulfillment_sets as Rec[]) ?? []).map((fs, i) => ({
        spec: { ...fs, __location: item.spec.name },
        path: at(at(item.path, "fulfillment_sets"), i),
        envKey: (fs.env as string) ?? (fs.name as string),
      })),
    },
  ],
});

// The stock location's address is compared on the declared keys only (Medusa fills the rest).
const basePlan = stockLocations.plan.bind(stockLocations);
stockLocations.plan = (item, existing, ctx) => {
  if (existing && item.spec.address) {
    const want = item.spec.address as Rec;
    const cur = (existing.address as Rec | null) ?? {};
    const sameAddress = Object.keys(want).every((k) => same(want[k], cur[k]));
    existing = { ...existing, address: sameAddress ? want : cur };
  }
  return basePlan(item, existing, ctx);
};

/** A location with its sets, zones and geo zones, read once per run (and again after writes). */
async function locationDetail(ctx: PlanContext, locationId: string, fresh = false): Promise<Rec> {
  const key = `location:${locationId}`;
  if (!fresh && ctx.cache.has(key)) return ctx.cache.get(key) as Rec;
  const { stock_location } = (await ctx.api.sdk.admin.stockLocation.retrieve(
    locationId,
    { fields: "id,*fulfillment_sets,*fulfillment_sets.service_zones,*fulfillment_sets.service_zones.geo_zones" },
    undefined,
    { signal: ctx.api.signal },
  )) as unknown as { stock_location: Rec };
  ctx.cache.set(key, stock_location);
  return stock_location;
}

const childKind = (kind: string, section: string, envKind: string): Pick<Kind, "kind" | "section" | "envKind" | "parse" | "key"> => ({
  kind,
  section,
  envKind,
  // Parsed as part of their parent.
  parse: (raw) => raw as Rec,
  key: (s: S) => s.name as string,
});

export const fulfillmentSets: Kind<S, Rec> = {
  ...childKind("fulfillment_set", "stock_locations[].fulfillment_sets", "FULFILLMENT_SET"),
  async plan(item, _e, ctx) {
    const plan = new Plan();
    const s = item.spec;
    const name = s.name as string;
    const locationId = ctx.id("stock_location", s.__location as string);
    const type = (s.type as string) ?? "shipping";
    let set: Rec | undefined;
    if (!ctx.isPlaceholder(locationId)) {
      set = ((await locationDetail(ctx, locationId)).fulfillment_sets as Rec[] | undefined)?.find((f) => f.name === name);
    }
    const self = plan.change({ kind: "fulfillment_set", key: name, action: set ? "unchanged" : "create", fields: set ? [] : ["name", "type"], id: set?.id as string | undefined });
    if (!set) {
      plan.write(async () => {
        await ctx.api.sdk.admin.stockLocation.createFulfillmentSet(locationId, { name, type }, undefined, { signal: ctx.api.signal });
        // The answer is the location: the new set's id (and its zones, none yet) are read back.
        const made = ((await locationDetail(ctx, locationId, true)).fulfillment_sets as Rec[]).find((f) => f.name === name);
        ctx.created(self, made?.id as string);
        if (made) ctx.cache.set(`set:${name}`, made);
      });
    } else if (set.type !== type) {
      // Medusa cannot change a set's type; say so rather than pretend.
      throw new SeedError([`${item.path}.type: fulfillment set "${s.name}" exists with type ${set.type}; Medusa cannot change it to ${type}`]);
    } else ctx.cache.set(`set:${name}`, set);
    ctx.setId("fulfillment_set", name, self.id);
    plan.envVar(envName("FULFILLMENT_SET", item.envKey, "ID"), () => self.id);
    return plan;
  },
  children: (item) => [
    {
      kind: "service_zone",
      items: ((item.spec.service_zones as Rec[]) ?? []).map((z, i) => ({
        spec: { ...z, __set: item.spec.name, __location: item.spec.__location },
        path: at(at(item.path, "service_zones"), i),
        envKey: (z.env as string) ?? (z.name as string),
      })),
    },
  ],
};

const geoZones = (countries: string[]) => countries.map((c) => ({ type: "country", country_code: c }));

export const serviceZones: Kind<S, Rec> = {
  ...childKind("service_zone", "…service_zones", "SERVICE_ZONE"),
  async plan(item, _e, ctx) {
    const plan = new Plan();
    const { sdk, signal } = ctx.api;
    const s = item.spec;
    const name = s.name as string;
    const setId = ctx.id("fulfillment_set", s.__set as string);
    const set = ctx.cache.get(`set:${s.__set}`) as Rec | undefined;
    const zone = ((set?.service_zones as Rec[] | undefined) ?? []).find((z) => z.name === name);
    const want = s.countries ? [...new Set(s.countries as string[])].sort() : undefined;
    const self = plan.change({ kind: "service_zone", key: name, action: zone ? "unchanged" : "create", fields: [], id: zone?.id as string | undefined });
    if (!zone) {
      self.fields.push("name", ...(want ? ["countries"] : []));
      plan.write(async () => {
        const res = (await sdk.admin.fulfillmentSet.createServiceZone(setId, { name, geo_zones: geoZones(want ?? []) } as never, { fields: "id,*service_zones" }, undefined, { signal })) as unknown as { fulfillment_set: Rec };
        ctx.created(self, ((res.fulfillment_set.service_zones as Rec[]) ?? []).find((z) => z.name === name)?.id as string);
      });
    } else if (want) {
      const geo = ((zone.geo_zones as Rec[]) ?? []).filter((g) => g.type === "country");
      const have = geo.map((g) => g.country_code as string).sort();
      if (!same(have, want)) {
        self.action = "update";
        self.fields.push("countries");
        const keep = geo.filter((g) => want.includes(g.country_code as string)).map((g) => ({ id: g.id, type: "country", country_code: g.country_code }));
        const add = geoZones(want.filter((c) => !have.includes(c)));
        const others = ((zone.geo_zones as Rec[]) ?? []).filter((g) => g.type !== "country").map((g) => ({ id: g.id, type: g.type, country_code: g.country_code, province_code: g.province_code ?? undefined, city: g.city ?? undefined, postal_expression: g.postal_expression ?? undefined }));
        plan.write(() => sdk.admin.fulfillmentSet.updateServiceZone(setId, self.id!, { geo_zones: [...others.map(compact), ...keep, ...add] } as never, undefined, undefined, { signal }));
      }
    }
    ctx.setId("service_zone", name, self.id);
    plan.envVar(envName("SERVICE_ZONE", item.envKey, "ID"), () => self.id);
    return plan;
  },
  children: (item) => [
    {
      kind: "shipping_option",
      items: ((item.spec.shipping_options as Rec[]) ?? []).map((o, i) => ({
        spec: { ...o, __zone: item.spec.name },
        path: at(at(item.path, "shipping_options"), i),
        envKey: (o.env as string) ?? (o.name as string),
      })),
    },
  ],
};

const OPTION_FIELDS = "id,name,price_type,provider_id,shipping_profile_id,data,metadata,service_zone_id,*type,*rules,*prices,*prices.price_rules";

/** A shipping option price's key: its region, else its currency. */
function optionPriceKey(p: Rec): string | undefined {
  const rules = (p.price_rules as Rec[] | undefined) ?? [];
  if (rules.some((r) => r.attribute !== "region_id")) return undefined;
  const region = rules.find((r) => r.attribute === "region_id")?.value;
  return region ? `region:${region}` : `currency:${p.currency_code}`;
}

export const shippingOptions: Kind<S, Rec> = {
  ...childKind("shipping_option", "…shipping_options", "SHIPPING_OPTION"),
  key: (s: S) => `${s.__zone}/${s.name}`,
  async plan(item, _e, ctx) {
    const plan = new Plan();
    const { sdk, signal } = ctx.api;
    const s = item.spec;
    const key = `${s.__zone}/${s.name}`;
    const zoneId = ctx.id("service_zone", s.__zone as string);
    let option: Rec | undefined;
    if (!ctx.isPlaceholder(zoneId)) {
      const cacheKey = `options:${zoneId}`;
      if (!ctx.cache.has(cacheKey)) ctx.cache.set(cacheKey, await listAll(ctx.api, "shippingOption", { service_zone_id: zoneId, fields: OPTION_FIELDS }));
      option = (ctx.cache.get(cacheKey) as Rec[]).find((o) => o.name === s.name);
    }
    const rules: Rec[] = [
      { attribute: "enabled_in_store", operator: "eq", value: String(s.enabled_in_store ?? true) },
      { attribute: "is_return", operator: "eq", value: String(s.is_return ?? false) },
    ];
    const prices = ((s.prices as Rec[]) ?? []).map((p) =>
      p.region ? { region_id: ctx.id("region", p.region as string), amount: p.amount } : { currency_code: p.currency_code, amount: p.amount },
    );
    const desired = compact({
      name: s.name,
      shipping_profile_id: ctx.id("shipping_profile", s.shipping_profile as string),
      provider_id: (s.provider_id as string) ?? "manual_manual",
      price_type: (s.price_type as string) ?? "flat",
      type: compact(s.type as Rec),
      data: s.data,
    });
    const self = plan.change({ kind: "shipping_option", key, action: option ? "unchanged" : "create", fields: [], id: option?.id as string | undefined });
    const fields = self.fields;
    if (!option) {
      fields.push(...Object.keys(desired), "prices", "rules");
      const create = { ...desired, service_zone_id: zoneId, prices, rules, metadata: s.metadata };
      plan.write(async () => {
        const res = (await sdk.admin.shippingOption.create(create as never, undefined, undefined, { signal })) as unknown as { shipping_option: Rec };
        ctx.created(self, res.shipping_option.id as string);
      });
    } else {
      const current = { ...option, type: option.type ? pickType(option.type as Rec, desired.type as Rec) : undefined };
      fields.push(...changedFields(desired, current));
      const update: Rec = {};
      for (const f of fields) update[f] = desired[f];
      // Prices: matched by region or currency; the option's other prices are sent back unchanged.
      const have = ((option.prices as Rec[]) ?? []).filter((p) => !p.price_list_id);
      const byKey = new Map(have.map((p) => [optionPriceKey(p), p]));
      let pricesChanged = false;
      const merged: Rec[] = have.map((p) => ({ id: p.id, amount: p.amount }));
      for (const p of prices) {
        const k = p.region_id ? `region:${p.region_id}` : `currency:${p.currency_code}`;
        const cur = byKey.get(k);
        if (!cur) {
          merged.push(p);
          pricesChanged = true;
        } else if (cur.amount !== p.amount) {
          merged.find((m) => m.id === cur.id)!.amount = p.amount;
          pricesChanged = true;
        }
      }
      if (pricesChanged) {
        fields.push("prices");
        update.prices = merged;
      }
      const haveRules = (option.rules as Rec[]) ?? [];
      const rulesChanged = rules.some((r) => !haveRules.some((h) => h.attribute === r.attribute && h.operator === r.operator && same(h.value, r.value)));
      if (rulesChanged) {
        fields.push("rules");
        update.rules = [
          ...haveRules.filter((h) => !rules.some((r) => r.attribute === h.attribute)).map((h) => ({ id: h.id, attribute: h.attribute, operator: h.operator, value: h.value })),
          ...rules.map((r) => {
            const h = haveRules.find((x) => x.attribute === r.attribute);
            return h ? { id: h.id, ...r } : r;
          }),
        ];
      }
      if (s.metadata && Object.keys(s.metadata as Rec).some((k) => !same((s.metadata as Rec)[k], (option.metadata as Rec | null)?.[k]))) {
        fields.push("metadata");
        update.metadata = s.metadata;
      }
      if (fields.length) {
        self.action = "update";
        plan.write(() => sdk.admin.shippingOption.update(self.id!, update as never, undefined, undefined, { signal }));
      }
    }
    ctx.setId("shipping_option", key, self.id);
    plan.envVar(envName("SHIPPING_OPTION", item.envKey, "ID"), () => self.id);
    return plan;
  },
};

function pickType(t: Rec, want: Rec | undefined): Rec {
  const out: Rec = { label: t.label, code: t.code };
  if (want && "description" in want) out.description = t.description;
  return out;
}

