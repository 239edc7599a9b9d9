/**
 * The whole "forgot password" path a storefront offers, against the real back-end: the reset
 * request through the store auth API, the token as the sandbox's `auth.password_reset` subscriber
 * records it (what an e-mail would carry), the new password set with it, and a login with it.
 */
import { describe, expect, it } from "vitest";
import { registerCustomer } from "./helpers/orders.js";
import { latestResetToken, resetTokenFor } from "./helpers/reset-tokens.js";
import { storeSdk, uniq } from "./helpers/sdk.js";

describe("password reset through the store auth API", () => {
  it("a customer resets the password with the token the sandbox recorded, then logs in with the new one", async () => {
    const { email, password } = await registerCustomer();
    const sdk = storeSdk();
    const since = Date.now();
    await sdk.auth.resetPassword("customer", "emailpass", { identifier: email });
    const token = await resetTokenFor(email, { since });
    expect(token.split(".")).toHaveLength(3);

    const newPassword = uniq("new-pw");
    await sdk.auth.updateProvider("customer", "emailpass", { password: newPassword }, token);

    const fresh = storeSdk();
    await expect(fresh.auth.login("customer", "emailpass", { email, password })).rejects.toMatchObject({ status: 401 });
    await fresh.auth.login("customer", "emailpass", { email, password: newPassword });
    expect((await fresh.store.customer.retrieve()).customer.email).toBe(email);
    // One use only: the same token cannot set a password again.
    await expect(sdk.auth.updateProvider("customer", "emailpass", { password: uniq("third") }, token)).rejects.toMatchObject({ status: 401 });
  });

  it("records nothing for an e-mail without an account", async () => {
    const email = `${uniq("nobody")}@example.com`;
    const since = Date.now();
    await storeSdk().auth.resetPassword("customer", "emailpass", { identifier: email });
    // A known e-mail asked for afterwards shows that the subscriber has caught up.
    const { email: known } = await registerCustomer();
    await storeSdk().auth.resetPassword("customer", "emailpass", { identifier: known });
    await resetTokenFor(known, { since });
    expect(latestResetToken(email, { since: since - 1000 })).toBeUndefined();
  });
});
