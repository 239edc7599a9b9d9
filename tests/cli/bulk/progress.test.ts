import { afterEach, describe, expect, it, vi } from "vitest";
import { createProgress } from "../../../src/cli/bulk/progress.js";
import { testIO } from "../../helpers/test-io.js";

describe("progress", () => {
  afterEach(() => vi.useRealTimers());

  it("prints a plain line every 5 s off a TTY, with rate and ETA", () => {
    vi.useFakeTimers();
    let now = 0;
    const t = testIO();
    const p = createProgress(t.io, { label: "importing", total: 100, now: () => now });
    p.add(10);
    now = 5000;
    vi.advanceTimersByTime(5000);
    p.add(40);
    now = 10000;
    vi.advanceTimersByTime(5000);
    p.done();
    expect(t.err()).toBe("importing: 10/100 rows · 2.0 rows/s · ETA 45s · 5s\nimporting: 50/100 rows · 5.0 rows/s · ETA 10s · 10s\n");
  });

  it("draws one live line on a TTY and clears it when done; --quiet prints nothing", () => {
    vi.useFakeTimers();
    const t = testIO({ tty: true });
    const p = createProgress(t.io, { label: "exporting", unit: "products", now: () => 0 });
    p.add(3);
    p.done();
    expect(t.err()).toMatch(/^\r\x1b\[2Kexporting: 0 products/);
    expect(t.err().endsWith("\r\x1b[2K")).toBe(true);
    const q = testIO({ tty: true });
    const quiet = createProgress(q.io, { label: "x", quiet: true });
    quiet.add(1);
    quiet.note("phase");
    vi.advanceTimersByTime(20000);
    quiet.warn("careful");
    quiet.done();
    expect(q.err()).toBe("careful\n");
  });
});
