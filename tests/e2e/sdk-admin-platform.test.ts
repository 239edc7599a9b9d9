/**
 * Admin platform routes against the real back-end: translations and their settings, view
 * configurations, layouts, property labels, admin search, and workflow executions (list, run,
 * asynchronous steps, server-sent event streams).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Medusa } from "../../src/sdk/index.js";
import type { ServerSentEvent } from "../../src/sdk/types.js";
import { adminSdk, adminUserSdk, uniq } from "./helpers/sdk.js";
import { once, onProductionTopology } from "./helpers/topology.js";
import { createProduct, eventually, expectGone, expectStatus, seeded, type Seeded } from "./helpers/admin-fixtures.js";

const sdk = adminSdk();
let seed: Seeded;
let userSdk: Medusa;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  seed = await seeded(sdk);
  userSdk = await adminUserSdk();
});

afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
});

describe("admin.translation", () => {
  once("translates a product, reads it back by entity and statistics, changes and deletes the translation", async () => {
    const product = await createProduct(sdk, seed, cleanup, "i18n");
    const created = await sdk.admin.translation.batch({
      create: [{ reference: "product", reference_id: product.id, locale_code: "fr-FR", translations: { title: "Produit de test", description: "Bonjour" } }],
    });
    expect(created.created).toHaveLength(1);
    const translation = created.created[0]!;
    cleanup.push(() => sdk.admin.translation.batch({ delete: [translation.id] }));
    expect(translation).toMatchObject({ reference_id: product.id, locale_code: "fr-FR" });

    const { translations } = await sdk.admin.translation.list({ reference_id: product.id, fields: "id,locale_code,translations" } as never);
    expect(translations.map((t) => [t.id, t.translations.title])).toEqual([[translation.id, "Produit de test"]]);

    const { data } = await sdk.admin.translation.entities({ type: "product", id: [product.id] } as never);
    const entity = data.find((e) => e.id === product.id) as { translations: { locale_code: string; translations: Record<string, string> }[] };
    expect(entity.translations.map((t) => [t.locale_code, t.translations.title])).toEqual([["fr-FR", "Produit de test"]]);

    const { statistics } = await sdk.admin.translation.statistics({ locales: ["fr-FR"], entity_types: ["product"] });
    expect(statistics.product!.translated).toBeGreaterThanOrEqual(1);

    const updated = await sdk.admin.translation.batch({ update: [{ id: translation.id, translations: { title: "Produit renommé" } }] });
    expect(updated.updated.map((t) => t.translations.title)).toEqual(["Produit renommé"]);
    const removed = await sdk.admin.translation.batch({ delete: [translation.id] });
    expect(removed.deleted).toMatchObject({ ids: [translation.id], deleted: true });
    expect((await sdk.admin.translation.list({ reference_id: product.id } as never)).translations).toEqual([]);
  });

  once("reads translation settings and toggles a translatable field of an entity type", async () => {
    const { translation_settings } = await sdk.admin.translation.settings();
    const tag = translation_settings.product_tag as { id: string; fields: string[]; inactive_fields: string[]; is_active: boolean };
    expect(tag.fields).toContain("value");

    const toggle = (inactive: string[]) =>
      sdk.admin.translation.batchSettings({ update: [{ id: tag.id, entity_type: "product_tag", fields: [...tag.fields, ...tag.inactive_fields].filter((f) => !inactive.includes(f)) }] });
    try {
      await toggle(["value"]);
      const after = (await sdk.admin.translation.settings()).translation_settings.product_tag as typeof tag;
      expect(after.fields).not.toContain("value");
    } finally {
      await toggle(tag.inactive_fields);
    }
    const restored = (await sdk.admin.translation.settings()).translation_settings.product_tag as typeof tag;
    expect(restored.fields).toEqual(tag.fields);
  });
});

describe("admin.views", () => {
  once("lists entities and columns, and round-trips a personal view that becomes active", async () => {
    const { entities } = await userSdk.admin.views.listEntities();
    expect(entities.map((e) => e.pluralName)).toContain("products");
    const { columns } = await userSdk.admin.views.columns("products");
    expect(columns.map((c) => c.id)).toEqual(expect.arrayContaining(["product_display"]));

    const name = uniq("my products");
    const { view_configuration: view } = await userSdk.admin.views.createConfiguration("products", {
      name,
      configuration: { visible_columns: ["product_display", "status"], column_order: ["status", "product_display"] },
    });
    cleanup.push(() => userSdk.admin.views.deleteConfiguration("products", view.id));
    const { view_configuration: read } = await userSdk.admin.views.retrieveConfiguration("products", view.id);
    expect(read).toMatchObject({ name, configuration: { column_order: ["status", "product_display"] } });
    const { view_configurations } = await userSdk.admin.views.listConfigurations("products", { fields: "id,name" } as never);
    expect(view_configurations.map((v) => v.id)).toContain(view.id);

    await userSdk.admin.views.updateConfiguration("products", view.id, { configuration: { visible_columns: ["product_display"], column_order: ["product_display"] } });
    expect((await userSdk.admin.views.retrieveConfiguration("products", view.id)).view_configuration.configuration.visible_columns).toEqual(["product_display"]);

    const before = await userSdk.admin.views.retrieveActiveConfiguration("products");
    try {
      expect(await userSdk.admin.views.setActiveConfiguration("products", { view_configuration_id: view.id })).toEqual({ success: true });
      expect((await userSdk.admin.views.retrieveActiveConfiguration("products")).view_configuration!.id).toBe(view.id);
    } finally {
      await userSdk.admin.views.setActiveConfiguration("products", { view_configuration_id: before.view_configuration?.id ?? null });
    }

    expect(await userSdk.admin.views.deleteConfiguration("products", view.id)).toMatchObject({ id: view.id, deleted: true });
    await expectGone(userSdk.admin.views.retrieveConfiguration("products", view.id), "view_configuration");
  });
});

describe("admin.layouts", () => {
  once("sets, reads, lists and deletes a personal layout of a zone", async () => {
    const zone = uniq("e2e.zone");
    const { personal_configuration: set } = await userSdk.admin.layouts.setConfiguration(zone, { configuration: { widgets: { notes: { visible: false } } } as never });
    cleanup.push(() => userSdk.admin.layouts.deleteConfiguration(zone));
    expect(set).toMatchObject({ zone, configuration: { widgets: { notes: { visible: false } } } });

    const read = await userSdk.admin.layouts.retrieveConfiguration(zone);
    expect(read).toMatchObject({ active_scope: "personal", personal_configuration: { id: set!.id } });
    const { layout_configurations } = await userSdk.admin.layouts.listConfigurations({ zone } as never);
    expect(layout_configurations.map((l) => l.id)).toEqual([set!.id]);

    expect(await userSdk.admin.layouts.deleteConfiguration(zone)).toEqual({ success: true });
    expect(await userSdk.admin.layouts.retrieveConfiguration(zone)).toMatchObject({ personal_configuration: null, active_scope: "default" });
  });
});

describe("admin.propertyLabel", () => {
  once("round-trips a property label one by one and in a batch", async () => {
    const property = uniq("e2e_field").replace(/-/g, "_");
    const { property_label: label } = await sdk.admin.propertyLabel.create({ entity: "product", property, label: "Shelf" });
    cleanup.push(() => sdk.admin.propertyLabel.delete(label.id));
    expect((await sdk.admin.propertyLabel.retrieve(label.id)).property_label).toMatchObject({ entity: "product", property, label: "Shelf" });
    const { property_labels } = await sdk.admin.propertyLabel.list({ entity: "product", property } as never);
    expect(property_labels.map((l) => l.id)).toEqual([label.id]);
    await sdk.admin.propertyLabel.update(label.id, { label: "Shelf number", description: "Where it lives" });
    expect((await sdk.admin.propertyLabel.retrieve(label.id)).property_label).toMatchObject({ label: "Shelf number", description: "Where it lives" });

    const other = `${property}_2`;
    const batch = await sdk.admin.propertyLabel.batch({ create: [{ entity: "product", property: other, label: "Aisle" }], update: [{ id: label.id, label: "Shelf no." }] });
    expect(batch.created.map((l) => l.property)).toEqual([other]);
    expect(batch.updated.map((l) => l.label)).toEqual(["Shelf no."]);
    const created = batch.created[0]!;
    const gone = await sdk.admin.propertyLabel.batch({ delete: [created.id] });
    expect(gone.deleted).toEqual([{ id: created.id, object: "property_label", deleted: true }]);

    expect(await sdk.admin.propertyLabel.delete(label.id)).toMatchObject({ id: label.id, deleted: true });
    await expectGone(sdk.admin.propertyLabel.retrieve(label.id), "property_label");
  });
});

describe("admin.search", () => {
  once("finds a product by title and reports the registered search indexes", async () => {
    const product = await createProduct(sdk, seed, cleanup, "findme");
    const { results } = await sdk.admin.search.list({ q: product.handle } as never);
    const products = results.find((r) => r.entity === "product")!;
    expect(products.data.map((p) => p.id)).toContain(product.id);

    // The sandbox registers no search index, so index operations have nothing to work on.
    const indexes = await sdk.admin.search.listIndexes();
    expect(indexes).toEqual({ search_indexes: [], enabled: true });
    await expectStatus(sdk.admin.search.reindex("product", {}), 404);
  });
});

/** Collects events from a stream until `done` says so (the streams never end on their own). */
async function collect(stream: AsyncGenerator<ServerSentEvent>, done: (events: ServerSentEvent[]) => boolean): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const ev of stream) {
    if (ev.event) events.push(ev);
    if (done(events)) break;
  }
  return events;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function csv(handle: string): string {
  return `Product Handle,Product Title,Variant Title,Variant Option 1 Name,Variant Option 1 Value\n${handle},${handle},One,Pack,Single\n`;
}

/** Runs create-product-tags for a new tag (optionally as a given transaction); the tag's deletion is queued. */
async function runTagWorkflow(value: string, transactionId?: string): Promise<string> {
  cleanup.push(async () => {
    const { product_tags } = await sdk.admin.productTag.list({ value, fields: "id" } as never);
    for (const t of product_tags) await sdk.admin.productTag.delete(t.id);
  });
  const { acknowledgement } = await sdk.admin.workflowExecution.run("create-product-tags", { input: { product_tags: [{ value }] }, transaction_id: transactionId });
  return (acknowledgement as { transactionId: string }).transactionId;
}

/*
 * Medusa's subscribe routes send their response headers only together with the first event, and
 * register the subscriber only once the request has arrived, so a stream is "open" only after an
 * event came through. The tests therefore start the subscription, then trigger runs until it is live.
 */
describe("admin.workflowExecution", () => {
  it("runs a workflow and streams its events", async () => {
    const pending = sdk.admin.workflowExecution.subscribe("create-product-tags");
    let live = false;
    pending.then(() => (live = true), () => (live = true));
    const txIds: string[] = [];
    while (!live) {
      txIds.push(await runTagWorkflow(uniq("wf-tag")));
      await Promise.race([pending.catch(() => undefined), sleep(300)]);
    }
    const { stream, abort } = await pending;
    // Our own transaction id, known before the run: its onFinish can arrive before run() answers.
    const txId = uniq("e2e-live-tx");
    try {
      // A run started after the stream is live must show up in it from begin to finish.
      const value = uniq("wf-tag");
      const events = collect(stream, (evs) => evs.some((e) => e.event === "onFinish" && JSON.parse(e.data!).transaction_id === txId));
      expect(await runTagWorkflow(value, txId)).toBe(txId);
      const mine = (await events).filter((e) => JSON.parse(e.data!).transaction_id === txId);
      expect(mine[0]!.event).toBe("onBegin");
      expect(mine.map((e) => e.event)).toContain("onStepSuccess");
      expect(JSON.parse(mine.at(-1)!.data!)).toMatchObject({ event_type: "onFinish", workflow_id: "create-product-tags" });
      expect((await sdk.admin.productTag.list({ value, fields: "id" } as never)).count).toBe(1);
    } finally {
      abort();
    }
  });

  it("streams the events of one run chosen by its transaction id", async () => {
    for (let attempt = 1; ; attempt++) {
      const txId = uniq("e2e-tx");
      const pending = sdk.admin.workflowExecution.subscribeTransaction("create-product-tags", txId, undefined, undefined, { timeout: 5000 });
      pending.catch(() => undefined);
      // Give the subscription a head start; if the run still beats it, try again with a new run.
      await sleep(300 * attempt);
      await runTagWorkflow(uniq("wf-tx"), txId);
      const opened = await pending.catch((e: unknown) => e);
      if (opened instanceof Error) {
        if (attempt < 5) continue;
        throw opened;
      }
      const { stream, abort } = opened as Awaited<typeof pending>;
      try {
        const events = await collect(stream, (evs) => evs.some((e) => e.event === "onFinish"));
        expect(new Set(events.map((e) => JSON.parse(e.data!).transaction_id))).toEqual(new Set([txId]));
        expect(events.at(-1)!.event).toBe("onFinish");
      } finally {
        abort();
      }
      return;
    }
  });

  // Medusa 2.21.2's Redis workflow engine (production topology) answers 500 to both step routes:
  // "parentContainer[ROLL_UP_REGISTRATIONS] is not a function" in registerStepSuccess/Failure.
  const redisEngine = onProductionTopology;

  it("completes the waiting step of an import by hand, as confirmImport does", async () => {
    const handle = uniq("wf-import");
    const { transaction_id } = await sdk.admin.product.createImport({ file: { name: "wf.csv", content: Buffer.from(csv(handle)) } });

    // While it waits for confirmation the run is stored: in the list by transaction, and readable by id.
    const { workflow_executions } = await sdk.admin.workflowExecution.list({ transaction_id, fields: "id,workflow_id,state" } as never);
    expect(workflow_executions).toHaveLength(1);
    const { workflow_execution: run } = await sdk.admin.workflowExecution.retrieve(workflow_executions[0]!.id);
    expect(run).toMatchObject({ workflow_id: "import-products-as-chunks", transaction_id, state: "invoking" });
    const waiting = Object.entries(run.execution!.steps).find(([id]) => id.endsWith(".wait-confirmation-product-import"))![1] as { invoke: { status: string } };
    expect(waiting.invoke.status).toBe("waiting_response");
    // Medusa 2.21's GET /admin/workflows-executions/{workflow}/{transaction} ignores the transaction id
    // and answers the first stored run of the workflow, so only the workflow can be checked here.
    const { workflow_execution: byTransaction } = await sdk.admin.workflowExecution.retrieveTransaction("import-products-as-chunks", transaction_id);
    expect(byTransaction.workflow_id).toBe("import-products-as-chunks");

    const step = { transaction_id, step_id: "wait-confirmation-product-import", response: true };
    if (redisEngine) {
      await expectStatus(sdk.admin.workflowExecution.setStepSuccess("import-products-as-chunks", step), 500);
      // Medusa's own route still confirms it.
      await sdk.admin.product.confirmImport(transaction_id);
    } else expect(await sdk.admin.workflowExecution.setStepSuccess("import-products-as-chunks", step)).toEqual({ success: true });
    const product = await eventually(async () => (await sdk.admin.product.list({ handle, fields: "id" })).products[0], `imported product ${handle}`);
    cleanup.push(() => sdk.admin.product.delete(product.id));
  });

  it("fails the waiting step of an import by hand, which ends the import", async () => {
    const handle = uniq("wf-cancel");
    const { transaction_id } = await sdk.admin.product.createImport({ file: { name: "wf.csv", content: Buffer.from(csv(handle)) } });
    const step = { transaction_id, step_id: "wait-confirmation-product-import", response: { message: "cancelled by e2e" } };
    if (redisEngine) {
      await expectStatus(sdk.admin.workflowExecution.setStepFailure("import-products-as-chunks", step), 500);
      return;
    }
    expect(await sdk.admin.workflowExecution.setStepFailure("import-products-as-chunks", step)).toEqual({ success: true });
    // The failed run is gone from the workflow engine: it can no longer be confirmed, nothing is imported.
    await expectStatus(sdk.admin.product.confirmImport(transaction_id), 404);
    expect((await sdk.admin.product.list({ handle, fields: "id" })).count).toBe(0);
  });
});
