import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { UsageError } from "../../../term/errors.js";
import { PROFILE_NAME_RE, secretKey } from "../../config/profiles.js";
import { requireConfirmation } from "../../cmdutil/prompter.js";
import { notice } from "../../output/notice.js";

export function register(noun: Command, ctx: CommandContext): void {
  noun.addHelpText(
    "after",
    "\nA profile is a saved back-end URL plus its credential (from `medusactl login --profile NAME`). The active one is\n--profile, else MEDUSACTL_PROFILE, else the default.\n\nExamples:\n  medusactl profile list\n  medusactl profile use shop\n  medusactl --profile ci products list",
  );
  noun
    .command("list")
    .description("List saved profiles (secrets are never shown)")
    .addHelpText("after", "\nExamples:\n  medusactl profile list\n  medusactl profile list --json")
    .option("--json", "print JSON")
    .action(async (o, c: Command) => {
      const f = ctx.factory(c);
      const data = await f.profiles().read();
      const active = c.optsWithGlobals().profile ?? f.io.env.MEDUSACTL_PROFILE ?? data.default;
      const rows = Object.entries(data.profiles).map(([name, p]) => ({
        name,
        url: p.url,
        auth: p.auth,
        email: p.email ?? "",
        production: Boolean(p.production),
        readOnly: Boolean(p.readOnly),
        default: name === data.default,
        active: name === active,
      }));
      if (o.json) return void f.io.out.write(JSON.stringify(rows, null, 2) + "\n");
      if (rows.length === 0) {
        if (f.io.isStderrTTY) notice(f.io, "no profiles; run `medusactl login` or `medusactl sandbox up`");
        return;
      }
      for (const r of rows) {
        const mark = r.active ? "*" : " ";
        f.io.out.write(`${mark} ${r.name}\t${r.url}\t${r.auth}${r.email ? ` ${r.email}` : ""}${r.production ? "\tPRODUCTION" : ""}${r.readOnly ? "\tread-only" : ""}${r.default ? "\t(default)" : ""}\n`);
      }
    });

  noun
    .command("use")
    .description("Make a profile the default")
    .addHelpText("after", "\nExamples:\n  medusactl profile use shop")
    .argument("<name>")
    .action(async (name: string, _o, c: Command) => {
      const f = ctx.factory(c);
      await f.profiles().update((d) => {
        if (!d.profiles[name]) throw new UsageError(`no profile named "${name}"`, "see `medusactl profile list`");
        d.default = name;
      });
      f.io.out.write(`default profile: ${name}\n`);
    });

  noun
    .command("set")
    .description("Change a profile's settings")
    .addHelpText("after", "\nExamples:\n  medusactl profile set shop --production\n  medusactl profile set sandbox --publishable-key pk_…\n  medusactl profile set shop --url https://new.example.com\n  medusactl profile set prod --read-only    # medusactl tui on prod looks, never touches\n  medusactl profile set prod --no-read-only")
    .argument("<name>")
    .option("--url <url>", "back-end URL (the stored credential is dropped when the URL changes)")
    .option("--production", "mark as production: stricter confirmations")
    .option("--no-production", "remove the production mark")
    .option("--read-only", "open the TUI read-only with this profile: every action key is gone, [read-only] in the header")
    .option("--no-read-only", "remove the read-only mark")
    .option("--publishable-key <key>", "publishable key for store requests")
    .action(async (name: string, o, c: Command) => {
      const f = ctx.factory(c);
      if (!PROFILE_NAME_RE.test(name)) throw new UsageError(`invalid profile name "${name}"`);
      let urlChanged = false;
      await f.profiles().update((d) => {
        const p = d.profiles[name];
        if (!p) throw new UsageError(`no profile named "${name}"`, "create it with `medusactl login --profile <name>`");
        if (o.url && o.url !== p.url) {
          p.url = o.url;
          urlChanged = true;
        }
        if (o.production !== undefined) p.production = o.production;
        if (o.readOnly === true) p.readOnly = true;
        else if (o.readOnly === false) delete p.readOnly;
        if (o.publishableKey) p.publishableKey = o.publishableKey;
      });
      // A secret belongs to the URL it was issued for (CONTRACT.md §4).
      if (urlChanged) await (await f.tokens()).removeItem(secretKey(name));
      f.io.out.write(`profile ${name} updated${urlChanged ? "; log in again for the new URL" : ""}\n`);
    });

  noun
    .command("remove")
    .description("Delete a profile and its stored credential")
    .addHelpText("after", "\nExamples:\n  medusactl profile remove old-shop\n  medusactl profile remove old-shop --yes")
    .argument("<name>")
    .option("-y, --yes", "do not ask for confirmation")
    .action(async (name: string, o, c: Command) => {
      const f = ctx.factory(c);
      const data = await f.profiles().read();
      if (!data.profiles[name]) throw new UsageError(`no profile named "${name}"`);
      await requireConfirmation(f.io, f.prompter(), { yes: o.yes, level: data.profiles[name]!.production ? "severe" : "moderate", question: `Remove profile ${name}?`, typed: name });
      await (await f.tokens()).removeItem(secretKey(name));
      await f.profiles().update((d) => {
        delete d.profiles[name];
        if (d.default === name) delete d.default;
      });
      f.io.out.write(`profile ${name} removed\n`);
    });
}
