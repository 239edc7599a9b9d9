/**
 * An answer held in memory, shaped as a transport's answer: what the catalogue cache keeps and what
 * a shared product read splits per page are handed to the SDK as if Medusa had just sent them.
 */
import type { TransportResponse } from "../../sdk/transport/types.js";

export interface MemoryAnswer {
  status: number;
  statusText: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export function memoryResponse(a: MemoryAnswer): TransportResponse {
  const headers = new Map(Object.entries(a.headers));
  return {
    status: a.status,
    statusText: a.statusText,
    headers: { get: (n) => headers.get(n.toLowerCase()) ?? null, getSetCookie: () => [] },
    text: async () => a.body,
    async *stream() {
      yield new TextEncoder().encode(a.body);
    },
    dump: async () => {},
  };
}
