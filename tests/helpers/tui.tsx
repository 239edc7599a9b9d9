import { render } from "ink-testing-library";
import { expect, vi } from "vitest";
import { App, type AppProps } from "../../src/tui/app.js";
import { createCommandLog } from "../../src/tui/hooks/use-command-log.js";
import { OrdersState, registerOrders } from "./medusa-stub/orders.js";
import { stubRegistry, type StubRegistry } from "./medusa-stub/registry.js";

const KEYS: Record<string, string> = {
  enter: "\r",
  esc: "\u001b",
  up: "\u001b[A",
  down: "\u001b[B",
  pagedown: "\u001b[6~",
  pageup: "\u001b[5~",
  backspace: "\u007f",
  tab: "\t",
  "ctrl+c": "\u0003",
  "ctrl+u": "\u0015",
};

export interface TuiHarness {
  /** The shop's orders, returns, products and customers, as the order routes answer them. */
  shop: OrdersState;
  /** Answers the TUI's requests; a test adds failures here and reads the requests back. */
  registry: StubRegistry;
  frame(): string;
  frames: string[];
  /** Sends keys one at a time: names from KEYS, else the characters themselves. */
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  /** Waits until the current frame contains `text` (or matches), also across a wrapped line. */
  see(text: string | RegExp, timeout?: number): Promise<string>;
  unmount(): void;
}

/**
 * Renders the whole TUI at 80x24 (STYLE.md §5: set the size explicitly) over the order routes on a
 * stub registry, reached through the real SDK, with the clock and refresh under the test's control.
 * Pass `registry` to register stubs before the first request; it is verified when the test ends.
 */
export function renderTui(opts: Partial<AppProps> & { shop?: OrdersState; registry?: StubRegistry } = {}): TuiHarness {
  const shop = opts.shop ?? new OrdersState();
  const registry = opts.registry ?? stubRegistry();
  registerOrders(registry, shop);
  const log = opts.log ?? createCommandLog();
  const sdk = registry.sdk({ hooks: log.hooks });
  const r = render(
    <App
      sdk={sdk}
      log={log}
      profile="test"
      url="http://medusa.test"
      production={false}
      identity="secret API key sk_…1234"
      readOnly={false}
      refreshMs={0}
      color={false}
      tickMs={0}
      size={{ columns: 80, rows: 24 }}
      {...opts}
    />,
  );
  const frame = () => r.lastFrame() ?? "";
  const tick = () => new Promise((res) => setTimeout(res, 5));
  return {
    shop,
    registry,
    frame,
    frames: r.frames,
    async press(...keys) {
      for (const k of keys) {
        r.stdin.write(KEYS[k] ?? k);
        await tick();
      }
    },
    async type(text) {
      for (const ch of text) {
        r.stdin.write(ch);
        await tick();
      }
    },
    async see(text, timeout = 3000) {
      await vi.waitFor(
        () => {
          const f = frame();
          const flat = f.replace(/ *\n/g, " ");
          if (typeof text === "string") expect([f, flat].some((x) => x.includes(text)), f).toBe(true);
          else expect([f, flat].some((x) => text.test(x)), f).toBe(true);
        },
        { timeout, interval: 10 },
      );
      return frame();
    },
    unmount: () => r.unmount(),
  };
}
