/**
 * The root's list of hand-written commands, as gh's root command lists its own: one literal lazy
 * import() per noun, so tsc checks every path and export, and the layout test and import-graph tools
 * see every edge, while only the invoked noun's module is ever loaded. A noun missing here has only
 * the verbs generated from its SDK resource (nouns.ts `admin`); one with neither fails the build.
 */
import type { CommandModule } from "../cmdutil/context.js";
import type { HandWrittenNoun, NounName } from "../nouns.js";

type Load = () => Promise<CommandModule>;

export const COMMAND_MODULES = {
  login: () => import("./auth/login.js"),
  logout: () => import("./auth/logout.js"),
  whoami: () => import("./auth/whoami.js"),
  profile: () => import("./profile/index.js"),
  api: () => import("./api/index.js"),
  sandbox: () => import("./sandbox/index.js"),
  apply: () => import("./apply/index.js"),
  tui: () => import("./tui/index.js"),
  completion: () => import("./completion/index.js"),
  orders: () => import("./orders/index.js"),
  "draft-orders": () => import("./draft-orders/index.js"),
  "order-edits": () => import("./order-edits/index.js"),
  returns: () => import("./returns/index.js"),
  claims: () => import("./claims/index.js"),
  exchanges: () => import("./exchanges/index.js"),
  fulfillments: () => import("./fulfillments/index.js"),
  "payment-collections": () => import("./payment-collections/index.js"),
  products: () => import("./products/index.js"),
  prices: () => import("./prices/index.js"),
  inventory: () => import("./inventory/index.js"),
  customers: () => import("./customers/index.js"),
} satisfies Record<HandWrittenNoun, Load> & Partial<Record<NounName, Load>>;

/** The hand-written commands of a noun, if it has any. */
export function commandModule(name: string): Load | undefined {
  return (COMMAND_MODULES as Partial<Record<string, Load>>)[name];
}
