/**
 * Semantic colours: components say `theme.status.error`, never "red". With colour off (NO_COLOR,
 * --no-color, TERM=dumb) every colour is undefined and meaning is carried by text and markers
 * alone (the selection marker, the PRODUCTION badge, "error:" prefixes); bold and inverse stay,
 * as they are attributes rather than colours.
 */
export interface Theme {
  color: boolean;
  header: { fg?: string; bg?: string };
  /** The header of a production profile: red, plus a badge that reads without colour. */
  production: { fg?: string; bg?: string };
  accent?: string;
  muted?: string;
  selection: { fg?: string; bg?: string; inverse: boolean };
  status: { ok?: string; warn?: string; error?: string; info?: string };
  /** Per order/payment/fulfilment status value. */
  state: (value: string | null | undefined) => string | undefined;
}

const STATE_COLORS: Record<string, string> = {
  pending: "yellow",
  not_fulfilled: "yellow",
  partially_fulfilled: "yellow",
  authorized: "yellow",
  partially_authorized: "yellow",
  requires_action: "yellow",
  awaiting: "yellow",
  fulfilled: "cyan",
  partially_shipped: "cyan",
  shipped: "blue",
  partially_delivered: "blue",
  delivered: "green",
  captured: "green",
  completed: "green",
  received: "green",
  published: "green",
  partially_captured: "cyan",
  refunded: "magenta",
  partially_refunded: "magenta",
  canceled: "red",
  cancelled: "red",
  archived: "gray",
  draft: "gray",
};

export function makeTheme(color: boolean): Theme {
  if (!color) {
    return {
      color,
      header: {},
      production: {},
      selection: { inverse: true },
      status: {},
      state: () => undefined,
    };
  }
  return {
    color,
    header: { fg: "black", bg: "cyan" },
    production: { fg: "white", bg: "red" },
    accent: "cyan",
    muted: "gray",
    selection: { fg: "black", bg: "cyan", inverse: false },
    status: { ok: "green", warn: "yellow", error: "red", info: "cyan" },
    state: (value) => (value ? STATE_COLORS[value] : undefined),
  };
}
