/**
 * Hand-written `customers` verbs (bulk: import, export); the generic verbs come from the SDK
 * declaration beside them. The jobs are src/cli/bulk/customers/.
 */
import { Option, type Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { collect } from "../../cmdutil/input.js";
import { addBulkOptions } from "../../bulk/options.js";
import { UsageError } from "../../../term/errors.js";
import { CSV_RAW_HELP } from "../../output/csv-field.js";
import type { CustomersImportOptions } from "../../bulk/customers/import.js";
import type { CustomersExportOptions } from "../../bulk/customers/export.js";

export function register(noun: Command, ctx: CommandContext): void {
  const imp = noun
    .command("import")
    .description("Import customers from Shopify's or WooCommerce's customer export, or from `customers export`: matched by e-mail, idempotent")
    .argument("<file>", "the CSV file (comma, semicolon or tab; UTF-8 or Windows-1252)")
    .addOption(new Option("--from <format>", "the file's kind (default: detected from the header)").choices(["shopify", "woocommerce", "medusa"]))
    .addOption(new Option("--on-error <how>", "skip: import the good rows, skip each bad one with its reasons (exit 3); stop: refuse the whole file (exit 2). Default: skip for Shopify and WooCommerce files, stop for medusactl's own").choices(["skip", "stop"]))
    .addOption(new Option("-o, --output <format>", "table or json (the summary, or with --dry-run the plan)").choices(["table", "json"]))
    .option("--json", "same as --output json");
  addBulkOptions(imp, { concurrency: 4, inFlight: "customers" }).addHelpText(
    "after",
    `
Files: Shopify's customer export (both header generations: "Customer ID, …, Default Address Address1, …"
and the older "…, Address1, …, Country Code, …"), WooCommerce's (the Analytics "Customers" report download,
or the billing_/shipping_ user columns of customer export plugins), and medusactl customers export.

A customer is matched by e-mail, case-insensitively; a rerun changes nothing. Names, e-mail, phone and
company go on the customer; addresses are added (the default one as default for shipping and billing),
never removed; tags become customer groups (created when missing), never left; marketing consent, tax
exemption, the note and the other store's id go into the customer's metadata (accepts_marketing_email,
accepts_marketing_sms, tax_exempt, note, shopify_customer_id, woocommerce_username). An empty cell leaves
the stored value alone. A malformed e-mail, or one on two rows, is reported with its rows.

Passwords cannot move between platforms: a new customer gets an account with a random password nobody
knows, and sets their own with the storefront's "Forgot password?" (/reset-password), which e-mails a
link. A guest record with the same e-mail (an earlier guest checkout) stays as it is.

Examples:
  medusactl customers import shopify-customers.csv --dry-run
  medusactl customers import customers.csv --report customers-report.json
  medusactl customers import customers.csv --resume
  medusactl customers import kunden.csv --delimiter semicolon --encoding windows-1252`,
  );
  imp.action(async (file: string, o: CustomersImportOptions, c: Command) => {
    const { customersImportRun } = await import("../../bulk/customers/import.js");
    await customersImportRun(ctx.factory(c), file, o);
  });

  noun
    .command("export")
    .description("Export customers (names, e-mail, phone, company, groups, consent, addresses) as the CSV `customers import` reads, or NDJSON, page by page")
    .option("--out <file>", "write to a file instead of stdout (replaced only once the export is whole)")
    .option("--query <querystring>", "filters, qs syntax, e.g. 'q=smith' or 'groups[]=cusgroup_1' (repeatable)", collect)
    .addOption(new Option("-o, --output <format>", "csv or ndjson").choices(["csv", "ndjson"]).default("csv"))
    .option("--csv-raw", CSV_RAW_HELP)
    .option("--page-size <n>", "customers per request", (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new UsageError("--page-size: expected 1 to 1000");
      return n;
    }, 200)
    .option("--quiet", "no progress on stderr")
    .addHelpText("after", "\nExamples:\n  medusactl customers export --out customers.csv\n  medusactl customers export --query 'q=example.com' -o ndjson | jq .email\n  medusactl customers import customers.csv      # into another store")
    .action(async (o: CustomersExportOptions, c: Command) => {
      const { customersExportRun } = await import("../../bulk/customers/export.js");
      await customersExportRun(ctx.factory(c), o);
    });
}
