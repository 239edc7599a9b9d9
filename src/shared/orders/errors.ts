/**
 * Errors of order operations, phrased for people: they name the order (and the line when there
 * is one). UI-free: the CLI maps `kind` to an exit code, the TUI shows the message.
 */

export type OrderErrorKind =
  /** The request as given cannot be right (unknown line, bad quantity): nothing was sent. */
  | "input"
  /** The order is not in a state that allows the action (already fulfilled, not captured). */
  | "state"
  /** Medusa refused or failed; `cause` is its error. */
  | "api"
  /** A capture or refund whose outcome could not be established (the order could not be read back). */
  | "uncertain";

/** An input of an order action, named by whoever asks for it (a CLI flag, a TUI field). */
export type InputName = "item" | "add" | "remove" | "type" | "fulfillment" | "shippingOption" | "email" | "customer" | "amount" | "code" | "receive" | "refund" | "returnShippingOption" | "returnShippingAmount";

/**
 * How people name inputs and follow-up actions where the action runs. Shared code words its
 * messages through this, so the CLI can say `--item <line>:<qty>` and `medusactl orders ship #12`
 * while the TUI says what its keys and fields are.
 */
export interface Words {
  /** An input; with `form`, followed by the shape of its value (`<line>:<qty>`). */
  input(name: InputName, form?: string): string;
  /** A follow-up action on a record (`orders ship`, `#12`), with optional arguments. */
  command(action: string, ref: string, args?: string): string;
}

/** Words for people who are not at a command line (the TUI): inputs by name, actions as verbs. */
export const PLAIN_WORDS: Words = {
  input: (name, form) => `${name}${form ? ` ${form}` : ""}`,
  command: (action, ref, args) => `${action.split(" ").pop()} ${ref}${args ? ` ${args}` : ""}`,
};

/** Text that names inputs or actions: rendered with the Words of where it is shown. */
export type Phrase = string | ((w: Words) => string);

export function phrase(p: Phrase, w: Words = PLAIN_WORDS): string {
  return typeof p === "string" ? p : p(w);
}

export class OrderError extends Error {
  override name = "OrderError";
  readonly kind: OrderErrorKind;
  /** HTTP status when Medusa answered. */
  readonly status?: number;
  readonly hint?: string;
  /** The message and hint before wording: `render` words them for another audience. */
  readonly parts: { message: Phrase; hint?: Phrase };

  constructor(message: Phrase, kind: OrderErrorKind, opts: { cause?: unknown; status?: number; hint?: Phrase } = {}) {
    super(phrase(message), opts.cause === undefined ? undefined : { cause: opts.cause });
    this.kind = kind;
    this.status = opts.status;
    this.hint = opts.hint === undefined ? undefined : phrase(opts.hint);
    this.parts = { message, hint: opts.hint };
  }

  /** Message and hint in the given words. */
  render(w: Words): { message: string; hint?: string } {
    return { message: phrase(this.parts.message, w), hint: this.parts.hint === undefined ? undefined : phrase(this.parts.hint, w) };
  }
}

export function isOrderError(e: unknown): e is OrderError {
  return e instanceof OrderError || (typeof e === "object" && e !== null && (e as { name?: unknown }).name === "OrderError");
}

interface ApiLike {
  name?: string;
  status?: number;
  type?: string;
  code?: string;
  message?: string;
}

function apiLike(e: unknown): ApiLike | undefined {
  return typeof e === "object" && e !== null && (e as ApiLike).name === "ApiError" ? (e as ApiLike) : undefined;
}

/**
 * Turns a Medusa error into one that names the order, rewriting the messages that say nothing to
 * a person (Medusa answers "No stock reservation found for item ordli_…" when a line is already
 * fulfilled). Authentication and permission errors pass through untouched: the CLI maps them to
 * their own exit codes. `lineName` turns an `ordli_` id in the message into the line as shown.
 */
export function explainApiError(e: unknown, orderName: string, action: string, lineName?: (itemId: string) => string | undefined): unknown {
  const api = apiLike(e);
  if (!api || api.status === undefined || api.status === 401 || api.status === 403) return e;
  let msg = api.message ?? "request failed";
  const reservation = /No stock reservation found for item (ordli_\w+)/.exec(msg);
  if (reservation) {
    const line = lineName?.(reservation[1]!) ?? reservation[1];
    // Medusa says this both for a line fulfilled already and for one that never got a reservation
    // (e.g. items added by a claim or exchange without an outbound shipping method).
    msg = `${line} has no stock reservation left: it is already fulfilled, or its stock was never reserved`;
  } else if (/refund more than the captured amount/i.test(msg)) {
    msg = `payment not captured (or not enough captured): ${msg}`;
  } else if (lineName) {
    msg = msg.replace(/ordli_\w+/g, (id) => lineName(id) ?? id);
  }
  const kind = api.status >= 500 ? "api" : "state";
  return new OrderError(`order ${orderName}: ${action}: ${msg}`, api.status === 404 ? "api" : kind, { cause: e, status: api.status });
}
