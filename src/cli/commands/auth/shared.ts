import type { IOStreams } from "../../../term/io.js";
import { readStdinText } from "../../cmdutil/input-file.js";

/** The most stdin a secret may take (a key or password is under 1 KiB; a JWT a few KiB). */
export const MAX_SECRET_BYTES = 64 * 1024;

/**
 * Reads stdin as one secret: the first line, trimmed (`echo $KEY | medusactl login --api-key-stdin`).
 * At most MAX_SECRET_BYTES: more is refused (exit 2) without reading further, and the message
 * never quotes what was read.
 */
export async function readSecretFromStdin(io: IOStreams, flag = "stdin"): Promise<string> {
  const text = await readStdinText(io, { label: flag, max: MAX_SECRET_BYTES });
  return text.split(/\r?\n/)[0]!.trim();
}

/** Which environment credential overrides stored ones, if any (MEDUSA_API_KEY wins over MEDUSA_TOKEN). */
export function envCredential(env: NodeJS.ProcessEnv): "MEDUSA_API_KEY" | "MEDUSA_TOKEN" | undefined {
  if (env.MEDUSA_API_KEY) return "MEDUSA_API_KEY";
  if (env.MEDUSA_TOKEN) return "MEDUSA_TOKEN";
  return undefined;
}
