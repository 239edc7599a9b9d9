/**
 * Downloads one picture a sheet names (docs/SECURITY.md, "a catalogue's pictures"). A sheet from
 * a supplier or a marketplace is untrusted, and fetching the operator's own network on its behalf
 * (a loopback-only service, a router, the cloud's metadata address) and publishing the answer as a
 * picture is the classic server-side request forgery. So:
 * - the address each connection actually reached is checked (not only the name, so a name that
 *   resolves to a public address first and to 127.0.0.1 later gains nothing), on every redirect;
 * - a plain timer per picture covers connecting, the headers and the whole body;
 * - the body is counted as it arrives and cut past the limit.
 */
import { BlockList, isIP, type Socket } from "node:net";
import type { Dispatcher } from "undici";

/** Redirects followed per picture. */
export const MAX_PICTURE_REDIRECTS = 5;

const NAMED: [string, number, string][] = [
  ["0.0.0.0", 8, "a 'this network' address"],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a carrier-grade NAT address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address (where cloud metadata services answer)"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "a reserved address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a benchmarking address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
];
const NAMED6: [string, number, string][] = [
  ["::", 128, "the unspecified address"],
  ["::1", 128, "a loopback address"],
  ["fc00::", 7, "a private (unique local) address"],
  ["fe80::", 10, "a link-local address"],
  ["ff00::", 8, "a multicast address"],
  ["100::", 64, "a discard address"],
];

const lists = new Map<string, BlockList>();
for (const [net, bits, why] of NAMED) (lists.get(why) ?? lists.set(why, new BlockList()).get(why)!).addSubnet(net, bits, "ipv4");
for (const [net, bits, why] of NAMED6) (lists.get(why) ?? lists.set(why, new BlockList()).get(why)!).addSubnet(net, bits, "ipv6");

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) IPv6 address. */
function embeddedV4(ip: string): string | undefined {
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return undefined;
  const a = parseInt(hex[1]!, 16);
  const b = parseInt(hex[2]!, 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/**
 * Why `ip` is not an address a sheet may make us fetch from (loopback, private, link-local,
 * metadata, multicast, reserved), or undefined for a public address. The one rule for pictures.
 */
export function privateAddressProblem(ip: string): string | undefined {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (!family) return "not an IP address";
  const v4 = family === 4 ? bare : embeddedV4(bare);
  for (const [why, list] of lists) if (v4 ? list.check(v4, "ipv4") : list.check(bare, "ipv6")) return why;
  return undefined;
}

export class PictureRefused extends Error {
  override name = "PictureRefused";
}

export interface PictureFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Why an address may not be fetched from (see {@link addressRule}). */
  rule: AddressRule;
  signal?: AbortSignal;
}

/** Why a connection to `ip` is refused, or undefined when it may go ahead. */
export type AddressRule = (ip: string) => string | undefined;

/** The rule in force: private addresses refused, unless `--images-allow-private` (the operator vouches for the sheet). */
export function addressRule(allowPrivate: boolean): AddressRule {
  return allowPrivate ? () => undefined : privateAddressProblem;
}

const NOT_HERE = "pictures are not fetched from this machine or its network on a sheet's behalf (--images-allow-private allows it)";

/**
 * An undici dispatcher whose every connection is checked by `rule` on the address it reached,
 * before a byte of a request is written.
 */
export async function pictureDispatcher(rule: AddressRule): Promise<Dispatcher & { close(): Promise<void> }> {
  const { Agent, buildConnector } = await import("undici");
  const plain = buildConnector({});
  return new Agent({
    connect: (opts, cb) =>
      plain(opts, (err, socket) => {
        if (err || !socket) return cb(err ?? new Error("no connection"), null);
        const ip = (socket as Socket).remoteAddress ?? "";
        const why = rule(ip);
        if (!why) return cb(null, socket);
        socket.destroy();
        cb(new PictureRefused(`${opts.hostname} is at ${ip}, ${why}: ${NOT_HERE}`), null);
      }),
  });
}

export type PictureBytes = { bytes: Uint8Array; url: URL } | { reason: string };

function refusedBy(e: unknown): PictureRefused | undefined {
  for (let x = e as { cause?: unknown } | undefined, i = 0; x && i < 5; x = x.cause as never, i++) if (x instanceof PictureRefused) return x;
  return undefined;
}

/**
 * The bytes at `source` (following at most MAX_PICTURE_REDIRECTS redirects to http(s) URLs), or
 * the reason there are none. Never throws for what the URL or the server did; an abort of the run
 * (Ctrl-C) is thrown.
 */
export async function fetchPictureBytes(source: string, dispatcher: Dispatcher, o: PictureFetchOptions): Promise<PictureBytes> {
  const { request } = await import("undici");
  const timer = new AbortController();
  const stop = () => timer.abort(o.signal?.reason);
  o.signal?.addEventListener("abort", stop, { once: true });
  // A plain timer per picture: it covers connecting, headers and the whole body, however slowly it drips.
  const clock = setTimeout(() => timer.abort(new PictureRefused("timeout")), o.timeoutMs);
  const late = `no whole answer within ${o.timeoutMs / 1000} s`;
  try {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return { reason: "not a valid URL" };
    }
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") return { reason: `it leads to a ${url.protocol} URL; only http and https are fetched` };
      const literal = url.hostname.replace(/^\[|\]$/g, "");
      // A literal address is judged before connecting (no packet to a metadata address); names when connected.
      const why = isIP(literal) ? o.rule(literal) : undefined;
      if (why) return { reason: `${literal} is ${why}: ${NOT_HERE}` };
      let res: Dispatcher.ResponseData;
      try {
        res = await request(url, { dispatcher, method: "GET", signal: timer.signal, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs });
      } catch (e) {
        if (o.signal?.aborted) throw o.signal.reason ?? e;
        const refused = refusedBy(e);
        if (refused) return { reason: refused.message === "timeout" ? late : refused.message };
        if (timer.signal.aborted) return { reason: late };
        const err = e as Error & { code?: string; cause?: { code?: string } };
        return { reason: `cannot fetch: ${err.cause?.code ?? err.code ?? err.message}` };
      }
      if ([301, 302, 303, 307, 308].includes(res.statusCode)) {
        await res.body.dump().catch(() => {});
        const to = res.headers.location;
        if (typeof to !== "string" || !to) return { reason: `the server answered ${res.statusCode} without a location` };
        if (hop >= MAX_PICTURE_REDIRECTS) return { reason: `more than ${MAX_PICTURE_REDIRECTS} redirects` };
        try {
          url = new URL(to, url);
        } catch {
          return { reason: "it redirects to an invalid URL" };
        }
        continue;
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump().catch(() => {});
        return { reason: `the server answered ${res.statusCode}` };
      }
      const tooBig = { reason: `larger than ${o.maxBytes / 1048576} MB` };
      const declared = Number(res.headers["content-length"] ?? "NaN");
      if (declared > o.maxBytes) {
        res.body.destroy();
        return tooBig;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          size += chunk.byteLength;
          if (size > o.maxBytes) {
            res.body.destroy();
            return tooBig;
          }
          chunks.push(chunk);
        }
      } catch (e) {
        if (o.signal?.aborted) throw o.signal.reason ?? e;
        if (timer.signal.aborted) return { reason: late };
        return { reason: `download broke off: ${(e as Error).message}` };
      }
      return { bytes: Buffer.concat(chunks), url };
    }
  } finally {
    clearTimeout(clock);
    o.signal?.removeEventListener("abort", stop);
  }
}
