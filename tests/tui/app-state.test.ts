import { describe, expect, it, vi } from "vitest";
import { appReducer, initialAppState, MAX_STACK, topOf, type AppAction, type AppState } from "../../src/tui/app-state.js";
import { findView, START_VIEW } from "../../src/tui/views.js";

const start = () => initialAppState(START_VIEW, "jane", "sk_…1234");
const run = (state: AppState, ...actions: AppAction[]) => actions.reduce(appReducer, state);
const products = findView("products")!;

describe("the app's reducer", () => {
  it("starts on the start view with its filter, nothing open, live refresh on and the log shown", () => {
    const s = start();
    expect(s.stack).toEqual([{ id: 0, kind: "view", view: START_VIEW, filter: "jane" }]);
    expect(s).toMatchObject({ overlay: null, message: undefined, paused: false, logVisible: true, dataVersion: 0, identity: "sk_…1234", resets: {} });
  });

  it("shows the API-call log from 40 rows only: below, it would take five of the list's rows", () => {
    expect(initialAppState(START_VIEW, undefined, undefined, 24).logVisible).toBe(false);
    expect(initialAppState(START_VIEW, undefined, undefined, 39).logVisible).toBe(false);
    expect(initialAppState(START_VIEW, undefined, undefined, 40).logVisible).toBe(true);
    expect(run(initialAppState(START_VIEW, undefined, undefined, 24), { type: "toggleLog" }).logVisible).toBe(true);
  });

  it("a : switch replaces the trail instead of stacking on it", () => {
    const deep = run(start(), { type: "open", entry: { kind: "order", orderId: "order_1", label: "#1" } }, { type: "open", entry: { kind: "view", view: products } });
    const s = run(deep, { type: "switch", entry: { kind: "view", view: START_VIEW, queue: "to-ship" } });
    expect(s.stack).toEqual([{ id: 3, kind: "view", view: START_VIEW, queue: "to-ship" }]);
    expect(run(s, { type: "back" }).message?.text).toBe("this is the first screen: q quits");
  });

  it("opens screens on top with fresh ids, and esc goes back to the one below", () => {
    const s = run(start(), { type: "open", entry: { kind: "view", view: products } }, { type: "open", entry: { kind: "order", orderId: "order_1", label: "#1" } });
    expect(s.stack.map((e) => e.id)).toEqual([0, 1, 2]);
    expect(topOf(s)).toMatchObject({ kind: "order", orderId: "order_1" });
    expect(topOf(run(s, { type: "back" }))).toMatchObject({ kind: "view", view: products });
  });

  it("on the first screen, back stays and says how to quit", () => {
    const s = run(start(), { type: "back" });
    expect(s.stack).toHaveLength(1);
    expect(s.message).toEqual({ text: "this is the first screen: q quits", tone: "info" });
  });

  it("two backs in a row never empty the stack", () => {
    const s = run(start(), { type: "open", entry: { kind: "view", view: products } }, { type: "back" }, { type: "back" });
    expect(s.stack.map((e) => e.id)).toEqual([0]);
  });

  it(`keeps the newest ${MAX_STACK} screens`, () => {
    let s = start();
    for (let i = 1; i <= MAX_STACK + 3; i++) s = appReducer(s, { type: "open", entry: { kind: "order", orderId: `order_${i}`, label: `#${i}` } });
    expect(s.stack).toHaveLength(MAX_STACK);
    expect(topOf(s)).toMatchObject({ orderId: `order_${MAX_STACK + 3}` });
  });

  it("gives each dialog its own id, so a prompt and its confirmation are two dialogs", () => {
    const resolve = vi.fn();
    const spec = { kind: "confirm", title: "Cancel?", lines: [], level: "moderate", undo: "no" } as const;
    const a = run(start(), { type: "ask", spec, resolve });
    const b = run(a, { type: "overlay", overlay: null }, { type: "ask", spec, resolve });
    expect(a.overlay).toMatchObject({ kind: "dialog", spec });
    expect(b.overlay && "id" in b.overlay && a.overlay && "id" in a.overlay && b.overlay.id !== a.overlay.id).toBe(true);
    expect(resolve).not.toHaveBeenCalled();
  });

  it.each([
    ["error", undefined],
    ["warn", undefined],
    ["ok", undefined],
    ["info", { text: "x", tone: "info" }],
  ] as const)("a key press clears a %s message: %j", (tone, after) => {
    const s = run(start(), { type: "notify", message: { text: "x", tone } }, { type: "keyPressed" });
    expect(s.message).toEqual(after);
  });

  it("a key press with nothing to clear keeps the same state (no re-render)", () => {
    const s = start();
    expect(appReducer(s, { type: "keyPressed" })).toBe(s);
  });

  it("pause toggles live refresh and says which way", () => {
    const paused = run(start(), { type: "togglePause" });
    expect(paused).toMatchObject({ paused: true, message: { text: "live refresh paused (p resumes)", tone: "info" } });
    expect(run(paused, { type: "togglePause" })).toMatchObject({ paused: false, message: { text: "live refresh resumed", tone: "info" } });
  });

  it("an unchanged screen status keeps the same state; a new one replaces it", () => {
    const s = run(start(), { type: "status", status: { updatedAt: 5, busy: false } });
    expect(appReducer(s, { type: "status", status: { updatedAt: 5, busy: false } })).toBe(s);
    expect(appReducer(s, { type: "status", status: { updatedAt: 5, busy: true } }).status).toEqual({ updatedAt: 5, busy: true });
  });

  it("reload counts per screen, so only the active screen is drawn again", () => {
    const s = run(start(), { type: "open", entry: { kind: "view", view: products } }, { type: "reload" }, { type: "reload" });
    expect(s.resets).toEqual({ 1: 2 });
  });

  it("counts data versions, toggles the log, and learns who is logged in", () => {
    const s = run(start(), { type: "bumpData" }, { type: "bumpData" }, { type: "toggleLog" }, { type: "identity", identity: "admin@example.com" });
    expect(s).toMatchObject({ dataVersion: 2, logVisible: false, identity: "admin@example.com" });
  });
});
