// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, restrictConnections } from "../../../src/storefront-web/src/lib/config.js";

const json = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const env = { VITE_MEDUSA_URL: "http://build-time:9000", VITE_MEDUSA_PUBLISHABLE_KEY: "pk_build" };

describe("loadConfig", () => {
  it("prefers config.json beside index.html over the build-time variables", async () => {
    const c = await loadConfig({ configUrl: "/config.json", env, fetch: json({ medusaUrl: "https://shop.example.com/", publishableKey: "pk_runtime" }) });
    expect(c).toEqual({ medusaUrl: "https://shop.example.com", publishableKey: "pk_runtime" });
  });

  it("fills what config.json leaves out from the build-time variables", async () => {
    const c = await loadConfig({ configUrl: "/config.json", env, fetch: json({ medusaUrl: "https://other.example.com" }) });
    expect(c).toEqual({ medusaUrl: "https://other.example.com", publishableKey: "pk_build" });
  });

  it("uses the build-time variables when there is no config.json", async () => {
    expect(await loadConfig({ configUrl: "/config.json", env, fetch: json({}, 404) })).toEqual({ medusaUrl: "http://build-time:9000", publishableKey: "pk_build" });
  });

  it("treats an SPA fallback page (index.html) at /config.json as no file", async () => {
    const html = async () => new Response("<!doctype html>", { status: 200, headers: { "content-type": "text/html" } });
    expect(await loadConfig({ configUrl: "/config.json", env, fetch: html })).toEqual({ medusaUrl: "http://build-time:9000", publishableKey: "pk_build" });
  });

  it("says how to configure the shop when nothing gives a URL and key", async () => {
    await expect(loadConfig({ configUrl: "/config.json", env: {}, fetch: json({}, 404) })).rejects.toThrow(ConfigError);
    await expect(loadConfig({ configUrl: "/config.json", env: {}, fetch: json({}, 404) })).rejects.toThrow(/VITE_MEDUSA_URL/);
  });

  it("rejects a config.json that is not JSON", async () => {
    const bad = async () => new Response("{oops", { status: 200, headers: { "content-type": "application/json" } });
    await expect(loadConfig({ configUrl: "/config.json", env, fetch: bad })).rejects.toThrow(/not valid JSON/);
  });
});

describe("restrictConnections", () => {
  it("adds a policy that lets the page connect only to itself and the configured back-end's origin", () => {
    const doc = document.implementation.createHTMLDocument("shop");
    restrictConnections("https://api.shop.example:8443/store/", doc);
    const metas = [...doc.head.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')].map((m) => m.getAttribute("content"));
    expect(metas).toEqual(["connect-src 'self' https://api.shop.example:8443"]);
  });

  it("adds nothing for a URL it cannot read (the build-time policy stays)", () => {
    const doc = document.implementation.createHTMLDocument("shop");
    restrictConnections("not a url", doc);
    expect(doc.head.querySelectorAll("meta").length).toBe(0);
  });
});
