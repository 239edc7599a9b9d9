/**
 * Password-reset tokens as the sandbox's `auth.password_reset` subscriber records them
 * (sandbox/src/subscribers/password-reset-tokens.ts): JSON lines `{entity_id, actor_type, token, at}`
 * in `<sandbox>/run/reset-tokens.jsonl` (and `.1` once it rotated). The sandbox is the one
 * MEDUSACTL_DATA_DIR points at, as for the e2e global setup.
 */
import { readFileSync } from "node:fs";
import { sandboxPaths } from "../../../src/cli/sandbox/paths.js";

export interface ResetTokenRecord {
  entity_id: string;
  actor_type: string;
  token: string;
  at: string;
}

/** The file the subscriber appends to. */
export function resetTokensFile(env: NodeJS.ProcessEnv = process.env): string {
  return sandboxPaths({ env }).resetTokens;
}

function readRecords(file: string): ResetTokenRecord[] {
  const out: ResetTokenRecord[] = [];
  for (const f of [`${file}.1`, file]) {
    let text: string;
    try {
      text = readFileSync(f, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line) as ResetTokenRecord;
        if (typeof r.entity_id === "string" && typeof r.token === "string" && typeof r.at === "string") out.push(r);
      } catch {
        // a line being written right now, or torn by a crash
      }
    }
  }
  return out;
}

/** The newest recorded token for `email` (and actor), if any, issued at or after `since` (ms). */
export function latestResetToken(email: string, o: { actorType?: string; since?: number; file?: string } = {}): ResetTokenRecord | undefined {
  const want = email.toLowerCase();
  const since = o.since ?? 0;
  const matches = readRecords(o.file ?? resetTokensFile()).filter(
    (r) => r.entity_id.toLowerCase() === want && (o.actorType === undefined || r.actor_type === o.actorType) && Date.parse(r.at) >= since,
  );
  return matches.at(-1);
}

/**
 * Waits until the subscriber has recorded a token for `email` issued at or after `since` (default:
 * any) and returns it. The event is handled asynchronously (in the worker in the production
 * topology), so the token lands a moment after the reset request answered.
 * @example
 *   const since = Date.now();
 *   await sdk.auth.resetPassword("customer", "emailpass", { identifier: email });
 *   const token = await resetTokenFor(email, { since });
 */
export async function resetTokenFor(
  email: string,
  o: { actorType?: string; since?: number; timeoutMs?: number; file?: string } = {},
): Promise<string> {
  const actorType = o.actorType ?? "customer";
  // The record's `at` is taken after the request arrived; allow for a coarse clock step.
  const since = o.since === undefined ? undefined : o.since - 1000;
  const deadline = Date.now() + (o.timeoutMs ?? 20_000);
  for (;;) {
    const r = latestResetToken(email, { actorType, since, file: o.file });
    if (r) return r.token;
    if (Date.now() > deadline) {
      throw new Error(`no password-reset token for ${email} (${actorType}) in ${o.file ?? resetTokensFile()} after ${o.timeoutMs ?? 20_000} ms`);
    }
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** An order-transfer token as the sandbox's `order.transfer_requested` subscriber records it (sandbox/src/subscribers/order-transfer-tokens.ts). */
export interface TransferTokenRecord {
  order_id: string;
  order_change_id: string;
  customer_id: string | null;
  original_email: string | null;
  token: string;
  /** The storefront path that accepts or declines it. */
  link: string;
  at: string;
}

/** Waits until the sandbox has recorded the transfer token of `orderId` (the newest one) and returns its record. */
export async function transferTokenFor(orderId: string, o: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<TransferTokenRecord> {
  const file = sandboxPaths({ env: o.env ?? process.env }).transferTokens;
  const deadline = Date.now() + (o.timeoutMs ?? 20_000);
  for (;;) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      // not written yet
    }
    const found = text
      .split("\n")
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as TransferTokenRecord];
        } catch {
          return [];
        }
      })
      .filter((r) => r.order_id === orderId)
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no transfer token for ${orderId} in ${file}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}
