import { AuthRequiredError, UsageError } from "../../term/errors.js";
import { isLoopbackHost } from "../../shared/net.js";
import { sameBackend, type Profile, type ProfilesFile } from "./profiles.js";

export interface GlobalFlags {
  profile?: string;
  url?: string;
  debug?: boolean;
  timeout?: number;
  insecure?: boolean;
  color?: boolean;
}

/** What a command talks to and with which credential, after flags > environment > profile. */
export interface Target {
  url: string;
  profileName?: string;
  profile?: Profile;
  /** Where the credential came from, for whoami and warnings. */
  source: "env:MEDUSA_API_KEY" | "env:MEDUSA_TOKEN" | "profile" | "none";
  apiKey?: string;
  /** A JWT from the environment (a profile's JWT is read by the SDK from the token file). */
  token?: string;
  publishableKey?: string;
  production: boolean;
}

export function activeProfileName(flags: GlobalFlags, env: NodeJS.ProcessEnv, file: ProfilesFile): string | undefined {
  return flags.profile ?? env.MEDUSACTL_PROFILE ?? file.default;
}

/**
 * Resolves the target (CONTRACT.md §4). A profile's stored secret only ever goes to that profile's
 * own URL; an environment credential goes to the URL in force.
 */
export function resolveTarget(flags: GlobalFlags, env: NodeJS.ProcessEnv, file: ProfilesFile, opts: { needCredential: boolean }): Target {
  const name = activeProfileName(flags, env, file);
  const profile = name ? file.profiles[name] : undefined;
  if (flags.profile && !profile) {
    throw new UsageError(`no profile named "${flags.profile}"`, "see `medusactl profile list`");
  }
  if (env.MEDUSACTL_PROFILE && !flags.profile && !profile) {
    throw new UsageError(`MEDUSACTL_PROFILE names "${env.MEDUSACTL_PROFILE}", which does not exist`, "see `medusactl profile list`");
  }
  const url = flags.url ?? env.MEDUSA_URL ?? profile?.url;
  if (!url) {
    throw new AuthRequiredError("no Medusa URL: no profile is set up and neither --url nor MEDUSA_URL is given", "run `medusactl login --url <url>` or `medusactl sandbox up`");
  }
  checkUrl(url, Boolean(flags.insecure));
  const publishableKey = env.MEDUSA_PUBLISHABLE_KEY ?? (profile && sameBackend(profile.url, url) ? profile.publishableKey : undefined);
  const base = { url, profileName: name, profile, publishableKey, production: Boolean(profile?.production) };
  if (env.MEDUSA_API_KEY) return { ...base, source: "env:MEDUSA_API_KEY", apiKey: env.MEDUSA_API_KEY };
  if (env.MEDUSA_TOKEN) return { ...base, source: "env:MEDUSA_TOKEN", token: env.MEDUSA_TOKEN };
  if (profile && sameBackend(profile.url, url)) return { ...base, source: "profile" };
  if (opts.needCredential) {
    throw new AuthRequiredError(`no credentials for ${url}`, `run \`medusactl login --url ${url}\`, or set MEDUSA_API_KEY`);
  }
  return { ...base, source: "none" };
}

/** Plain http only to loopback unless --insecure; anything but http(s) is refused. */
export function checkUrl(url: string, insecure: boolean): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`invalid URL "${url}"`, "use e.g. https://shop.example.com or http://127.0.0.1:9000");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new UsageError(`unsupported URL scheme "${u.protocol}" in ${url}`, "use http:// or https://");
  }
  if (u.username || u.password) throw new UsageError("credentials in the URL are not allowed", "use `medusactl login`");
  if (u.protocol === "http:" && !isLoopbackHost(u.hostname) && !insecure) {
    throw new UsageError(`refusing plain http to ${u.host}: credentials would travel unencrypted`, "use https, or pass --insecure if you accept that");
  }
}
