/**
 * The noun table: one line per noun. Kept static (no imports) so that `--help` and `--version`
 * load nothing but this table; each noun's commands are built only when that noun is used.
 * `admin` names the SDK resource (src/sdk/admin/index.ts) behind a generic noun; the name is the
 * resource's admin API path segment (CONTRACT.md §1), checked by tests/cli/nouns.test.ts.
 * A noun's hand-written commands are the module `commands/index.ts` imports for its name.
 */
export interface NounEntry {
  name: string;
  summary: string;
  /**
   * "command": a noun-less command (`api`, `login`); its module's `register` receives the command
   * itself and adds arguments, options and the action. Default: a noun whose verbs are subcommands.
   */
  kind?: "noun" | "command";
  /**
   * Generic list/get/create/update/delete and domain verbs from this SDK admin resource. A noun
   * with hand-written commands too (commands/index.ts) has both: the hand-written verbs, then the
   * generated ones whose names are still free.
   */
  admin?: string;
  aliases?: readonly string[];
}

const TABLE = [
  { name: "login", summary: "Log in to a Medusa back-end and save the credential in a profile", kind: "command" },
  { name: "logout", summary: "Forget the stored credential of the active profile (--all: of every profile)", kind: "command" },
  { name: "whoami", summary: "Show who you are logged in as, where, and where the secret lives", kind: "command" },
  { name: "profile", summary: "List, switch and edit saved profiles" },
  { name: "api", summary: "Send a raw request: api <METHOD> <path> [--data ...] [--query ...] [--paginate]", kind: "command" },
  { name: "sandbox", summary: "Run a local Medusa back-end with seeded data" },
  { name: "apply", summary: "Create or update store objects from a seed file (idempotent): apply -f seed.yaml [--dry-run] [--output env]", kind: "command" },
  { name: "tui", summary: "Terminal UI for on-call staff: the order queue, one-key actions (--read-only, --refresh <s>)", kind: "command" },
  { name: "completion", summary: "Print a shell completion script: completion bash|zsh|fish", kind: "command" },
  { name: "orders", summary: "Orders: list, show, fulfil, ship, deliver, capture, refund, cancel, transfer", admin: "order", aliases: ["order"] },
  { name: "draft-orders", summary: "Draft orders and their edits", admin: "draftOrder", aliases: ["draft-order"] },
  { name: "order-edits", summary: "Order edits: add, change and remove items", admin: "orderEdit", aliases: ["order-edit"] },
  { name: "returns", summary: "Returns: request, receive, dismiss", admin: "return", aliases: ["return"] },
  { name: "claims", summary: "Claims: inbound and outbound items", admin: "claim", aliases: ["claim"] },
  { name: "exchanges", summary: "Exchanges: inbound and outbound items", admin: "exchange", aliases: ["exchange"] },
  { name: "fulfillments", summary: "Fulfilments and their shipments", admin: "fulfillment", aliases: ["fulfillment"] },
  { name: "payments", summary: "Payments: capture and refund", admin: "payment", aliases: ["payment"] },
  { name: "payment-collections", summary: "Payment collections: outstanding amounts of orders", admin: "paymentCollection", aliases: ["payment-collection"] },
  { name: "products", summary: "Products, variants and options; bulk import and export", admin: "product", aliases: ["product"] },
  { name: "product-variants", summary: "Product variants across products", admin: "productVariant", aliases: ["product-variant"] },
  { name: "product-options", summary: "Product options and their values", admin: "productOption", aliases: ["product-option"] },
  { name: "product-categories", summary: "Product categories", admin: "productCategory", aliases: ["product-category"] },
  { name: "collections", summary: "Product collections", admin: "productCollection", aliases: ["collection"] },
  { name: "product-tags", summary: "Product tags", admin: "productTag", aliases: ["product-tag"] },
  { name: "product-types", summary: "Product types", admin: "productType", aliases: ["product-type"] },
  { name: "prices", summary: "Price sheets: prices apply <prices.csv> [--price-list ID | --price-list-title T]" },
  { name: "price-lists", summary: "Price lists: sales and overrides", admin: "priceList", aliases: ["price-list"] },
  { name: "price-preferences", summary: "Tax-inclusive pricing preferences", admin: "pricePreference", aliases: ["price-preference"] },
  { name: "inventory", summary: "Stock sheets: inventory apply <stock.csv>" },
  { name: "inventory-items", summary: "Inventory items and their location levels", admin: "inventoryItem", aliases: ["inventory-item"] },
  { name: "reservations", summary: "Inventory reservations", admin: "reservation", aliases: ["reservation"] },
  { name: "stock-locations", summary: "Stock locations", admin: "stockLocation", aliases: ["stock-location"] },
  { name: "customers", summary: "Customers and their addresses; import from Shopify or WooCommerce, export", admin: "customer", aliases: ["customer"] },
  { name: "customer-groups", summary: "Customer groups", admin: "customerGroup", aliases: ["customer-group"] },
  { name: "promotions", summary: "Promotions and their rules", admin: "promotion", aliases: ["promotion"] },
  { name: "campaigns", summary: "Promotion campaigns", admin: "campaign", aliases: ["campaign"] },
  { name: "regions", summary: "Regions: currency, countries, payment providers", admin: "region", aliases: ["region"] },
  { name: "sales-channels", summary: "Sales channels", admin: "salesChannel", aliases: ["sales-channel"] },
  { name: "shipping-options", summary: "Shipping options", admin: "shippingOption", aliases: ["shipping-option"] },
  { name: "shipping-option-types", summary: "Shipping option types", admin: "shippingOptionType", aliases: ["shipping-option-type"] },
  { name: "shipping-profiles", summary: "Shipping profiles", admin: "shippingProfile", aliases: ["shipping-profile"] },
  { name: "fulfillment-sets", summary: "Fulfilment sets and their service zones", admin: "fulfillmentSet", aliases: ["fulfillment-set"] },
  { name: "fulfillment-providers", summary: "Fulfilment providers and their options", admin: "fulfillmentProvider", aliases: ["fulfillment-provider"] },
  { name: "tax-rates", summary: "Tax rates", admin: "taxRate", aliases: ["tax-rate"] },
  { name: "tax-regions", summary: "Tax regions", admin: "taxRegion", aliases: ["tax-region"] },
  { name: "tax-providers", summary: "Tax providers", admin: "taxProvider", aliases: ["tax-provider"] },
  { name: "return-reasons", summary: "Return reasons", admin: "returnReason", aliases: ["return-reason"] },
  { name: "refund-reasons", summary: "Refund reasons", admin: "refundReason", aliases: ["refund-reason"] },
  { name: "currencies", summary: "Currencies", admin: "currency", aliases: ["currency"] },
  { name: "locales", summary: "Locales", admin: "locale", aliases: ["locale"] },
  { name: "translations", summary: "Translations and their settings", admin: "translation", aliases: ["translation"] },
  { name: "stores", summary: "Store settings", admin: "store", aliases: ["store"] },
  { name: "users", summary: "Admin users", admin: "user", aliases: ["user"] },
  { name: "invites", summary: "Invitations of admin users", admin: "invite", aliases: ["invite"] },
  { name: "api-keys", summary: "Secret and publishable API keys", admin: "apiKey", aliases: ["api-key"] },
  { name: "rbac-roles", summary: "Roles (RBAC)", admin: "rbacRole", aliases: ["rbac-role"] },
  { name: "rbac-policies", summary: "Policies (RBAC)", admin: "rbacPolicy", aliases: ["rbac-policy"] },
  { name: "uploads", summary: "Uploaded files", admin: "upload", aliases: ["upload"] },
  { name: "notifications", summary: "Notifications sent by the store", admin: "notification", aliases: ["notification"] },
  { name: "workflows-executions", summary: "Workflow executions", admin: "workflowExecution", aliases: ["workflow-execution", "workflows-execution"] },
  { name: "property-labels", summary: "Property labels", admin: "propertyLabel", aliases: ["property-label"] },
  { name: "views", summary: "Admin view configurations", admin: "views", aliases: ["view"] },
  { name: "layouts", summary: "Admin layout configurations", admin: "layouts", aliases: ["layout"] },
  { name: "search", summary: "Search and search indexes", admin: "search" },
  { name: "index", summary: "The index engine: details and sync", admin: "index" },
  { name: "plugins", summary: "Installed plugins", admin: "plugin", aliases: ["plugin"] },
  { name: "feature-flags", summary: "Feature flags of the back-end", admin: "featureFlag", aliases: ["feature-flag"] },
] as const satisfies readonly NounEntry[];

export const NOUNS: readonly NounEntry[] = TABLE;

/** A noun's name, as the table spells it. */
export type NounName = (typeof TABLE)[number]["name"];

/** The nouns whose every verb is hand-written: commands/index.ts must have a module for each. */
export type HandWrittenNoun = Exclude<(typeof TABLE)[number], { admin: string }>["name"];

export function findNoun(word: string | undefined): NounEntry | undefined {
  if (!word) return undefined;
  return NOUNS.find((n) => n.name === word || n.aliases?.includes(word));
}
