/**
 * Price keys and plans (CONTRACT §6): a price is identified by (variant, currency_code,
 * region_id, min_quantity, max_quantity). Shared by `prices apply` and `apply -f`.
 */
type Rec = Record<string, unknown>;

export interface PriceSpec {
  variant_id: string;
  currency_code: string;
  amount: number;
  min_quantity: number | null;
  max_quantity: number | null;
  region_id: string | null;
}

export interface ExistingPrice extends PriceSpec {
  id: string;
  /** When the store last changed it (a dry run flags a sheet that would undo a later change). */
  updated_at?: string | null;
}

export function priceKey(p: Pick<PriceSpec, "variant_id" | "currency_code" | "region_id" | "min_quantity" | "max_quantity">): string {
  return [p.variant_id, p.currency_code.toLowerCase(), p.region_id ?? "", p.min_quantity ?? "", p.max_quantity ?? ""].join("|");
}

/** Amounts as Medusa returns them may be strings of decimals; compare as numbers. */
export const sameAmount = (a: unknown, b: unknown) => Number(a) === Number(b);

export interface PricePlan<T extends PriceSpec = PriceSpec> {
  create: T[];
  update: { id: string; old: number; price: T; at?: string | null }[];
  unchanged: T[];
  /** Only filled with `prune`. */
  delete: ExistingPrice[];
}

/** Compares wanted prices with existing ones by key; `prune` deletes existing keys not wanted. */
export function planPrices<T extends PriceSpec>(wanted: T[], existing: ExistingPrice[], opts: { prune?: boolean } = {}): PricePlan<T> {
  const byKey = new Map<string, ExistingPrice>();
  for (const e of existing) if (!byKey.has(priceKey(e))) byKey.set(priceKey(e), e);
  const plan: PricePlan<T> = { create: [], update: [], unchanged: [], delete: [] };
  const seen = new Set<string>();
  for (const w of wanted) {
    const k = priceKey(w);
    seen.add(k);
    const e = byKey.get(k);
    if (!e) plan.create.push(w);
    else if (sameAmount(e.amount, w.amount)) plan.unchanged.push(w);
    else plan.update.push({ id: e.id, old: Number(e.amount), price: w, at: e.updated_at });
  }
  if (opts.prune) for (const e of existing) if (!seen.has(priceKey(e))) plan.delete.push(e);
  return plan;
}

/** A price of a price list as `GET /admin/price-lists/{id}/prices` answers it. */
export function fromListPrice(p: Rec): ExistingPrice {
  const rules = (p.price_rules as Rec[] | undefined) ?? [];
  const region = rules.find((r) => r.attribute === "region_id")?.value ?? (p.rules as Rec | undefined)?.region_id;
  return {
    id: p.id as string,
    variant_id: ((p.price_set as Rec | undefined)?.variant as Rec | undefined)?.id as string ?? (p.variant_id as string),
    currency_code: p.currency_code as string,
    amount: Number(p.amount),
    min_quantity: (p.min_quantity as number | null) ?? null,
    max_quantity: (p.max_quantity as number | null) ?? null,
    region_id: (region as string | undefined) ?? null,
    updated_at: (p.updated_at as string | undefined) ?? null,
  };
}

/** A variant's own price (`variants.prices`), whose rules are a `{region_id}` map. */
export function fromVariantPrice(variantId: string, p: Rec): ExistingPrice & { otherRules: boolean; rules: Rec } {
  const rules: Rec = { ...((p.rules as Rec | undefined) ?? {}) };
  for (const r of (p.price_rules as Rec[] | undefined) ?? []) rules[r.attribute as string] ??= r.value;
  return {
    id: p.id as string,
    variant_id: variantId,
    currency_code: p.currency_code as string,
    amount: Number(p.amount),
    min_quantity: (p.min_quantity as number | null) ?? null,
    max_quantity: (p.max_quantity as number | null) ?? null,
    region_id: (rules.region_id as string | undefined) ?? null,
    updated_at: (p.updated_at as string | undefined) ?? null,
    otherRules: Object.keys(rules).some((k) => k !== "region_id"),
    rules,
  };
}

/** The body of a new price (variant or price list). */
export function priceBody(p: PriceSpec, withVariant: boolean): Rec {
  const body: Rec = { currency_code: p.currency_code, amount: p.amount };
  if (withVariant) body.variant_id = p.variant_id;
  if (p.min_quantity !== null) body.min_quantity = p.min_quantity;
  if (p.max_quantity !== null) body.max_quantity = p.max_quantity;
  body.rules = p.region_id ? { region_id: p.region_id } : {};
  return body;
}

/**
 * The full `prices` list for a variant update: Medusa replaces a variant's prices with the list it
 * is sent, so every existing price goes back (by id, with its new amount when changed) and only
 * the new keys are added. Currencies the sheet does not mention stay as they were.
 */
export function mergedVariantPrices(existing: (ExistingPrice & { rules?: Rec })[], plan: PricePlan): Rec[] {
  const newAmount = new Map(plan.update.map((u) => [u.id, u.price.amount]));
  return [
    ...existing.map((e) => {
      const out: Rec = { id: e.id, currency_code: e.currency_code, amount: newAmount.get(e.id) ?? e.amount, rules: e.rules ?? (e.region_id ? { region_id: e.region_id } : {}) };
      if (e.min_quantity !== null) out.min_quantity = e.min_quantity;
      if (e.max_quantity !== null) out.max_quantity = e.max_quantity;
      return out;
    }),
    ...plan.create.map((p) => priceBody(p, false)),
  ];
}
