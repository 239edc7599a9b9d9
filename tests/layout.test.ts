// Not a mirror: the house's rules over every file of src/ and tests/.
/**
 * The house rules (issue "One house"), checked on every run so a change cannot quietly undo them:
 * arrows only run down, commands stay in their own folder, requests go through the SDK, files stay
 * readable, and there is no import circle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const rel = (f: string) => path.relative(root, f);

function files(dir: string, pattern = /\.(ts|tsx)$/): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, pattern));
    else if (pattern.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/**
 * Where the file a unit test mirrors may stand: `tests/<dir>/<name>.test.ts` (or `<name>.<aspect>.test.ts`,
 * one of several test files of one source) tests `src/<dir>/<name>.ts`; the storefront's tests
 * mirror its own `src/`, tests of scripts, of the sandbox package and of test helpers mirror those.
 */
function mirrored(test: string): string[] {
  const m = /^tests\/(.*?)([^/]+?)(?:\.[a-z-]+)?\.test\.tsx?$/.exec(test);
  if (!m) return [];
  const [, dir, name] = m as unknown as [string, string, string];
  const roots: [string, string][] = [
    ["", "src/"],
    ["storefront-web/", "src/storefront-web/src/"],
    ["storefront-web/", "src/storefront-web/"],
    ["scripts/", "scripts/"],
    ["sandbox/", "sandbox/"],
    ["helpers/", "tests/helpers/"],
  ];
  return roots
    .filter(([from]) => dir.startsWith(from))
    .flatMap(([from, to]) => [".ts", ".tsx", ".mjs", "/index.ts", "/index.tsx"].map((ext) => `${to}${dir.slice(from.length)}${name}${ext}`));
}

const SRC = files(path.join(root, "src"));
const text = new Map(SRC.map((f) => [f, readFileSync(f, "utf8")]));

/** Relative imports of a file, resolved to files of the tree (static, re-exports and literal import()). */
function importsOf(file: string): string[] {
  const out: string[] = [];
  const re = /(?:from\s+|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of text.get(file)!.matchAll(re)) {
    const base = path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, "");
    const hit = [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((c) => text.has(c));
    if (hit) out.push(hit);
  }
  return out;
}

function cycles(nodes: string[]): string[][] {
  const inside = new Set(nodes);
  const found: string[][] = [];
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, 1);
    stack.push(n);
    for (const m of importsOf(n).filter((x) => inside.has(x))) {
      if (state.get(m) === 1) found.push(stack.slice(stack.indexOf(m)).map(rel));
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 2);
  };
  for (const n of nodes) if (!state.has(n)) visit(n);
  return found;
}

describe("the house", () => {
  it("nothing under src/tui, src/storefront-web, src/shared, src/term or src/sdk imports src/cli", () => {
    const upward = SRC.filter((f) => /^src\/(tui|storefront-web|shared|term|sdk)\//.test(rel(f))).flatMap((f) => importsOf(f).filter((t) => rel(t).startsWith("src/cli/")).map((t) => `${rel(f)} -> ${rel(t)}`));
    expect(upward).toEqual([]);
  });

  it("no command imports program.ts or another noun's folder", () => {
    const wrong: string[] = [];
    for (const f of SRC.filter((x) => /^src\/cli\/commands\/[^/]+\//.test(rel(x)))) {
      const noun = rel(f).split("/")[3];
      for (const t of importsOf(f)) {
        const r = rel(t);
        if (r === "src/cli/program.ts" || (r.startsWith("src/cli/commands/") && r.split("/").length > 4 && r.split("/")[3] !== noun)) wrong.push(`${rel(f)} -> ${r}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("requests name no route: no /admin/ or /store/ string under src/cli or src/tui but the raw api command", () => {
    const literal = /["'`]\/(admin|store)\//;
    const found = SRC.filter((f) => /^src\/(cli|tui)\//.test(rel(f)) && !rel(f).startsWith("src/cli/commands/api/")).flatMap((f) =>
      text
        .get(f)!
        .split("\n")
        .map((l, i) => [l, i + 1] as const)
        .filter(([l]) => literal.test(l) && !/^\s*(\/\/|\*|\/\*)/.test(l))
        .map(([, i]) => `${rel(f)}:${i}`),
    );
    expect(found).toEqual([]);
  });

  it("every module of the CLI is an edge the tools can see: reached from main.ts by literal imports, none by a computed path", () => {
    // A computed import() (a path built from data) is invisible to tsc, this test and any import-graph tool.
    const computed = SRC.filter((f) => rel(f).startsWith("src/cli/") && /\bimport\(\s*(\/\*.*?\*\/\s*)?[^"'\s/]/.test(text.get(f)!.replace(/^\s*(\/\/|\*).*$/gm, ""))).map(rel);
    expect(computed).toEqual([]);
    const seen = new Set<string>();
    const walk = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const t of importsOf(f)) walk(t);
    };
    walk(path.join(root, "src/cli/main.ts"));
    expect(SRC.filter((f) => rel(f).startsWith("src/cli/") && !seen.has(f)).map(rel)).toEqual([]);
  });

  it("every unit test file mirrors the file it tests, or says in one line why not", () => {
    const unit = files(path.join(root, "tests"), /\.test\.tsx?$/).map(rel).filter((f) => !/^tests\/(e2e|e2e-production)\//.test(f));
    const lost = unit.filter((f) => {
      if (mirrored(f).some((c) => existsSync(path.join(root, c)))) return false;
      const head = readFileSync(path.join(root, f), "utf8").split("\n").slice(0, 5).join("\n");
      return !/^\/\/ Not a mirror: \S.{10,}/m.test(head);
    });
    expect(lost, "name it tests/<src path>.test.ts (or <src path>.<aspect>.test.ts), or start it with `// Not a mirror: <why>`").toEqual([]);
    expect(unit.length).toBeGreaterThan(100);
  });

  it("no source file is over 600 lines", () => {
    const long = SRC.map((f) => [rel(f), text.get(f)!.split("\n").length] as const).filter(([, n]) => n > 600);
    expect(long).toEqual([]);
  });

  it("no import circle inside src/cli/bulk, src/shared or src/cli/sandbox", () => {
    for (const dir of ["src/cli/bulk/", "src/shared/", "src/cli/sandbox/"]) expect(cycles(SRC.filter((f) => rel(f).startsWith(dir))), dir).toEqual([]);
  });

  it("inside src/cli, src/tui and the storefront, no floor imports one above it (no circle between their rooms)", () => {
    // A room is a first-level folder, or a file at the top of the folder: the floors farm out from
    // these, and an arrow can only run back up where two rooms import each other, directly or round.
    for (const dir of ["src/cli/", "src/tui/", "src/storefront-web/src/"]) {
      const room = (f: string) => rel(f).slice(dir.length).split("/")[0]!;
      const inside = SRC.filter((f) => rel(f).startsWith(dir));
      const edges = new Map<string, Set<string>>();
      const why = new Map<string, string>();
      for (const f of inside) {
        for (const t of importsOf(f).filter((x) => rel(x).startsWith(dir))) {
          if (room(f) === room(t)) continue;
          (edges.get(room(f)) ?? edges.set(room(f), new Set()).get(room(f))!).add(room(t));
          why.set(`${room(f)}->${room(t)}`, `${rel(f)} -> ${rel(t)}`);
        }
      }
      const reaches = (a: string, b: string, seen = new Set<string>()): boolean => [...(edges.get(a) ?? [])].some((n) => n === b || (!seen.has(n) && (seen.add(n), reaches(n, b, seen))));
      const back = [...edges].flatMap(([a, to]) => [...to].filter((b) => reaches(b, a)).map((b) => why.get(`${a}->${b}`)!));
      expect(back, dir).toEqual([]);
    }
  });

  it("inside src/tui, hooks import no component or screen, components no screen, and the shared types import only types", () => {
    const wrong: string[] = [];
    const above: Record<string, RegExp> = { "src/tui/hooks/": /^src\/tui\/(components|screens)\//, "src/tui/components/": /^src\/tui\/screens\// };
    for (const f of SRC.filter((x) => rel(x).startsWith("src/tui/"))) {
      const floor = Object.keys(above).find((d) => rel(f).startsWith(d));
      if (floor) for (const t of importsOf(f)) if (above[floor]!.test(rel(t))) wrong.push(`${rel(f)} -> ${rel(t)}`);
    }
    const types = text.get(path.join(root, "src/tui/types.ts"))!;
    for (const line of types.split("\n").filter((l) => /^import\s/.test(l) && !/^import type\s/.test(l))) wrong.push(`src/tui/types.ts: ${line}`);
    expect(wrong).toEqual([]);
  });

  it("no import circle between the top-level folders of src", () => {
    const top = (f: string) => rel(f).split("/")[1]!;
    const edges = new Map<string, Set<string>>();
    for (const f of SRC) for (const t of importsOf(f)) if (top(f) !== top(t)) (edges.get(top(f)) ?? edges.set(top(f), new Set()).get(top(f))!).add(top(t));
    const reaches = (a: string, b: string, seen = new Set<string>()): boolean => [...(edges.get(a) ?? [])].some((n) => n === b || (!seen.has(n) && (seen.add(n), reaches(n, b, seen))));
    const circles = [...edges].flatMap(([a, to]) => [...to].filter((b) => reaches(b, a)).map((b) => `${a} <-> ${b}`));
    expect(circles).toEqual([]);
  });
});
