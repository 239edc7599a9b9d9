/** Who a credential belongs to, asked through the SDK (login, whoami and the TUI header). */
import type { Medusa } from "../../sdk/index.js";

/** Verifies a secret key on a route it may read: /admin/users/me answers 404 for keys. */
export function checkSecretKey(sdk: Medusa, signal: AbortSignal): Promise<unknown> {
  return sdk.admin.apiKey.list({ limit: 1, fields: "id" }, undefined, { signal });
}

/** The logged-in user (JWT credentials), with only the fields we show. */
export async function currentUser(sdk: Medusa, signal: AbortSignal): Promise<{ email?: string; id?: string } | undefined> {
  return (await sdk.admin.user.me({ fields: "id,email" }, undefined, { signal })).user as { email?: string; id?: string } | undefined;
}
