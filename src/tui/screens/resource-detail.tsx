import { useCallback, useEffect, useMemo, useState } from "react";
import { Box } from "ink";
import { Text } from "../components/text.js";
import { formatCell } from "../../shared/format.js";
import { useSdk } from "../../shared/sdk-context.js";
import type { Medusa } from "../../sdk/index.js";
import { ErrorBox } from "../components/error-box.js";
import { line, ScrollView, scrollHandlers, scrollTo, type Line } from "../components/scroll-view.js";
import { useKeymap } from "../hooks/use-keymap.js";
import { usePoll } from "../hooks/use-poll.js";
import { isFatal } from "../error-text.js";
import { useOnDataChange, useTuiState } from "../hooks/use-tui-state.js";
import { useReportStatus, useTuiActions } from "../hooks/use-tui-actions.js";
import type { Theme } from "../theme.js";
import { RESOURCE_DETAIL } from "../views.js";
import type { ViewEntry } from "../types.js";

type Rec = Record<string, unknown>;
type RetrieveFn = (id: string, query?: Rec, headers?: undefined, options?: { signal?: AbortSignal }) => Promise<Rec>;

const MAX_DEPTH = 4;

/** A record as indented `key: value` lines (kubectl describe), nested objects and lists unfolded. */
export function recordLines(record: Rec, theme: Theme, depth = 0, out: Line[] = []): Line[] {
  const pad = "  ".repeat(depth);
  for (const [k, v] of Object.entries(record)) {
    if (k.startsWith("raw_")) continue;
    if (v !== null && typeof v === "object" && depth < MAX_DEPTH) {
      const entries = Array.isArray(v) ? v : [v];
      if (Array.isArray(v) && v.length === 0) {
        out.push(line({ text: `${pad}${k}: `, color: theme.accent }, "[]"));
        continue;
      }
      out.push(line({ text: `${pad}${k}:`, color: theme.accent }, Array.isArray(v) ? ` (${v.length})` : ""));
      entries.forEach((e, i) => {
        if (e !== null && typeof e === "object") {
          if (Array.isArray(v)) out.push(line({ text: `${pad}  - ${i + 1}`, color: theme.muted }));
          recordLines(e as Rec, theme, depth + (Array.isArray(v) ? 2 : 1), out);
        } else out.push(line(`${pad}  - ${String(e)}`));
      });
    } else out.push(line({ text: `${pad}${k}: `, color: theme.accent }, formatCell(k, v, record)));
  }
  return out;
}

/** One record of a list view, described. */
export function ResourceDetail({ view, recordId, active, width, height }: { view: ViewEntry; recordId: string; active: boolean; width: number; height: number }) {
  const sdk = useSdk<Medusa>();
  const tui = useTuiState();
  const act = useTuiActions();
  const [top, setTop] = useState(0);
  const fetcher = useCallback(
    async (signal: AbortSignal): Promise<Rec> => {
      const r = (sdk.admin as unknown as Record<string, { retrieve: RetrieveFn }>)[view.list.resource]!;
      const res = await r.retrieve(recordId, view.list.detailFields ? { fields: view.list.detailFields } : undefined, undefined, { signal });
      const one = Object.values(res).find((v) => v && typeof v === "object" && !Array.isArray(v));
      return (one ?? res) as Rec;
    },
    [sdk, view, recordId],
  );
  const data = usePoll(fetcher, { key: `${view.name}:${recordId}`, intervalMs: tui.refreshMs, paused: tui.paused, active, now: tui.now });
  useReportStatus(active, data.updatedAt, data.busy);
  useOnDataChange(() => data.refresh());
  useEffect(() => {
    if (data.error && isFatal(data.error)) act.fatal(data.error);
  }, [data.error, act]);
  const lines = useMemo(() => (data.data ? recordLines(data.data, tui.theme) : []), [data.data, tui.theme]);
  const viewHeight = Math.max(1, height - (data.error ? 5 : 0));
  useKeymap(
    {
      bindings: RESOURCE_DETAIL.bindings,
      handlers: {
        ...scrollHandlers(setTop, lines.length, viewHeight),
        refresh: () => data.refresh(),
        copy: () => act.copy(recordId),
      },
    },
    active,
  );
  if (!active) return null;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {data.error ? <ErrorBox error={data.error} theme={tui.theme} width={width} stale={data.data !== undefined} /> : null}
      {data.data ? (
        <ScrollView lines={lines} top={scrollTo(top, lines.length, viewHeight)} height={viewHeight} width={width} />
      ) : data.status === "loading" ? (
        <Text color={tui.theme.muted}>loading…</Text>
      ) : null}
    </Box>
  );
}
