import { createContext, useContext, useLayoutEffect, useRef, type MutableRefObject } from "react";
import type { Key } from "ink";
import type { Binding } from "../types.js";

/**
 * One key binding. The same objects drive dispatch, the `?` help and the footer hints, so the
 * help cannot drift from what the keys do (k9s generates its help the same way).
 */

/** A screen's keys: its bindings, the handlers behind them, and an optional text-input capture. */
export interface KeyLayer {
  bindings: readonly Binding[];
  handlers: Partial<Record<string, () => void>>;
  /** While set, every key goes here first (a filter being typed); return true when consumed. */
  capture?: ((input: string, key: Key) => boolean) | null;
}

const NAMED: [keyof Key, string][] = [
  ["upArrow", "up"],
  ["downArrow", "down"],
  ["leftArrow", "left"],
  ["rightArrow", "right"],
  ["pageUp", "pageup"],
  ["pageDown", "pagedown"],
  ["home", "home"],
  ["end", "end"],
  ["return", "enter"],
  ["escape", "esc"],
  ["tab", "tab"],
  ["backspace", "backspace"],
  ["delete", "delete"],
];

/** A stable name for one key press, as bindings spell it. */
export function keyName(input: string, key: Key): string {
  for (const [flag, name] of NAMED) if (key[flag]) return key.shift && name === "tab" ? "shift+tab" : name;
  if (key.ctrl && input) return `ctrl+${input.toLowerCase()}`;
  if (input === " ") return "space";
  return input;
}

/** The bindings that exist in this mode: --read-only removes every mutating one. */
export function activeBindings(bindings: readonly Binding[], readOnly: boolean): Binding[] {
  return bindings.filter((b) => !(readOnly && b.mutating));
}

export function findBinding(bindings: readonly Binding[], name: string, readOnly: boolean): Binding | undefined {
  return activeBindings(bindings, readOnly).find((b) => b.keys.includes(name));
}

/** "j/down" for help and hints. */
export function formatKeys(b: Binding): string {
  return b.keys.join("/");
}

/** Where the active screen's layer lives; the app's single input handler reads it. */
export const KeymapContext = createContext<MutableRefObject<KeyLayer | null> | null>(null);

export function useKeymapSlot(): MutableRefObject<KeyLayer | null> {
  return useRef<KeyLayer | null>(null);
}

/**
 * Registers a screen's keys while it is the active screen. Handlers may change every render;
 * the latest ones are used.
 */
export function useKeymap(layer: KeyLayer, active: boolean): void {
  const slot = useContext(KeymapContext);
  const latest = useRef(layer);
  latest.current = layer;
  // A layout effect: registered before the next key can arrive (a passive effect may run later).
  useLayoutEffect(() => {
    if (!slot || !active) return;
    const proxy: KeyLayer = {
      get bindings() {
        return latest.current.bindings;
      },
      get handlers() {
        return latest.current.handlers;
      },
      get capture() {
        return latest.current.capture;
      },
    };
    slot.current = proxy;
    return () => {
      if (slot.current === proxy) slot.current = null;
    };
  }, [slot, active]);
}

export type KeyHandler = (input: string, key: Key) => void;

/**
 * Where an overlay (help, `:` palette, dialog) takes its keys. The app's single input handler
 * routes to it; keys that arrive before the overlay has mounted wait in a queue, so fast typing
 * (or a paste) right after `:` loses nothing and never reaches the screen underneath.
 */
export interface OverlayInput {
  register(handler: KeyHandler): () => void;
}

export const OverlayInputContext = createContext<OverlayInput | null>(null);

export function useOverlayInput(handler: KeyHandler): void {
  const input = useContext(OverlayInputContext);
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => input?.register((i, k) => latest.current(i, k)), [input]);
}
