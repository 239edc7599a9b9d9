/**
 * The `fields` a table of declared columns asks for: the columns added to Medusa's defaults
 * (`+name`). Plain names would replace the defaults and drop computed fields such as an order's
 * `payment_status`. The CLI's tables and the TUI's lists both ask this way.
 */
export function tableFields(columns: readonly string[]): string {
  return columns.map((c) => `+${c}`).join(",");
}
