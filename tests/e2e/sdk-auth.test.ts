/**
 * `sdk.auth` against the real back-end: registration, login, refresh, logout, password reset
 * and update, providers, MFA factors and verification, and what this sandbox refuses (no OAuth
 * provider, no MFA encryption key). Every identity here is new; the sandbox admin's password is
 * never touched.
 */
import { describe, expect, it } from "vitest";
import { adminSdk, adminUserSdk, storeSdk, uniq } from "./helpers/sdk.js";
import { registerCustomer } from "./helpers/orders.js";

const admin = adminSdk();

describe("auth: customer identities", () => {
  it("registers, logs in, refreshes and logs out", async () => {
    const sdk = storeSdk();
    const email = `${uniq("auth")}@example.com`;
    const password = uniq("pw");
    const registration = await sdk.auth.register("customer", "emailpass", { email, password });
    expect(registration.split(".")).toHaveLength(3);
    const { customer } = await sdk.store.customer.create({ email, first_name: "Reg" });
    // has_account is missing from the StoreCustomer type but present on the wire.
    expect((customer as { has_account?: boolean }).has_account).toBe(true);

    const token = await sdk.auth.login("customer", "emailpass", { email, password });
    expect(typeof token).toBe("string");
    expect((await sdk.store.customer.retrieve()).customer.id).toBe(customer.id);
    const { token: refreshed } = await sdk.auth.refresh();
    expect(await sdk.client.getToken()).toBe(refreshed);
    expect((await sdk.store.customer.retrieve()).customer.email).toBe(email);

    await sdk.auth.logout();
    expect(await sdk.client.getToken()).toBeFalsy();
    await expect(sdk.store.customer.retrieve()).rejects.toMatchObject({ status: 401 });
    await expect(sdk.auth.login("customer", "emailpass", { email, password: "wrong" })).rejects.toMatchObject({ status: 401 });
  });

  it("lists the providers each actor may use", async () => {
    const sdk = storeSdk();
    const customer = (await sdk.auth.listProviders("customer")) as { providers: { id: string }[] };
    expect(customer.providers.map((p) => p.id)).toContain("emailpass");
    const user = (await sdk.auth.listProviders("user")) as { providers: { id: string }[] };
    expect(user.providers.map((p) => p.id)).toContain("emailpass");
  });

  it("accepts a reset request for any identifier, known or not", async () => {
    const { email } = await registerCustomer();
    const sdk = storeSdk();
    // Medusa answers 201 either way so the route does not reveal which e-mails have accounts;
    // the token travels only in the auth.password_reset event (the sandbox records it: reset-password.test.ts).
    await expect(sdk.auth.resetPassword("customer", "emailpass", { identifier: email })).resolves.toBeUndefined();
    await expect(sdk.auth.resetPassword("customer", "emailpass", { identifier: `${uniq("nobody")}@example.com` })).resolves.toBeUndefined();
  });
});

describe("auth: admin users", () => {
  it("sets a new password with a reset token, once", async () => {
    // A new admin user of our own through an invite.
    const email = `${uniq("staff")}@example.com`;
    const { invite } = await admin.admin.invite.create({ email });
    const sdk = storeSdk();
    await sdk.auth.register("user", "emailpass", { email, password: "first-password" });
    const accepted = await sdk.admin.invite.accept({ invite_token: invite.token, first_name: "Temp", last_name: "Staff" });
    if (!("user" in accepted)) throw new Error(`invite not accepted: ${accepted.message}`);
    const { user } = accepted;
    expect(user.email).toBe(email);

    try {
      // Medusa hands the reset token to an admin (POST /admin/users/{id}/reset-password) or to the
      // auth.password_reset event; the admin route is the one reachable over HTTP.
      const { token } = await (await adminUserSdk()).admin.user.generateResetPasswordToken(user.id);
      await sdk.auth.updateProvider("user", "emailpass", { password: "second-password" }, token);

      const fresh = storeSdk();
      await expect(fresh.auth.login("user", "emailpass", { email, password: "first-password" })).rejects.toMatchObject({ status: 401 });
      await fresh.auth.login("user", "emailpass", { email, password: "second-password" });
      expect((await fresh.admin.user.me()).user.id).toBe(user.id);
      // The token is single-use.
      await expect(sdk.auth.updateProvider("user", "emailpass", { password: "third-password" }, token)).rejects.toMatchObject({ status: 401 });
    } finally {
      await admin.admin.user.delete(user.id);
    }
  });

  it("refuses to create a user from an e-mail/password identity (the route is for OAuth identities)", async () => {
    const sdk = storeSdk();
    await sdk.auth.register("user", "emailpass", { email: `${uniq("self")}@example.com`, password: uniq("pw") });
    // POST /auth/{provider}/user reads the e-mail from the identity's user_metadata, which only
    // OAuth providers fill in; emailpass identities have none.
    await expect(sdk.auth.createUser("emailpass")).rejects.toMatchObject({ status: 400, message: "Email is required to create a user account." });
  });
});

describe("auth: MFA and verification", () => {
  it("lists a new identity's MFA factors; enrolling needs an MFA encryption key the sandbox lacks", async () => {
    const { sdk } = await registerCustomer();
    expect(await sdk.auth.mfa.list()).toEqual({ mfa_factors: [] });
    await expect(sdk.auth.mfa.start({ provider: "totp", label: "phone" })).rejects.toMatchObject({
      message: "MFA encryption key is required to use MFA methods",
    });
    await expect(sdk.auth.mfa.generateRecoveryCodes()).rejects.toMatchObject({ status: 400, message: "Recovery codes require an enabled MFA factor" });
  });

  it("requests a verification code; the code itself goes only to the event bus", async () => {
    const { sdk, customer, email } = await registerCustomer();
    const r = (await sdk.auth.verification.request({ entity_id: email, entity_type: "email" })) as {
      verification: { id: string; entity_id: string; code_provider: string; code?: string; verified_at: string | null };
    };
    expect(r.verification).toMatchObject({ entity_id: email, code_provider: "token", verified_at: null });
    expect(r.verification.code).toBeUndefined();
    expect(customer.email).toBe(email);
    await expect(sdk.auth.verification.confirm({ code: "not-the-code" })).rejects.toMatchObject({
      status: 400,
      message: "Verification code is invalid or already used",
    });
  });
});

describe("auth: redirect logins this sandbox cannot do", () => {
  it("has no OAuth provider: emailpass answers GET and callbacks with 401", async () => {
    const sdk = storeSdk();
    await expect(sdk.auth.authorize("customer", "emailpass")).rejects.toMatchObject({ status: 401 });
    await expect(sdk.auth.callback("customer", "emailpass", { code: "x", state: "y" })).rejects.toMatchObject({ status: 401 });
    await expect(sdk.auth.callbackPost("customer", "emailpass", { code: "x", state: "y" })).rejects.toMatchObject({ status: 401 });
    await expect(sdk.auth.authorize("customer", "google")).rejects.toMatchObject({ status: 401, message: expect.stringContaining("Unable to retrieve the auth provider with id: google") });
  });
});
