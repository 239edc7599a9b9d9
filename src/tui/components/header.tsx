import { useEffect, useState } from "react";
import { Box } from "ink";
import { Text } from "./text.js";
import { formatAge } from "../../shared/format.js";
import type { Theme } from "../theme.js";

export interface HeaderProps {
  profile?: string;
  url: string;
  production: boolean;
  identity?: string;
  updatedAt?: number;
  paused: boolean;
  busy: boolean;
  readOnly: boolean;
  width: number;
  theme: Theme;
  now: () => number;
  /** How often "updated 4s ago" is redrawn. */
  tickMs: number;
}

/** Ticks so ages stay current; only the header re-renders. */
function useNow(now: () => number, tickMs: number): number {
  const [t, setT] = useState(now);
  useEffect(() => {
    if (tickMs <= 0) return;
    const timer = setInterval(() => setT(now()), tickMs);
    return () => clearInterval(timer);
  }, [now, tickMs]);
  return t;
}

/**
 * Profile, store URL, who is logged in and the age of the data, always on screen (k9s). A
 * production profile gets a red bar and a `PRODUCTION` badge that reads without colour too.
 */
export function Header(p: HeaderProps) {
  const t = useNow(p.now, p.tickMs);
  const style = p.production ? p.theme.production : p.theme.header;
  const refresh = p.paused ? "paused" : p.busy ? "updating…" : p.updatedAt ? `updated ${formatAge(p.updatedAt, Math.max(t, p.updatedAt))}` : "loading…";
  // Badges first: when the line is cut, it is the identity that goes, never PRODUCTION or read-only.
  const parts = [p.production ? "[PRODUCTION]" : undefined, p.readOnly ? "[read-only]" : undefined, p.profile ?? "(environment)", p.url, p.identity ?? "…"].filter(Boolean);
  const left = ` ${parts.join(" │ ")}`;
  // A space always parts the two halves, however long the left one is.
  const right = ` ${refresh} `;
  const room = Math.max(0, p.width - right.length);
  const shown = [...left].length > room ? [...left].slice(0, Math.max(0, room - 1)).join("") + "…" : left.padEnd(room);
  return (
    <Box width={p.width}>
      <Text bold color={style.fg} backgroundColor={style.bg} wrap="truncate">
        {shown}
        {right}
      </Text>
    </Box>
  );
}
