/**
 * Admin settings against the real back-end: API keys (secret and publishable), sales channels,
 * invites and users (invite → register → accept → manage → delete), return and refund reasons,
 * locales, feature flags and plugins.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Medusa } from "../../src/sdk/index.js";
import { adminSdk, adminUserSdk, backend, recorded, uniq } from "./helpers/sdk.js";
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

describe("admin.apiKey", () => {
  it("creates a secret key that authenticates, renames it, revokes it and deletes it", async () => {
    const title = uniq("ci key");
    const { api_key: key } = await sdk.admin.apiKey.create({ title, type: "secret" });
    cleanup.push(async () => {
      await sdk.admin.apiKey.revoke(key.id).catch(() => undefined);
      return sdk.admin.apiKey.delete(key.id);
    });
    expect(key.token).toMatch(/^sk_/);

    const withKey = adminSdk({ apiKey: key.token });
    const { regions } = await withKey.admin.region.list({ fields: "id", limit: 100 });
    expect(regions.map((r) => r.id)).toContain(seed.region.eur);

    expect((await sdk.admin.apiKey.retrieve(key.id)).api_key).toMatchObject({ title, type: "secret", revoked_at: null });
    const { api_keys } = await sdk.admin.apiKey.list({ q: title, type: "secret", fields: "id,redacted" } as never);
    expect(api_keys.map((k) => k.id)).toEqual([key.id]);
    await sdk.admin.apiKey.update(key.id, { title: `${title} renamed` });
    expect((await sdk.admin.apiKey.retrieve(key.id)).api_key.title).toBe(`${title} renamed`);

    // An unrevoked key cannot be deleted.
    await expectStatus(sdk.admin.apiKey.delete(key.id), 400);
    const { api_key: revoked } = await sdk.admin.apiKey.revoke(key.id);
    expect(revoked.revoked_at).not.toBeNull();
    await expectStatus(withKey.admin.region.list({ fields: "id" }), 401);

    expect(await sdk.admin.apiKey.delete(key.id)).toMatchObject({ id: key.id, deleted: true });
    await expectStatus(sdk.admin.apiKey.retrieve(key.id), 404);
  });

  it("scopes a publishable key to a sales channel", async () => {
    const { api_key: key } = await sdk.admin.apiKey.create({ title: uniq("storefront"), type: "publishable" });
    cleanup.push(async () => {
      await sdk.admin.apiKey.revoke(key.id).catch(() => undefined);
      return sdk.admin.apiKey.delete(key.id);
    });
    expect(key.token).toMatch(/^pk_/);
    const storeProducts = async () => {
      const res = await fetch(`${backend.url}/store/products?limit=1&fields=id`, { headers: { "x-publishable-api-key": key.token } });
      return { status: res.status, body: (await res.json()) as { count?: number; message?: string } };
    };
    expect(await storeProducts()).toMatchObject({ status: 400, body: { message: "Publishable key needs to have a sales channel configured" } });

    await sdk.admin.apiKey.batchSalesChannels(key.id, { add: [seed.salesChannelId] });
    const linked = await storeProducts();
    expect(linked.status).toBe(200);
    expect(linked.body.count).toBeGreaterThan(0);

    await sdk.admin.apiKey.revoke(key.id);
    expect(await storeProducts()).toMatchObject({ status: 400, body: { message: "A valid publishable key is required to proceed with the request" } });
  });
});

describe("admin.salesChannel", () => {
  it("round-trips a sales channel and assigns products to it", async () => {
    const product = await createProduct(sdk, seed, cleanup, "channel");
    const name = uniq("Channel");
    const { sales_channel: channel } = await sdk.admin.salesChannel.create({ name, description: "e2e" });
    cleanup.push(() => sdk.admin.salesChannel.delete(channel.id));
    expect((await sdk.admin.salesChannel.retrieve(channel.id)).sales_channel).toMatchObject({ name, is_disabled: false });
    const { sales_channels } = await sdk.admin.salesChannel.list({ name, fields: "id" } as never);
    expect(sales_channels.map((c) => c.id)).toEqual([channel.id]);
    await sdk.admin.salesChannel.update(channel.id, { is_disabled: true });
    expect((await sdk.admin.salesChannel.retrieve(channel.id)).sales_channel.is_disabled).toBe(true);

    const inChannel = async () => (await sdk.admin.product.list({ sales_channel_id: [channel.id], fields: "id" } as never)).products.map((p) => p.id);
    await sdk.admin.salesChannel.batchProducts(channel.id, { add: [product.id] });
    expect(await inChannel()).toEqual([product.id]);
    await sdk.admin.salesChannel.updateProducts(channel.id, { remove: [product.id] });
    expect(await inChannel()).toEqual([]);

    expect(await sdk.admin.salesChannel.delete(channel.id)).toMatchObject({ id: channel.id, deleted: true });
    await expectStatus(sdk.admin.salesChannel.retrieve(channel.id), 404);
  });
});

describe("admin.invite and admin.user", () => {
  it("invites a user who registers and accepts, manages the user, then deletes it", async () => {
    const email = `${uniq("staff")}@example.com`;
    const { invite } = await sdk.admin.invite.create({ email });
    cleanup.push(() => sdk.admin.invite.delete(invite.id));
    expect(invite).toMatchObject({ email, accepted: false });
    expect((await sdk.admin.invite.retrieve(invite.id)).invite.email).toBe(email);
    const { invites } = await sdk.admin.invite.list({ q: email, fields: "id,email" } as never);
    expect(invites.map((i) => i.id)).toContain(invite.id);

    // Resending issues a fresh token; only the new one is accepted.
    const { invite: resent } = await sdk.admin.invite.resend(invite.id);
    expect(resent.token).not.toBe(invite.token);

    const newcomer = recorded(new Medusa({ baseUrl: backend.url, auth: { jwtTokenStorageMethod: "memory" } }));
    const password = uniq("pw");
    await newcomer.auth.register("user", "emailpass", { email, password });
    const { user } = await newcomer.admin.invite.accept({ invite_token: resent.token, email, first_name: "Nia", last_name: "Newcomer" });
    cleanup.push(() => sdk.admin.user.delete(user.id));
    expect(user).toMatchObject({ email, first_name: "Nia" });
    // Accepting consumes the invite.
    await expectGone(sdk.admin.invite.retrieve(invite.id), "invite");

    const me = await adminUserSdk({});
    expect((await me.admin.user.me()).user.email).toBe(backend.adminEmail);
    const fresh = recorded(new Medusa({ baseUrl: backend.url, auth: { jwtTokenStorageMethod: "memory" } }));
    await fresh.auth.login("user", "emailpass", { email, password });
    expect((await fresh.admin.user.me({ fields: "id,email" })).user.id).toBe(user.id);

    expect((await sdk.admin.user.retrieve(user.id)).user.email).toBe(email);
    const { users } = await sdk.admin.user.list({ q: email, fields: "id,email" } as never);
    expect(users.map((u) => u.id)).toEqual([user.id]);
    await sdk.admin.user.update(user.id, { last_name: "Renamed", metadata: { team: "e2e" } });
    expect((await sdk.admin.user.retrieve(user.id, { fields: "last_name,metadata" })).user).toMatchObject({ last_name: "Renamed", metadata: { team: "e2e" } });
    expect((await sdk.admin.user.listAuthProviders(user.id)).providers).toEqual(["emailpass"]);

    // An admin-issued reset token sets a new password the user can then log in with.
    const { token } = await sdk.admin.user.generateResetPasswordToken(user.id);
    const newPassword = uniq("pw2");
    await fresh.auth.updateProvider("user", "emailpass", { email, password: newPassword }, token);
    const relogged = recorded(new Medusa({ baseUrl: backend.url, auth: { jwtTokenStorageMethod: "memory" } }));
    expect(typeof (await relogged.auth.login("user", "emailpass", { email, password: newPassword }))).toBe("string");

    expect(await sdk.admin.user.delete(user.id)).toMatchObject({ id: user.id, deleted: true });
    await expectStatus(sdk.admin.user.retrieve(user.id), 404);
  });

  it("deletes an open invite", async () => {
    const { invite } = await sdk.admin.invite.create({ email: `${uniq("never")}@example.com` });
    expect(await sdk.admin.invite.delete(invite.id)).toMatchObject({ id: invite.id, deleted: true });
    await expectGone(sdk.admin.invite.retrieve(invite.id), "invite");
  });
});

describe("admin.returnReason and admin.refundReason", () => {
  it("round-trips a return reason with a child reason", async () => {
    const value = uniq("too-small");
    const { return_reason: parent } = await sdk.admin.returnReason.create({ value, label: "Too small" });
    cleanup.push(() => sdk.admin.returnReason.delete(parent.id));
    const { return_reason: child } = await sdk.admin.returnReason.create({ value: `${value}-shoes`, label: "Shoes too small", parent_return_reason_id: parent.id });
    cleanup.push(() => sdk.admin.returnReason.delete(child.id));
    expect((await sdk.admin.returnReason.retrieve(child.id, { fields: "id,parent_return_reason_id" })).return_reason.parent_return_reason_id).toBe(parent.id);
    const { return_reasons } = await sdk.admin.returnReason.list({ value: [value, `${value}-shoes`], fields: "id" } as never);
    expect(return_reasons.map((r) => r.id).sort()).toEqual([parent.id, child.id].sort());
    await sdk.admin.returnReason.update(parent.id, { value, label: "Runs small", description: "size chart is off" });
    expect((await sdk.admin.returnReason.retrieve(parent.id)).return_reason).toMatchObject({ label: "Runs small", description: "size chart is off" });
    expect(await sdk.admin.returnReason.delete(child.id)).toMatchObject({ id: child.id, deleted: true });
    await expectStatus(sdk.admin.returnReason.retrieve(child.id), 404);
  });

  it("round-trips a refund reason", async () => {
    const code = uniq("goodwill");
    const { refund_reason: reason } = await sdk.admin.refundReason.create({ label: "Goodwill", code });
    cleanup.push(() => sdk.admin.refundReason.delete(reason.id));
    expect((await sdk.admin.refundReason.retrieve(reason.id)).refund_reason).toMatchObject({ label: "Goodwill", code });
    const { refund_reasons } = await sdk.admin.refundReason.list({ q: code, fields: "id" } as never);
    expect(refund_reasons.map((r) => r.id)).toEqual([reason.id]);
    await sdk.admin.refundReason.update(reason.id, { description: "customer kept waiting" });
    expect((await sdk.admin.refundReason.retrieve(reason.id)).refund_reason.description).toBe("customer kept waiting");
    expect(await sdk.admin.refundReason.delete(reason.id)).toMatchObject({ id: reason.id, deleted: true });
    await expectGone(sdk.admin.refundReason.retrieve(reason.id), "refund_reason");
  });
});

describe("admin.locale, admin.featureFlag and admin.plugin", () => {
  it("lists locales and reads one", async () => {
    const { locales } = await sdk.admin.locale.list({ code: ["fr-FR", "de-DE"] } as never);
    expect(locales.map((l) => l.code).sort()).toEqual(["de-DE", "fr-FR"]);
    const { locale } = await sdk.admin.locale.retrieve("fr-FR");
    expect(locale).toMatchObject({ code: "fr-FR", name: "French (France)" });
  });

  it("reports the sandbox's feature flags", async () => {
    const { feature_flags } = await sdk.admin.featureFlag.list();
    expect(feature_flags).toMatchObject({ translation: true, view_configurations: true, rbac: false, index_engine: false });
  });

  // The reasons in coverage-reasons/admin-catalog.json for the methods that cannot run here.
  it("answers 404 on the RBAC routes while the rbac flag is off", async () => {
    await expectStatus(sdk.admin.rbacRole.list(), 404);
    await expectStatus(sdk.admin.rbacPolicy.list(), 404);
  });

  it("lists the installed plugins", async () => {
    const { plugins } = await sdk.admin.plugin.list();
    expect(plugins.map((p) => p.name)).toContain("@medusajs/draft-order");
  });
});
