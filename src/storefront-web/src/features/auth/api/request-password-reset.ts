import { useMutation } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";

/**
 * Asks Medusa to send a reset link. It answers the same whether or not the address has an
 * account, so the page cannot tell either (no account probing).
 */
export function useRequestPasswordReset() {
  const sdk = useStoreSdk();
  return useMutation((email: string) => sdk.auth.resetPassword("customer", "emailpass", { identifier: email }));
}
