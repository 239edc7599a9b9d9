/**
 * `sandbox seed --orders N --products N --customers N`: asks the running sandbox server to generate
 * a large shop (sandbox/src/api/admin/sandbox/generate) and relays its progress. The route is an
 * admin route, so it is called with the sandbox's own secret key, from the state file.
 */
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";

import { resolveOptions, sandboxUrl, type SandboxOptions } from "./paths.js";
import { loadState } from "./state.js";
import { sandboxStatus } from "./manager.js";

export interface GenerateRequest {
  orders: number;
  products: number;
  customers: number;
  seed: number;
}

/** What the server reports at the end (sandbox/src/scripts/generate/index.ts: GenerateSummary). */
export interface GenerateSummary {
  seed: number;
  products: number;
  customers: number;
  orders: number;
  ordersMade: number;
  states: Record<string, number>;
  planted: { state: string; display_id: number; id: string; created_at: string }[];
  seconds: { products: number; customers: number; orders: number; total: number };
}

/** Most lines of the answer kept, and the longest (a broken server cannot grow memory without bound). */
const MAX_LINE = 256 * 1024;

export async function sandboxGenerate(opts: SandboxOptions, req: GenerateRequest, onProgress: (line: string) => void): Promise<GenerateSummary> {
  const r = resolveOptions(opts);
  const state = existsSync(r.paths.state) ? loadState(r.paths) : undefined;
  if (!state?.secretKey) throw new Error("the sandbox has not been set up: run `medusactl sandbox up` first");
  const status = await sandboxStatus(opts);
  if (!status.running) throw new Error("the sandbox is not running: run `medusactl sandbox up` first");
  const body = JSON.stringify(req);
  const auth = `Basic ${Buffer.from(`${state.secretKey}:`).toString("base64")}`;
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      `${sandboxUrl(state.port)}/admin/sandbox/generate`,
      { method: "POST", headers: { authorization: auth, "content-type": "application/json", "content-length": Buffer.byteLength(body) }, signal: r.signal },
      (res) => {
        res.setEncoding("utf8");
        if (res.statusCode !== 200) {
          let text = "";
          res.on("data", (c: string) => (text = (text + c).slice(0, 2000)));
          res.on("end", () => {
            let message = text;
            try {
              message = (JSON.parse(text) as { message?: string }).message ?? text;
            } catch {
              // not JSON: the text as it came
            }
            reject(new Error(`the sandbox refused to generate (HTTP ${res.statusCode}): ${message}${res.statusCode === 404 ? " (a sandbox started by an older medusactl: run `medusactl sandbox up` to restart it on the current sources)" : ""}`));
          });
          return;
        }
        let pending = "";
        let outcome: { ok: GenerateSummary } | { failed: string } | undefined;
        const line = (text: string) => {
          if (text.startsWith("[generate-ok] ")) {
            try {
              outcome = { ok: JSON.parse(text.slice("[generate-ok] ".length)) as GenerateSummary };
            } catch {
              outcome = { failed: "the server's summary was not JSON" };
            }
          } else if (text.startsWith("[generate-failed]")) outcome = { failed: text.slice("[generate-failed]".length).trim() || "unknown error" };
          else {
            const m = /^\[seed\]\s?(.*)$/.exec(text);
            if (m) onProgress(m[1]!);
          }
        };
        res.on("data", (chunk: string) => {
          pending += chunk;
          let nl: number;
          while ((nl = pending.indexOf("\n")) >= 0) {
            line(pending.slice(0, nl));
            pending = pending.slice(nl + 1);
          }
          if (pending.length > MAX_LINE) pending = pending.slice(-MAX_LINE);
        });
        const finish = () => {
          if (pending) line(pending);
          pending = "";
          if (outcome && "ok" in outcome) resolve(outcome.ok);
          else reject(new Error(`generating the shop failed in the Medusa server: ${outcome?.failed ?? "the answer ended before the generation did"} (see \`medusactl sandbox logs\`); run the same command again to continue`));
        };
        res.on("end", finish);
        res.on("error", finish);
      },
    );
    call.on("error", (e) => reject(e.name === "AbortError" ? e : new Error(`the sandbox server did not answer: ${e.message}`)));
    call.end(body);
  });
}
