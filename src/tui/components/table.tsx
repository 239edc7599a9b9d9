import { Box } from "ink";
import { Text } from "./text.js";
import type { Column } from "../types.js";
import type { Theme } from "../theme.js";

type Row = Record<string, unknown>;

export interface TableProps {
  columns: readonly Column[];
  /** The visible rows only (virtualised): `undefined` for a row whose page is still loading. */
  rows: readonly (Row | undefined)[];
  /** Absolute index of rows[0]. */
  start: number;
  /** Absolute index of the selected row. */
  cursor: number;
  width: number;
  theme: Theme;
  /** Rows marked for a batch action (the order list's space and `*`): a ● beside the cursor's marker. */
  marked?: (row: Row) => boolean;
}

import { GAP, MARKER, fit, fitColumns, layoutColumns } from "../layout.js";

// Pure text layout lives in ../layout.ts, so the first frame (../first-frame.ts) can use it without Ink.
export { fit, layoutColumns };

/**
 * A table of the visible rows (the caller slices; ink#359: a frame taller than the terminal
 * flickers). The selected row has a `>` marker and inverse video, so it shows without colour; a
 * marked row a `●`.
 */
export function Table({ columns: declared, rows, start, cursor, width, theme, marked }: TableProps) {
  const columns = fitColumns(declared, width);
  const widths = layoutColumns(columns, width);
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate">
        {" ".repeat(MARKER)}
        {columns.map((c, i) => fit(c.header, widths[i]!, c.align)).join(" ".repeat(GAP))}
      </Text>
      {rows.map((row, i) => {
        const index = start + i;
        const selected = index === cursor;
        const marker = (selected ? ">" : " ") + (row && marked?.(row) ? "●" : " ");
        if (!row) {
          return (
            <Text key={index} color={theme.muted} inverse={selected && theme.selection.inverse} wrap="truncate">
              {marker}
              {fit("…", width - MARKER)}
            </Text>
          );
        }
        return (
          <Text key={index} wrap="truncate" inverse={selected && theme.selection.inverse} backgroundColor={selected ? theme.selection.bg : undefined} color={selected ? theme.selection.fg : undefined}>
            {marker}
            {columns.map((c, ci) => {
              const text = fit(c.value(row), widths[ci]!, c.align) + (ci < columns.length - 1 ? " ".repeat(GAP) : "");
              const color = !selected && c.state ? theme.state(c.state(row)) : undefined;
              return (
                <Text key={ci} color={color}>
                  {text}
                </Text>
              );
            })}
          </Text>
        );
      })}
    </Box>
  );
}
