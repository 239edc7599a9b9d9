import { Text } from "ink";
import { render } from "ink-testing-library";
import React from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useScanList } from "../../../src/tui/hooks/use-scan-list.js";

type Row = { id: string; keep: boolean };

/** 100 server rows, every other one kept by the filter. */
const ROWS: Row[] = Array.from({ length: 100 }, (_, i) => ({ id: `r${i}`, keep: i % 2 === 0 }));

function spin(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

function Probe(props: { renderMs: number; refreshMs: number; reads: number[]; failOnce?: { offset?: number } }) {
  // A render slower than the refresh interval: what a loaded machine (or a slow terminal) does to
  // Ink. React runs the effects of such a render in a later task, after an expired timer.
  spin(props.renderMs);
  const scan = useScanList<Row>({
    fetchPage: async (offset, limit) => {
      props.reads.push(offset);
      if (props.failOnce && offset === props.failOnce.offset) {
        props.failOnce.offset = undefined;
        throw new Error("socket hang up");
      }
      return { rows: ROWS.slice(offset, offset + limit), count: ROWS.length };
    },
    keep: (r) => r.keep,
    queryKey: "k",
    window: { start: 0, end: 13 },
    pageSize: 25,
    refreshMs: props.refreshMs,
    paused: false,
    active: true,
    now: Date.now,
  });
  return <Text>{`kept ${scan.count ?? "-"}${scan.error ? " error" : ""}`}</Text>;
}

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

describe("useScanList", () => {
  it("fills the screen before a live refresh reads the first page again, however slowly it renders", async () => {
    const reads: number[] = [];
    const r = render(<Probe renderMs={30} refreshMs={5} reads={reads} />);
    unmount = r.unmount;
    // 13 rows on screen and one screen more: 26 kept rows, 13 per page of 25, so pages 0, 1 and 2.
    await vi.waitFor(() => expect(reads).toEqual(expect.arrayContaining([0, 25, 50])), { timeout: 5000 });
    // Until the screen was full, each page was read once, in order: no refresh cut in.
    const firstOf50 = reads.indexOf(50);
    expect(reads.slice(0, firstOf50 + 1)).toEqual([0, 25, 50]);
  });

  it("then refreshes only the page the visible rows came from", async () => {
    const reads: number[] = [];
    const r = render(<Probe renderMs={0} refreshMs={20} reads={reads} />);
    unmount = r.unmount;
    await vi.waitFor(() => expect(reads.filter((o) => o === 0).length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    expect(reads.slice(0, 3)).toEqual([0, 25, 50]);
    // Rows 0-12 on screen all come from the first page of 25.
    expect(reads.slice(3).every((o) => o === 0)).toBe(true);
  });

  it("retries a read-on that failed on the refresh timer, and goes on filling the screen", async () => {
    const reads: number[] = [];
    const r = render(<Probe renderMs={0} refreshMs={20} reads={reads} failOnce={{ offset: 25 }} />);
    unmount = r.unmount;
    await vi.waitFor(() => expect(reads).toContain(50), { timeout: 5000 });
    // The failed page 25, then the retry (the visible page, then the page that failed), then on.
    expect(reads.slice(0, 2)).toEqual([0, 25]);
    expect(reads.filter((o) => o === 25).length).toBe(2);
    // Three pages of 25 read, 38 of their 75 rows kept: the screen and one more are filled, no error left.
    await vi.waitFor(() => expect(r.lastFrame()).toBe("kept 38"));
  });
});
