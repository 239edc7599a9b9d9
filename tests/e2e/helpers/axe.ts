/**
 * An axe-core audit of what a Chromium page shows right now: axe.min.js is injected into the page
 * and run with the WCAG 2.0/2.1/2.2 A and AA rules. Every violation is printed; the caller fails on
 * the serious and critical ones. Each route's outcome is also kept in
 * test-artifacts/storefront/axe-results.json, for the record of what was audited.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { ARTIFACTS } from "./storefront.js";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface AxeViolation {
  id: string;
  impact: "minor" | "moderate" | "serious" | "critical" | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

export interface AuditResult {
  route: string;
  violations: AxeViolation[];
  /** The serious and critical ones: what fails the test. */
  blocking: AxeViolation[];
  passes: number;
}

const results: AuditResult[] = [];

export async function audit(page: Page, route: string): Promise<AuditResult> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const raw = await page.evaluate(async (tags) => {
    const r = await (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: unknown[]; passes: unknown[] }> } }).axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return { violations: r.violations, passes: r.passes.length };
  }, WCAG_TAGS);
  const violations = (raw.violations as AxeViolation[]).map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
  }));
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  for (const v of violations) {
    process.stderr.write(`axe ${route}: ${v.impact} ${v.id} — ${v.help} (${v.nodes.length} node(s): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")})\n`);
  }
  const result = { route, violations, blocking, passes: raw.passes };
  results.push(result);
  writeFileSync(
    path.join(ARTIFACTS, "axe-results.json"),
    JSON.stringify(
      results.map((r) => ({ route: r.route, serious_or_critical: r.blocking.length, other: r.violations.length - r.blocking.length, rules: r.violations.map((v) => `${v.impact}:${v.id}`) })),
      null,
      2,
    ),
  );
  return result;
}

/** A readable list of the blocking violations, for the assertion message. */
export const describeBlocking = (r: AuditResult): string =>
  r.blocking.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`).join("\n");
