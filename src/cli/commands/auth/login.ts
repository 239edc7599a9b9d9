import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { globalFlags } from "../../cmdutil/context.js";
import { AuthRequiredError, UsageError, ConfigFileError } from "../../../term/errors.js";
import { canPrompt } from "../../../term/io.js";
import { sdkDefaults } from "../../cmdutil/factory.js";
import { checkUrl } from "../../config/credentials.js";
import { PROFILE_NAME_RE, secretKey, type ProfilesFile } from "../../config/profiles.js";
import { checkSecretKey, currentUser } from "../../cmdutil/identity.js";
import { envCredential, readSecretFromStdin } from "./shared.js";
import { notice } from "../../output/notice.js";

export interface LoginOptions {
  email?: string;
  passwordStdin?: boolean;
  apiKeyStdin?: boolean;
  production?: boolean;
}

/**
 * `medusactl login` (CONTRACT.md §4): email and password (a JWT) or a secret API key, verified
 * against the back-end, then saved: the secret in the 0600 token file, the rest in the profile.
 * `--url` and `--profile` are the global flags.
 */
export function register(cmd: Command, ctx: CommandContext): void {
  cmd
    .option("--email <email>", "admin user's email (prompted for on a terminal)")
    .option("--password-stdin", "read the password from stdin")
    .option("--api-key-stdin", "read a secret API key (sk_…) from stdin instead of logging in with a password")
    .option("--production", "mark the profile as production: stricter confirmations")
    .addHelpText(
      "after",
      "\nThe back-end comes from --url (else MEDUSA_URL, else the profile's URL); the profile from --profile (else the default, else \"default\").\n\nExamples:\n  medusactl login --url https://shop.example.com --email me@example.com\n  echo \"$PASSWORD\" | medusactl login --url http://127.0.0.1:9000 --email admin@example.com --password-stdin\n  echo \"$SECRET_KEY\" | medusactl login --profile ci --url https://shop.example.com --api-key-stdin",
    )
    .action(async (o: LoginOptions, c: Command) => loginRun(ctx, c, o));
}

export async function loginRun(ctx: CommandContext, c: Command, o: LoginOptions): Promise<void> {
  const f = ctx.factory(c);
  const flags = globalFlags(c);
  const io = f.io;
  if (o.passwordStdin && o.apiKeyStdin) throw new UsageError("--password-stdin and --api-key-stdin exclude each other");
  const interactive = canPrompt(io);
  if (!o.passwordStdin && !o.apiKeyStdin && !interactive) {
    throw new UsageError("login needs --password-stdin or --api-key-stdin when not running interactively", "e.g. echo \"$PASSWORD\" | medusactl login --email you@example.com --password-stdin");
  }

  const store = f.profiles();
  // A broken profiles file must not block the login that replaces it (its save moves the file aside).
  const file = await store.read().catch((e: unknown) => {
    if (e instanceof ConfigFileError) return { profiles: {} } as ProfilesFile;
    throw e;
  });
  const name = flags.profile ?? io.env.MEDUSACTL_PROFILE ?? file.default ?? "default";
  if (!PROFILE_NAME_RE.test(name)) throw new UsageError(`invalid profile name "${name}"`, "use letters, digits, dot, dash or underscore");
  const existing = file.profiles[name];

  const envCred = envCredential(io.env);
  if (envCred) {
    // CONTRACT.md §4: while an environment credential is in use nothing is written to the store.
    io.err.write(`Warning: ${envCred} is set and overrides stored credentials; nothing was saved. Unset it to use a saved login.\n`);
    return;
  }

  let url = flags.url ?? io.env.MEDUSA_URL ?? existing?.url;
  if (!url && interactive) url = (await f.prompter().input("Medusa URL: ")).trim();
  if (!url) throw new UsageError("login needs the back-end URL: --url <url> or MEDUSA_URL");
  url = url.replace(/\/+$/, "");
  checkUrl(url, Boolean(flags.insecure));

  const { Medusa } = await import("../../../sdk/index.js");
  const common = await sdkDefaults(f, url);
  let secret: string;
  let email: string | undefined;
  let auth: "jwt" | "api-key";

  if (o.apiKeyStdin) {
    secret = await readSecretFromStdin(io, "--api-key-stdin");
    if (!secret) throw new UsageError("--api-key-stdin: stdin held no key");
    auth = "api-key";
    const sdk = new Medusa({ ...common, apiKey: secret });
    await verify(() => checkSecretKey(sdk, f.signal), url);
  } else {
    email = o.email ?? existing?.email;
    if (!email && interactive) email = (await f.prompter().input("Email: ")).trim();
    if (!email) throw new UsageError("login --password-stdin needs --email <email>");
    const password = o.passwordStdin ? await readSecretFromStdin(io, "--password-stdin") : await f.prompter().secret("Password: ");
    if (!password) throw new UsageError(o.passwordStdin ? "--password-stdin: stdin held no password" : "no password given");
    const { MemoryTokenStore } = await import("../../../sdk/token-store.js");
    const storage = new MemoryTokenStore();
    const sdk = new Medusa({ ...common, auth: { type: "jwt", jwtTokenStorageMethod: "custom", storage, jwtTokenStorageKey: "login" } });
    const answer = await verify(() => sdk.auth.login("user", "emailpass", { email, password }), url);
    if (typeof answer === "string") secret = answer;
    else if ("mfa_required" in answer) {
      if (!interactive) throw new AuthRequiredError("this account asks for a second factor (MFA), which needs a terminal", "run `medusactl login` interactively, or use a secret API key with --api-key-stdin");
      const challenge = answer.mfa_challenge as { id?: string; methods?: string[] } | undefined;
      if (!challenge?.id) throw new AuthRequiredError("the back-end asked for a second factor but sent no challenge");
      const methods = challenge.methods?.length ? challenge.methods : ["totp"];
      const factor = methods.find((m) => m !== "recovery_code");
      const withRecovery = methods.includes("recovery_code");
      const prompt = factor ? `${factor === "totp" ? "Authentication code" : `Code (${factor})`}${withRecovery ? " or a recovery code" : ""}: ` : "Recovery code: ";
      const code = (await f.prompter().secret(prompt)).trim();
      if (!code) throw new AuthRequiredError("no MFA code given");
      // Authenticator codes are digits; anything else offered alongside is a recovery code.
      const method = factor && (!withRecovery || /^\d{6,8}$/.test(code)) ? factor : "recovery_code";
      secret = await verify(() => sdk.auth.mfa.verifyChallenge(challenge.id!, { method, code }), url).catch((e: { name?: string; status?: number; message?: string }) => {
        if (e?.name === "ApiError" && e.status === 400) throw new AuthRequiredError(`the MFA code was refused: ${e.message}`, "run `medusactl login` again with a new code");
        throw e;
      });
    } else if ("location" in answer) {
      throw new AuthRequiredError("the back-end answered with a redirect (third-party login), which medusactl cannot follow", "use email and password, or a secret API key with --api-key-stdin");
    } else {
      throw new AuthRequiredError("the account needs verification before it can log in");
    }
    const me = await verify(() => currentUser(sdk, f.signal), url);
    email = me?.email ?? email;
    auth = "jwt";
  }

  const tokens = await f.tokens();
  await tokens.setItem(secretKey(name), secret);
  const saved = await store.update((d) => {
    const prev = d.profiles[name];
    d.profiles[name] = {
      ...(prev && prev.url === url ? prev : {}),
      url,
      auth,
      ...(email ? { email } : {}),
      ...(o.production || prev?.production ? { production: true } : {}),
    };
    if (auth === "api-key") delete d.profiles[name]!.email;
    if (!d.default) d.default = name;
  });
  const who = auth === "api-key" ? "a secret API key" : email;
  notice(io, `Logged in to ${url} as ${who}; saved as profile "${name}"${saved.default === name ? " (default)" : ""}${o.production ? ", marked production" : ""}.\n`);
}

/** A 401 during login means the credential was refused: exit 4, not a generic error. */
async function verify<T>(fn: () => Promise<T>, url: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e as { name?: string; status?: number };
    if (err?.name === "ApiError" && err.status === 401) throw new AuthRequiredError(`${url} refused the credentials (401)`, "check the email and password, or the key");
    throw e;
  }
}
