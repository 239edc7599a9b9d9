import type { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { parseSeconds } from "../../cmdutil/context.js";
import { UsageError } from "../../../term/errors.js";

export interface TuiFlags {
  readOnly?: boolean;
  refresh: number;
}

/**
 * `medusactl tui [--read-only] [--refresh <seconds>]` (CONTRACT.md §1): the terminal UI for
 * on-call staff. Ink and React are imported only here, after the checks that need neither.
 */
export function register(cmd: Command, ctx: CommandContext): void {
  cmd
    .option("--read-only", "hide every action: look, do not touch (also per profile: `profile set NAME --read-only`)")
    .option("--refresh <seconds>", "live refresh interval (default 5)", parseSeconds, 5)
    .addHelpText(
      "after",
      "\nKeys: ? lists them (generated from the bindings), : switches view (:orders, :fulfillments, :returns…), / filters\n" +
        "(/!text keeps the rows NOT matching), y copies the id (OSC 52), esc goes back, q or Ctrl-C quits (exit 0).\n" +
        "On an order: f s d c $ x R F C A act (fulfil, ship, deliver, capture, refund, cancel, return, cancel a\n" +
        "fulfilment, complete, archive); u t m e go to its customer, returns, claims, exchanges.\n" +
        "Read-only (no action keys, [read-only] in the header): --read-only, or a profile marked with\n" +
        "`medusactl profile set NAME --read-only`.\n" +
        "Without a terminal it refuses (exit 2); use `medusactl orders list --json` there.\n\n" +
        "Examples:\n  medusactl tui\n  medusactl tui --read-only --refresh 2\n  medusactl --profile prod tui --read-only",
    )
    .action(async (o: TuiFlags, c: Command) => {
      const f = ctx.factory(c);
      if (!f.io.isStdoutTTY || !f.io.isStdinTTY) {
        const { nonTtyHint } = await import("../../../tui/views.js");
        throw new UsageError("medusactl tui needs an interactive terminal (stdin and stdout must be a TTY)", nonTtyHint());
      }
      const target = await f.target();
      // The log pane shows every request; --debug lines on stderr would tear the frame.
      f.flags.debug = false;
      const tui = await import("../../../tui/index.js");
      const log = tui.createCommandLog();
      const sdk = await f.sdk({ hooks: log.hooks });
      const { maskSecret } = await import("../../../shared/format.js");
      const { sameBackend, secretKey } = await import("../../config/profiles.js");
      let identity: string | undefined;
      let whoami: (() => Promise<string>) | undefined;
      const key = target.apiKey ?? (target.source === "profile" && target.profile?.auth === "api-key" ? await (await f.tokens()).getItem(secretKey(target.profileName!)) : undefined);
      // /admin/users/me answers 404 for secret keys (NOTES.md §4); the first list read checks the key.
      if (key) identity = `secret API key ${maskSecret(key)}`;
      else {
        whoami = async () => {
          const me = await (await import("../../cmdutil/identity.js")).currentUser(sdk, f.signal);
          return me?.email ?? me?.id ?? "(unknown user)";
        };
      }
      // The queues' index of order states; its first build starts when a queue is first shown.
      const { OrderIndex, orderIndexEnabled } = await import("../../bulk/order-index.js");
      const orderIndex = orderIndexEnabled(f.io.env) ? await OrderIndex.open(sdk, f.dataDir(), target.url) : undefined;
      await tui.runTui({
        io: f.io,
        sdk,
        orderIndex,
        log,
        profile: { name: target.source.startsWith("env:") ? undefined : target.profileName, url: target.url, production: target.production },
        identity,
        whoami,
        // Read-only by flag, or by the active profile (`profile set NAME --read-only`) whenever the TUI
        // talks to that profile's back-end, also with an environment credential (as --production is).
        readOnly: Boolean(o.readOnly || (target.profile?.readOnly && sameBackend(target.profile.url, target.url))),
        refreshSeconds: o.refresh,
        signal: f.signal,
      });
      // What the screens learnt by reading orders (one captured meanwhile, …), for the next run.
      await orderIndex?.flush().catch(() => undefined);
    });
}
