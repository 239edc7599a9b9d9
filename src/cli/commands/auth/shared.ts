import type { IOStreams } from "../../../term/io.js";

/** Reads all of stdin as one secret: the first line, trimmed (`echo $KEY | medusactl login --api-key-stdin`). */
export async function readSecretFromStdin(io: IOStreams): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of io.in) chunks.push(typeof c === "string" ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0]!.trim();
}

/** Which environment credential overrides stored ones, if any (MEDUSA_API_KEY wins over MEDUSA_TOKEN). */
export function envCredential(env: NodeJS.ProcessEnv): "MEDUSA_API_KEY" | "MEDUSA_TOKEN" | undefined {
  if (env.MEDUSA_API_KEY) return "MEDUSA_API_KEY";
  if (env.MEDUSA_TOKEN) return "MEDUSA_TOKEN";
  return undefined;
}
