import { promises as fs } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { AuthRequiredError } from "../../../term/errors.js";
import { secretKey } from "../../config/profiles.js";
import { maskSecret } from "../../../shared/format.js";
import { checkSecretKey, currentUser } from "../../cmdutil/identity.js";

/**
 * `medusactl whoami [--show-token]` (CONTRACT.md §4): who the credential in force belongs to,
 * verified with an authenticated GET, plus profile, URL and where the secret lives.
 */
export function register(cmd: Command, ctx: CommandContext): void {
  cmd
    .option("--show-token", "print the credential in use (a secret: mind where the output goes)")
    .option("--json", "print one JSON object")
    .addHelpText("after", "\nExamples:\n  medusactl whoami\n  medusactl whoami --profile ci --json\n  medusactl whoami --show-token | pbcopy")
    .action(async (o: { showToken?: boolean; json?: boolean }, c: Command) => {
      const f = ctx.factory(c);
      const target = await f.target();
      let secret: string | undefined;
      let kind: "api-key" | "jwt";
      let where: string;
      if (target.source === "env:MEDUSA_API_KEY") {
        secret = target.apiKey;
        kind = "api-key";
        where = "environment (MEDUSA_API_KEY)";
      } else if (target.source === "env:MEDUSA_TOKEN") {
        secret = target.token;
        kind = "jwt";
        where = "environment (MEDUSA_TOKEN)";
      } else {
        const name = target.profileName!;
        secret = (await (await f.tokens()).getItem(secretKey(name))) ?? undefined;
        if (!secret) throw new AuthRequiredError(`profile "${name}" has no stored credential`, `run \`medusactl login --profile ${name}\``);
        kind = target.profile?.auth === "api-key" ? "api-key" : "jwt";
        const file = path.join(f.configDir(), "tokens.json");
        // The real mode, read after the store made the file private (it warns when it had to).
        const { octal } = await import("../../../sdk/private-file.js");
        where = `token file ${file} (plain text, mode ${octal((await fs.stat(file)).mode)})`;
      }
      if (o.showToken) {
        f.io.out.write(`${secret}\n`);
        return;
      }
      const sdk = await f.sdk();
      let identity: string;
      if (kind === "api-key") {
        // /admin/users/me answers 404 for secret keys: check the key on a route it can read.
        await checkSecretKey(sdk, f.signal);
        identity = `secret API key ${maskSecret(secret!)}`;
      } else {
        const me = await currentUser(sdk, f.signal);
        identity = me?.email ?? me?.id ?? "(unknown user)";
      }
      const info = { identity, profile: target.profileName ?? null, url: target.url, credential: where, production: target.production, verified: true };
      if (o.json) {
        f.io.out.write(JSON.stringify(info, null, 2) + "\n");
        return;
      }
      f.io.out.write(
        `Logged in as ${identity}\n` +
          `Profile:    ${target.source.startsWith("env:") ? `none (environment)${target.profileName ? `; active profile ${target.profileName} is overridden` : ""}` : target.profileName}${target.production ? " (PRODUCTION)" : ""}\n` +
          `URL:        ${target.url}\n` +
          `Credential: ${where}\n`,
      );
    });
}
