import { useMutation } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";

/** Sets the new password with the one-time token from the link; the token goes in a header, never a request URL. */
export function useResetPassword() {
  const sdk = useStoreSdk();
  return useMutation(({ email, password, token }: { email: string; password: string; token: string }) =>
    sdk.auth.updateProvider("customer", "emailpass", { email, password }, token),
  );
}
