/**
 * `customers import FILE` (issue 39): Shopify's, WooCommerce's and our own customer CSVs
 * (columns.ts) into the store, on the shared bulk runner (dry run, report, `--resume`, one job at a
 * time, Ctrl-C). A customer is matched by e-mail, case-insensitively; an empty cell leaves the
 * stored value alone, so a rerun changes nothing. Tags become customer groups (created when
 * missing); customers are added to groups, never removed from any.
 *
 * Customers come as accounts a person can log in to: passwords cannot move between platforms, so
 * each new customer gets a login (Medusa's `emailpass` identity) with a random password nobody
 * knows, and sets their own with the storefront's "Forgot password?" (CONTRACT.md §9). A store
 * customer without a login (a guest who once checked out) stays as it is; the account is made
 * beside it. The random password of an account being made is kept in the job's checkpoint (0600,
 * in the 0700 jobs folder) until its customer is linked, so `--resume` after a kill can finish it
 * (docs/SECURITY.md §16); it is gone when the job ends.
 *
 * Each customer is brought to what its row asks by the steps of a plan made from the customer as
 * the store holds it; after a step whose answer was lost it is read again and planned again, so
 * such a step is never sent again blindly: the read shows whether it landed (uncertain.ts).
 */
import { randomBytes } from "node:crypto";
import type { Medusa } from "../../../sdk/index.js";
import { isApiError } from "../../../sdk/errors.js";
import type { Factory } from "../../cmdutil/factory.js";
import { CancelError, PartialFailureError, UsageError } from "../../../term/errors.js";
import { sanitize } from "../../../term/sanitize.js";
import { renderTable } from "../../output/render.js";
import { notice } from "../../output/notice.js";
import { readCsv } from "../csv.js";
import { formatNote, type CsvFormat } from "../csv-dialect.js";
import { diffText, fieldDiff, newerSummary, savedAt, type FieldDiff } from "../diff.js";
import { checkBulkFlags, runEngine, type Engine } from "../runner.js";
import { leanHeap } from "../lean-heap.js";
import { adminOf, listAll, listByKeys } from "../lookup.js";
import { dialectOf, type BulkFlags } from "../options.js";
import { chunked, runPool } from "../pool.js";
import { formatProblem, Problems, ValidationError, type Problem } from "../problems.js";
import { countRow, emptySummary, rowError, rowRange, type ReportRow } from "../report.js";
import { UNCERTAIN_TRIES, settle, tryAgainAfter } from "../../../shared/uncertain.js";
import { ADDRESS_FIELDS, describeCustomerColumns, detectCustomerFormat, parseCustomer, type CustomerFormat, type FileAddress, type FileCustomer } from "./columns.js";

type Rec = Record<string, any>;

export interface CustomersImportOptions extends BulkFlags {
  from?: CustomerFormat;
  onError?: "skip" | "stop";
  output?: "table" | "json";
  json?: boolean;
}

/** How a customer gets a password, said in every summary (the issue asks for it). */
export const NO_PASSWORD =
  "Customers get no password: passwords cannot move between platforms. New customers have an account with a random password nobody knows; each sets their own with the storefront's \"Forgot password?\" (/reset-password), which sends a link to the e-mail imported here.";

/** A customer as the store holds it (the fields a plan compares). */
export interface StoredCustomer {
  id: string;
  email: string;
  has_account: boolean;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  company_name?: string | null;
  metadata?: Record<string, unknown> | null;
  updated_at?: string;
  addresses?: (Rec & { id: string })[];
  groups?: { id: string; name: string }[];
}

const CUSTOMER_FIELDS = "id,email,has_account,first_name,last_name,phone,company_name,metadata,updated_at,*addresses,*groups";

export type Step =
  | { kind: "account" }
  | { kind: "fields"; body: Rec }
  | { kind: "address"; body: FileAddress }
  | { kind: "defaults"; addressId: string; body: Rec }
  | { kind: "groups"; add: string[] };

export interface CustomerPlan {
  action: "create" | "update" | "unchanged";
  steps: Step[];
  diff: FieldDiff[];
}

const same = (a: unknown, b: unknown) => (a ?? "") === (b ?? "");
const clean = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v ?? "");

/** The stored address that is the file's address (same fields, case and blanks aside), if any. */
export function sameAddress(stored: Rec[], a: FileAddress): Rec | undefined {
  return stored.find((s) => ADDRESS_FIELDS.every((f) => clean(s[f]) === clean(a[f])));
}

/**
 * What one row asks of the store, against the customer as it is (undefined: no account with this
 * e-mail yet). Pure: the writes follow the steps one by one, reading the customer again in between.
 */
export function planCustomer(c: FileCustomer, stored: StoredCustomer | undefined, groupIds: Map<string, string>, since?: number): CustomerPlan {
  const diff: FieldDiff[] = [];
  if (!stored || !stored.has_account) {
    const steps: Step[] = [{ kind: "account" }, ...c.addresses.map((body) => ({ kind: "address" as const, body }))];
    const add = c.groups.map((g) => groupIds.get(g) ?? `(new) ${g}`);
    if (add.length) steps.push({ kind: "groups", add });
    return { action: "create", steps, diff };
  }
  const steps: Step[] = [];
  const body: Rec = {};
  for (const f of ["first_name", "last_name", "phone", "company_name"] as const) {
    if (c[f] !== undefined && !same(stored[f], c[f])) {
      body[f] = c[f];
      diff.push(fieldDiff(f, stored[f], c[f], stored.updated_at, since));
    }
  }
  const meta = stored.metadata ?? {};
  const changedMeta = Object.fromEntries(Object.entries(c.metadata).filter(([k, v]) => JSON.stringify(meta[k]) !== JSON.stringify(v)));
  if (Object.keys(changedMeta).length) {
    // Medusa merges metadata: only the keys the row sets are sent, the others stay.
    body.metadata = changedMeta;
    for (const [k, v] of Object.entries(changedMeta)) diff.push(fieldDiff(`metadata.${k}`, meta[k], v, stored.updated_at, since));
  }
  if (Object.keys(body).length) steps.push({ kind: "fields", body });
  const addresses = stored.addresses ?? [];
  for (const a of c.addresses) {
    const have = sameAddress(addresses, a);
    if (!have) {
      steps.push({ kind: "address", body: a });
      diff.push(fieldDiff("+address", undefined, [a.address_1, a.postal_code, a.city, a.country_code?.toUpperCase()].filter(Boolean).join(", "), undefined, since));
      continue;
    }
    // Defaults are only ever given (Medusa takes them from the other addresses itself), never taken.
    const defaults: Rec = {};
    if (a.is_default_shipping && !have.is_default_shipping) defaults.is_default_shipping = true;
    if (a.is_default_billing && !have.is_default_billing) defaults.is_default_billing = true;
    if (Object.keys(defaults).length) {
      steps.push({ kind: "defaults", addressId: have.id as string, body: defaults });
      diff.push(fieldDiff(`address ${have.address_1 ?? have.id} default`, { shipping: Boolean(have.is_default_shipping), billing: Boolean(have.is_default_billing) }, defaults, have.updated_at, since));
    }
  }
  const joined = new Set((stored.groups ?? []).map((g) => g.id));
  const add = c.groups.filter((g) => !joined.has(groupIds.get(g) ?? "")).map((g) => groupIds.get(g) ?? `(new) ${g}`);
  if (add.length) {
    steps.push({ kind: "groups", add });
    diff.push(fieldDiff("groups", (stored.groups ?? []).map((g) => g.name), [...(stored.groups ?? []).map((g) => g.name), ...c.groups.filter((g) => !joined.has(groupIds.get(g) ?? ""))], undefined, since));
  }
  return { action: steps.length ? "update" : "unchanged", steps, diff };
}

export interface Ctx {
  sdk: Medusa;
  /** A client without the admin's credential, for a customer's own login (register, store customer). */
  store: () => Promise<Medusa>;
  groupIds: Map<string, string>;
  /** Lower-case e-mail → the random passwords of an account being made, newest last (also in the checkpoint). */
  remember: (email: string, password: string) => Promise<void>;
  pending: Map<string, string[]>;
  signal: AbortSignal;
}

/** The customer's account: by id once known, else by the e-mail as the row writes it (an account before a guest). */
async function findCustomer(sdk: Medusa, c: FileCustomer, knownId: string | undefined, signal: AbortSignal): Promise<StoredCustomer | undefined> {
  if (knownId) return (await sdk.admin.customer.retrieve(knownId, { fields: CUSTOMER_FIELDS } as never, undefined, { signal })).customer as unknown as StoredCustomer;
  const hits = (await listAll<StoredCustomer>(sdk, "customer", { email: [c.email, c.email.toLowerCase()], fields: CUSTOMER_FIELDS }, { signal })).filter((x) => x.email.toLowerCase() === c.email.toLowerCase());
  return hits.find((x) => x.has_account) ?? hits[0];
}

/** A customer's login and account: register (or, resumed, log in with the kept password), then the store customer. */
export async function createAccount(c: FileCustomer, ctx: Ctx): Promise<void> {
  const key = c.email.toLowerCase();
  const store = await ctx.store();
  const call = <T>(path: string, body: Rec) => store.client.fetch<T>(path, { method: "POST", body, signal: ctx.signal });
  const login = async (): Promise<string | undefined> => {
    // An earlier try may have registered the login (its answer lost, or the run killed after it):
    // one of the passwords kept for this e-mail opens it.
    for (const password of ctx.pending.get(key) ?? []) {
      const token = await call<{ token?: string }>("/auth/customer/emailpass", { email: c.email, password }).then(
        (r) => r.token,
        (e) => {
          if (isApiError(e) && e.status === 401) return undefined;
          throw e;
        },
      );
      if (token) return token;
    }
    return undefined;
  };
  let token = await login();
  if (!token) {
    const password = randomBytes(32).toString("base64url");
    await ctx.remember(key, password);
    try {
      token = (await call<{ token?: string }>("/auth/customer/emailpass/register", { email: c.email, password })).token;
    } catch (e) {
      if (!(isApiError(e) && e.status === 401 && /exists/i.test(e.message))) throw e;
      // A register a killed run sent may still be landing (hashing a password takes the server a moment): look again.
      for (let attempt = 0; !token && attempt < UNCERTAIN_TRIES; attempt++) {
        await settle(attempt, ctx.signal);
        token = await login();
      }
      if (!token) {
        throw new Error(
          `a login for ${c.email} exists but no customer is linked to it: an import that was interrupted made it (run the same command with --resume to finish it), or the customer is registering on the storefront right now (run the import again later)`,
        );
      }
    }
    if (!token) throw new Error("Medusa's registration answered without a token");
  }
  const body: Rec = { email: c.email };
  for (const f of ["first_name", "last_name", "phone", "company_name"] as const) if (c[f] !== undefined) body[f] = c[f];
  if (Object.keys(c.metadata).length) body.metadata = c.metadata;
  try {
    await store.store.customer.create(body as never, undefined, { authorization: `Bearer ${token}` }, { signal: ctx.signal });
  } catch (e) {
    // An earlier create whose answer was lost landed after all: the next read of the customer shows it.
    if (!(isApiError(e) && e.status === 422 && /already has an account/i.test(e.message))) throw e;
  }
}

async function take(step: Step, c: FileCustomer, stored: StoredCustomer | undefined, ctx: Ctx): Promise<void> {
  const o = { signal: ctx.signal };
  switch (step.kind) {
    case "account":
      return createAccount(c, ctx);
    case "fields":
      await ctx.sdk.admin.customer.update(stored!.id, step.body as never, { fields: "id" } as never, undefined, o);
      return;
    case "address":
      await ctx.sdk.admin.customer.createAddress(stored!.id, step.body as never, undefined, o);
      return;
    case "defaults":
      await ctx.sdk.admin.customer.updateAddress(stored!.id, step.addressId, step.body as never, undefined, o);
      return;
    case "groups":
      await ctx.sdk.admin.customer.batchCustomerGroups(stored!.id, { add: step.add } as never, undefined, o);
      return;
  }
}

/** Rounds of steps one customer may take before it is called stuck (a step that lands but changes nothing). */
const MAX_ROUNDS = 8;

/**
 * Brings one customer to what its row asks; its report row. `stored` is the customer as a read
 * of the chunk found it (undefined: no account yet). The plan's steps are taken in order; the
 * customer is read again after an account is made (its id comes with the read) and after an
 * answer was lost (the read shows what landed), and the plan made again from what it holds.
 */
async function applyCustomer(c: FileCustomer, ctx: Ctx, since: number | undefined, knownId: string | undefined, prefetched: StoredCustomer | undefined): Promise<ReportRow> {
  const base: ReportRow = { row: c.row, line: c.line !== c.row ? c.line : undefined, action: "unchanged", key: c.email };
  let first: CustomerPlan | undefined;
  // The account the walk over the store found (its e-mail may differ in case from the row's).
  let id = knownId;
  const did: string[] = [];
  let attempt = 0;
  // null: read it first.
  let stored: StoredCustomer | undefined | null = knownId && !prefetched ? null : prefetched;
  for (let round = 0; ; round++) {
    if (stored === null) {
      try {
        stored = await findCustomer(ctx.sdk, c, id, ctx.signal);
      } catch (e) {
        if ((e as Error)?.name === "AbortError") throw e;
        return { ...base, action: "failed", ids: { customer_id: id }, changes: did.length ? did : undefined, error: rowError(e) };
      }
    }
    if (stored?.has_account) {
      id = stored.id;
      // The account is there: its kept passwords are needed no longer (the next commit drops them).
      ctx.pending.delete(c.email.toLowerCase());
    }
    const plan = planCustomer(c, stored, ctx.groupIds, since);
    first ??= plan;
    const done = (): ReportRow => ({ ...base, action: first!.action, ids: { customer_id: id }, changes: did.length ? did : undefined });
    if (!plan.steps.length) return done();
    if (round >= MAX_ROUNDS) return { ...base, action: "failed", ids: { customer_id: id }, changes: did, error: { message: `the customer did not change after ${did.length} steps (next: ${plan.steps[0]!.kind}); check it with medusactl customers get ${id ?? c.email}`, retryable: false } };
    let readAgain = false;
    for (const step of plan.steps) {
      try {
        await take(step, c, stored, ctx);
        did.push(step.kind === "account" ? "account" : step.kind === "address" ? "+address" : step.kind);
      } catch (e) {
        if ((e as Error)?.name === "AbortError") throw e;
        if (!tryAgainAfter(e, attempt)) return { ...base, action: "failed", ids: { customer_id: id }, changes: did.length ? did : undefined, error: rowError(e) };
        await settle(attempt++, ctx.signal, e);
        readAgain = true;
        break;
      }
      if (step.kind === "account") {
        readAgain = true;
        break;
      }
    }
    // Every answer came back: what the plan asked is what the store holds.
    if (!readAgain) return done();
    stored = null;
  }
}

/** Every customer of the store whose e-mail is one of `emails` (lower case), read page by page, keeping only those. */
async function customersByEmail(sdk: Medusa, emails: Set<string>, signal: AbortSignal): Promise<Map<string, { id: string; has_account: boolean }[]>> {
  const out = new Map<string, { id: string; has_account: boolean }[]>();
  // Medusa matches e-mails exactly; the store's may differ in case from the file's. One walk over
  // id and e-mail of every customer finds them all, in memory bounded by the file, not the store.
  for await (const c of adminOf(sdk).customer!.paginate({ fields: "id,email,has_account", limit: 1000, order: "id" }, { signal })) {
    const lower = String(c.email ?? "").toLowerCase();
    if (emails.has(lower)) out.set(lower, [...(out.get(lower) ?? []), { id: c.id as string, has_account: Boolean(c.has_account) }]);
  }
  return out;
}

async function publishableKey(f: Factory, sdk: Medusa, signal: AbortSignal): Promise<string> {
  const target = await f.target();
  if (target.publishableKey) return target.publishableKey;
  const keys = await listAll<Rec>(sdk, "apiKey", { type: "publishable", fields: "id,token,revoked_at" }, { signal });
  const key = keys.find((k) => !k.revoked_at && typeof k.token === "string");
  if (!key) throw new UsageError("making customer accounts needs a publishable API key, and the store has none", "create one (medusactl api-keys create --data '{\"title\":\"Storefront\",\"type\":\"publishable\"}') or set MEDUSA_PUBLISHABLE_KEY");
  return key.token as string;
}

interface State {
  rows: number;
  /** Accounts being made: lower-case e-mail → their random password, until the customer is linked. */
  pending: Record<string, string[]>;
}

/** Customers in flight at once: each is a few requests in a row (a login, the customer, its address, its groups). */
export const CUSTOMERS_CONCURRENCY = 4;

export async function customersImportRun(f: Factory, file: string, flags: CustomersImportOptions): Promise<void> {
  leanHeap();
  const o = { ...flags, concurrency: flags.concurrency ?? CUSTOMERS_CONCURRENCY };
  await checkBulkFlags(o);
  const json = o.json || o.output === "json";
  const problems = new Problems();
  let header: string[] | undefined;
  let format: CustomerFormat | undefined;
  let read: CsvFormat | undefined;
  const customers: FileCustomer[] = [];
  let lastRow = 1;
  for await (const rec of readCsv(file, { file, problems, signal: f.signal, dialect: dialectOf(o), onFormat: (x) => (read = x) })) {
    if (!header) {
      header = rec.cells;
      format = o.from ?? detectCustomerFormat(header);
      if (!format) throw new UsageError(`${file}: not a customer export medusactl knows (Shopify's, WooCommerce's, or medusactl customers export)`, "name its kind with --from shopify|woocommerce|medusa");
      continue;
    }
    lastRow = rec.row;
    const c = parseCustomer(format!, header, rec, file, problems);
    if (c) customers.push(c);
  }
  if (f.signal.aborted) throw new CancelError();
  if (!header || !format) throw new UsageError(`${file}: the file is empty`);
  // Two rows with one e-mail: which one is right is not ours to guess.
  const byEmail = new Map<string, FileCustomer[]>();
  for (const c of customers) if (c.email) byEmail.set(c.email.toLowerCase(), [...(byEmail.get(c.email.toLowerCase()) ?? []), c]);
  for (const [, same] of byEmail) {
    if (same.length < 2) continue;
    for (const c of same) problems.add({ file, row: c.row, line: c.line, column: "Email", message: `the e-mail ${c.email} is on rows ${same.map((x) => x.row).join(", ")} (matched case-insensitively): keep one row per customer` });
  }
  const onError = o.onError ?? (format === "medusa" ? "stop" : "skip");
  if (problems.list.some((p) => p.row === undefined || p.row <= 1) || (onError === "stop" && problems.size)) throw new ValidationError(problems.list);
  const badRows = new Map<number, Problem[]>();
  for (const p of problems.list) badRows.set(p.row!, [...(badRows.get(p.row!) ?? []), p]);
  const good = customers.filter((c) => !badRows.has(c.row));
  const quietText = o.quiet && !o.dryRun;
  const say = (lines: string[]) => {
    if (lines.length && !quietText && (!json || o.dryRun)) f.io.err.write(lines.map((l) => sanitize(l)).join("\n") + "\n");
  };
  const note = read && formatNote(file, read);
  say([
    ...(note ? [note] : []),
    `format: ${format === "shopify" ? "Shopify customer export" : format === "woocommerce" ? "WooCommerce customers" : "medusactl customers export"}`,
    ...(o.dryRun ? describeCustomerColumns(header, format).map((x) => (x.target ? `  ${x.source} → ${x.target}` : `  ${x.source}: ignored (${x.reason})`)) : []),
    ...[...badRows.values()].flat().map((p) => `${o.dryRun ? "would skip" : "skipped"}: ${formatProblem(p)}`),
  ]);

  const sdk = await f.sdk({ pool: true });
  const since = await savedAt(file);
  const emails = new Set(good.map((c) => c.email.toLowerCase()));
  const found = await customersByEmail(sdk, emails, f.signal);
  // Several accounts whose e-mails differ only in case: which one the row means is not ours to guess.
  const ambiguous = new Set([...found].filter(([, list]) => list.filter((x) => x.has_account).length > 1).map(([e]) => e));
  for (const c of good) if (ambiguous.has(c.email.toLowerCase())) badRows.set(c.row, [{ file, row: c.row, line: c.line, column: "Email", message: `several accounts have the e-mail ${c.email} (in other cases: ${found.get(c.email.toLowerCase())!.filter((x) => x.has_account).map((x) => x.id).join(", ")}): merge them in Medusa first` }]);
  const todo = good.filter((c) => !badRows.has(c.row));
  const idOf = (c: FileCustomer) => found.get(c.email.toLowerCase())?.find((x) => x.has_account)?.id;

  // Groups: by name; the missing ones are created (not in a dry run).
  const groups = await listAll<Rec>(sdk, "customerGroup", { fields: "id,name" }, { signal: f.signal });
  const groupIds = new Map(groups.map((g) => [g.name as string, g.id as string]));
  const missingGroups = [...new Set(todo.flatMap((c) => c.groups))].filter((g) => !groupIds.has(g));
  const skippedRows = [...badRows].map(([row, list]): ReportRow => ({ row, line: list[0]!.line !== row ? list[0]!.line : undefined, action: "skipped", key: customers.find((c) => c.row === row)?.email, error: { message: list.map((p) => `${p.column ? `column "${p.column}": ` : ""}${p.message}`).join("; "), retryable: false } }));

  type Planned = { c: FileCustomer; known?: string; stored?: StoredCustomer; plan: CustomerPlan; row?: ReportRow };
  const rowOf = (c: FileCustomer, action: ReportRow["action"]): ReportRow => ({ row: c.row, line: c.line !== c.row ? c.line : undefined, action, key: c.email });
  const done = new Set<number>();
  const pending = new Map<string, string[]>();
  const state = (): State => ({ rows: customers.length, pending: Object.fromEntries(pending) });
  const created: string[] = [];
  let ctx: Ctx | undefined;
  const engine: Engine<FileCustomer[], ReportRow, Planned[], State> = {
    job: {
      command: "customers import",
      file,
      idColumns: ["customer_id"],
      progress: { label: "importing customers", unit: "customers", total: customers.length },
      lastRow,
      initial: { rows: customers.length, pending: {} },
      check: (s) =>
        s?.rows !== customers.length
          ? `it counts ${JSON.stringify(s?.rows)} customers, the file has ${customers.length}`
          : typeof s.pending !== "object" || s.pending === null || Object.values(s.pending).some((v) => !Array.isArray(v) || v.some((x) => typeof x !== "string"))
            ? "its accounts being made are not lists of passwords"
            : undefined,
    },
    settled: skippedRows,
    resume(journal) {
      const carried = journal.filter((e) => e.action !== "failed");
      for (const e of carried) done.add(e.row);
      return carried;
    },
    state,
    async prepare(signal, saved) {
      for (const [email, passwords] of Object.entries(saved.state.pending ?? {})) pending.set(email, passwords);
      for (const name of missingGroups) {
        // A group made by an interrupted run (or whose answer was lost) is found by name first.
        const again = (await listAll<Rec>(sdk, "customerGroup", { name, fields: "id,name" }, { signal })).find((g) => g.name === name);
        if (again) groupIds.set(name, again.id as string);
        else {
          const { customer_group } = await sdk.admin.customerGroup.create({ name } as never, undefined, undefined, { signal });
          groupIds.set(name, (customer_group as Rec).id as string);
          created.push(name);
        }
      }
      let storeClient: Promise<Medusa> | undefined;
      ctx = {
        sdk,
        groupIds,
        pending,
        signal,
        remember: async (email, password) => {
          pending.set(email, [...(pending.get(email) ?? []), password]);
          await saved.save(state());
        },
        store: () =>
          (storeClient ??= (async () => {
            const { Medusa } = await import("../../../sdk/index.js");
            const { sdkDefaults } = await import("../../cmdutil/factory.js");
            const target = await f.target();
            return new Medusa({ ...(await sdkDefaults(f, target.url, { pool: true })), publishableKey: await publishableKey(f, sdk, signal), checkShapes: true });
          })()),
      };
    },
    chunks() {
      const work = todo.filter((c) => !done.has(c.row));
      // Small files spread over the customers in flight; a chunk is one checkpoint commit.
      return chunked(work, { maxItems: Math.max(1, Math.min(10, Math.ceil(work.length / o.concurrency))) });
    },
    async plan(chunk, signal) {
      // The chunk's known customers in one read; each is read again only when a step calls for it.
      const ids = chunk.flatMap((c) => idOf(c) ?? []);
      const stored = new Map((ids.length ? await listByKeys<StoredCustomer>(sdk, "customer", "id", ids, { fields: CUSTOMER_FIELDS }, { signal, batch: 100 }) : []).map((x) => [x.id, x]));
      return chunk.map((c) => {
        const known = idOf(c);
        const s = known ? stored.get(known) : undefined;
        return { c, known, stored: s, plan: planCustomer(c, s, groupIds, since) };
      });
    },
    async write(_chunk, planned) {
      const out: Planned[] = [];
      await runPool(planned, 1, async (p) => {
        out.push({ ...p, row: await applyCustomer(p.c, ctx!, since, p.known, p.stored) });
      });
      return out;
    },
    rows: (_chunk, p) => p.map((x) => x.row ?? rowOf(x.c, x.plan.action)),
    describe: (chunk) => `rows ${rowRange(chunk.map((c) => c.row))}`,
    extra: () => ({ groups_created: created, password: NO_PASSWORD }),
  };
  await runEngine(f, o, engine, (run) => {
    const summary = run.summary;
    if (run.dryRun) {
      const plan: { row: number; email: string; action: string; diff: FieldDiff[]; reason?: string }[] = run.walked.flatMap((w) => w.planned.map((p) => ({ row: p.c.row, email: p.c.email, action: p.plan.action, diff: p.plan.diff })));
      for (const r of skippedRows) plan.push({ row: r.row, email: r.key ?? "", action: "skipped", diff: [], reason: r.error!.message });
      plan.sort((a, b) => a.row - b.row);
      const newer = plan.reduce((n, p) => n + p.diff.filter((d) => d.newer).length, 0);
      if (json) f.io.out.write(JSON.stringify({ file, dry_run: true, format, summary, groups_to_create: missingGroups, plan, password: NO_PASSWORD }, null, 2) + "\n");
      else {
        const rows = plan.map((p) => ({ row: String(p.row), email: p.email, action: p.action, changes: p.action === "skipped" ? p.reason! : p.diff.map(diffText).join("; ") }));
        f.io.out.write(renderTable(f.io, rows, ["row", "email", "action", "changes"]));
        notice(f.io, `Dry run: ${summary.create} to create, ${summary.update} to update, ${summary.unchanged} unchanged${summary.skipped ? `, ${summary.skipped} skipped` : ""}${missingGroups.length ? `; groups to create: ${missingGroups.map((g) => sanitize(g)).join(", ")}` : ""}; nothing was written.`);
        const newerText = newerSummary(newer, file, since);
        if (newerText) notice(f.io, newerText);
        notice(f.io, NO_PASSWORD);
      }
      return;
    }
    if (json) f.io.out.write(JSON.stringify({ file, format, summary, groups_created: created, password: NO_PASSWORD, ...(o.report ? { report: o.report } : {}) }, null, 2) + "\n");
    else {
      f.io.out.write(
        sanitize(`${file}: ${summary.create} created, ${summary.update} updated, ${summary.unchanged} unchanged, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ""} (${summary.rows} rows)${created.length ? `; groups created: ${created.join(", ")}` : ""}${o.report ? `; report: ${o.report}` : ""}`) + "\n",
      );
      notice(f.io, NO_PASSWORD, o.quiet);
    }
  });
  if (o.dryRun) return;
  if (badRows.size) throw new PartialFailureError(`${badRows.size} row${badRows.size === 1 ? "" : "s"} of ${sanitize(file)} ${badRows.size === 1 ? "was" : "were"} not imported: their reasons are above${o.report ? ` and in ${sanitize(o.report)}` : ""}. Correct them and run the same command again: what was imported stays as it is`);
}
