import { Box } from "ink";
import { Text } from "./text.js";
import type { LogLine } from "../hooks/use-command-log.js";
import type { Theme } from "../theme.js";
import { fit } from "./table.js";

/** The last API calls (lazygit's command log): method, path, status, duration. Redacted by the SDK. */
export function CommandLogPane({ lines, height, width, theme }: { lines: readonly LogLine[]; height: number; width: number; theme: Theme }) {
  const shown = lines.slice(Math.max(0, lines.length - (height - 1)));
  const pathWidth = Math.max(10, width - 7 - 1 - 5 - 1 - 8 - 1);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.muted} wrap="truncate">
        {fit(`── API calls (l hides) ${"─".repeat(width)}`, width)}
      </Text>
      {shown.map((l) => {
        const tone = l.error || (l.status ?? 0) >= 500 ? theme.status.error : (l.status ?? 0) >= 400 ? theme.status.warn : theme.status.ok;
        const status = l.status !== undefined ? String(l.status) : "ERR";
        return (
          <Text key={l.seq} wrap="truncate">
            {fit(l.method, 7)} {fit(l.path, pathWidth)} <Text color={tone}>{fit(status, 5)}</Text> {fit(`${l.durationMs} ms`, 8, "right")}
          </Text>
        );
      })}
    </Box>
  );
}
