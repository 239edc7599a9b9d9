import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { globalFlags } from "../../cmdutil/context.js";
import { UsageError } from "../../../term/errors.js";
import { secretKey } from "../../config/profiles.js";
import { envCredential } from "./shared.js";
import { notice } from "../../output/notice.js";

/**
 * `medusactl logout [--all]`: forgets the stored secret of the active profile, or of every profile.
 * Profiles keep their settings (URL, production mark), so `login` brings them back.
 */
export function register(cmd: Command, ctx: CommandContext): void {
  cmd
    .option("--all", "forget the credentials of every profile")
    .addHelpText("after", "\nExamples:\n  medusactl logout\n  medusactl logout --profile shop\n  medusactl logout --all")
    .action(async (o: { all?: boolean }, c: Command) => {
      const f = ctx.factory(c);
      const flags = globalFlags(c);
      const file = await f.profiles().read();
      const tokens = await f.tokens();
      if (o.all) {
        await tokens.removeWhere((k) => k.startsWith(secretKey("")));
        notice(f.io, `Logged out of ${Object.keys(file.profiles).length} profile(s).`);
      } else {
        const name = flags.profile ?? f.io.env.MEDUSACTL_PROFILE ?? file.default;
        if (!name) throw new UsageError("no profile to log out of", "see `medusactl profile list`");
        if (!file.profiles[name]) throw new UsageError(`no profile named "${name}"`, "see `medusactl profile list`");
        await tokens.removeItem(secretKey(name));
        notice(f.io, `Logged out of profile "${name}" (${file.profiles[name]!.url}).`);
      }
      const env = envCredential(f.io.env);
      if (env) f.io.err.write(`Note: ${env} is still set in the environment and is used instead of any profile.\n`);
    });
}
