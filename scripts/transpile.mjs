// The test run's build of dist/: every source of the CLI, SDK and TUI stripped of its types by oxc
// (rolldown's transform, which Vite already brings), file by file as tsc would emit it, in about a
// second instead of tsc's 15–20 s on two cores. Unit tests already run oxc's output of the same
// sources (vitest transforms them the same way); tsc still type-checks, beside the tests, and
// `npm run build` (what a package ships) is tsc's.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";

const SRC = path.join(root, "src");
const OUT = path.join(root, "dist");
// What tsconfig.build.json leaves out: the storefront is Vite's to build.
const SKIP = new Set(["storefront-web"]);

function sources(dir, rel = "") {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const r = path.join(rel, e.name);
    if (e.isDirectory()) {
      if (!(rel === "" && SKIP.has(e.name))) out.push(...sources(path.join(dir, e.name), r));
    } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(r);
  }
  return out;
}

/** Writes dist/<file>.js and its source map for every source; resolves to how many. Throws on a syntax error, naming the file. */
export async function transpileDist({ outDir = OUT } = {}) {
  const { transform } = await import("rolldown/utils");
  const files = sources(SRC);
  await Promise.all(
    files.map(async (rel) => {
      const from = path.join(SRC, rel);
      const to = path.join(outDir, rel.replace(/\.tsx?$/, ".js"));
      const r = await transform(from, readFileSync(from, "utf8"), {
        lang: rel.endsWith(".tsx") ? "tsx" : "ts",
        sourceType: "module",
        target: "es2022",
        jsx: { runtime: "automatic", importSource: "react" },
        sourcemap: true,
      });
      if (r.errors?.length) throw new Error(`${path.relative(root, from)}: ${r.errors.map((e) => e.message).join("; ")}`);
      mkdirSync(path.dirname(to), { recursive: true });
      const map = { ...r.map, file: path.basename(to), sources: [path.relative(path.dirname(to), from)] };
      writeFileSync(`${to}.map`, JSON.stringify(map));
      writeFileSync(to, `${r.code}//# sourceMappingURL=${path.basename(to)}.map\n`);
    }),
  );
  return files.length;
}
