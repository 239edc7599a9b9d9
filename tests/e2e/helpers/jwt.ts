/**
 * Re-signs a real token from the sandbox with other times, using the sandbox's own JWT secret, so
 * tests can present the back-end with a token that is nearly expired or expired, without waiting a day.
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { sandboxPaths } from "../../../src/cli/sandbox/paths.js";

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");

export function sandboxJwtSecret(): string {
  const state = JSON.parse(readFileSync(sandboxPaths({ env: process.env }).state, "utf8")) as { jwtSecret: string };
  return state.jwtSecret;
}

/** The same claims, issued `issuedAgo` seconds ago and expiring in `expiresIn` seconds (negative: already expired). */
export function retime(token: string, times: { issuedAgo: number; expiresIn: number }): string {
  const [, payload] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  claims.iat = now - times.issuedAgo;
  claims.exp = now + times.expiresIn;
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac("sha256", sandboxJwtSecret()).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}
