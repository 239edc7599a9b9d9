import { describe, expect, it } from "vitest";
import { isLoopbackHost, isLoopbackUrl } from "../../src/shared/net.js";

describe("loopback hosts (plain http allowed; the TUI defers Ink while a local back-end answers)", () => {
  it.each(["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "[::1]", "::1"])("%s is loopback", (h) => expect(isLoopbackHost(h)).toBe(true));
  it.each(["shop.example.com", "128.0.0.1", "127.0.0.1.example.com", "localhost.evil.com", "10.0.0.1", ""])("%s is not", (h) => expect(isLoopbackHost(h)).toBe(false));
  it("reads the host of a URL, and a URL that does not parse is not loopback", () => {
    expect(isLoopbackUrl("http://127.0.0.1:9000/admin")).toBe(true);
    expect(isLoopbackUrl("http://[::1]:9000")).toBe(true);
    expect(isLoopbackUrl("https://shop.example.com")).toBe(false);
    expect(isLoopbackUrl("not a url")).toBe(false);
  });
});
