import { describe, expect, it } from "vitest";
import { checkUrl, resolveTarget } from "../../../src/cli/config/credentials.js";
import type { ProfilesFile } from "../../../src/cli/config/profiles.js";
import { configDir, dataDir } from "../../../src/cli/config/paths.js";

const file: ProfilesFile = {
  default: "shop",
  profiles: {
    shop: { url: "https://shop.example.com", auth: "jwt", production: true },
    sandbox: { url: "http://127.0.0.1:9000", auth: "api-key", publishableKey: "pk_sb" },
  },
};

describe("credential precedence", () => {
  it.each([
    ["the default profile", {}, {}, { url: "https://shop.example.com", source: "profile", profileName: "shop", production: true }],
    ["MEDUSACTL_PROFILE over the default", {}, { MEDUSACTL_PROFILE: "sandbox" }, { url: "http://127.0.0.1:9000", profileName: "sandbox", publishableKey: "pk_sb" }],
    ["--profile over MEDUSACTL_PROFILE", { profile: "shop" }, { MEDUSACTL_PROFILE: "sandbox" }, { profileName: "shop" }],
    ["MEDUSA_API_KEY over MEDUSA_TOKEN and the profile", {}, { MEDUSA_API_KEY: "sk_env", MEDUSA_TOKEN: "jwt" }, { source: "env:MEDUSA_API_KEY", apiKey: "sk_env" }],
    ["MEDUSA_TOKEN over the profile", {}, { MEDUSA_TOKEN: "jwt" }, { source: "env:MEDUSA_TOKEN", token: "jwt" }],
    ["an env credential with MEDUSA_URL", {}, { MEDUSA_URL: "https://other.example.com", MEDUSA_API_KEY: "sk_env" }, { url: "https://other.example.com", apiKey: "sk_env" }],
    ["--url over MEDUSA_URL", { url: "https://flag.example.com" }, { MEDUSA_URL: "https://env.example.com", MEDUSA_TOKEN: "t" }, { url: "https://flag.example.com" }],
  ] as const)("uses %s", (_name, flags, env, expected) => {
    expect(resolveTarget(flags, env, file, { needCredential: true })).toMatchObject(expected);
  });

  it("never sends a profile's secret to another URL: exit 4 naming the URL", () => {
    expect(() => resolveTarget({}, { MEDUSA_URL: "https://evil.example.com" }, file, { needCredential: true })).toThrow(
      expect.objectContaining({ exitCode: 4, message: "no credentials for https://evil.example.com" }),
    );
  });

  it("treats a trailing slash as the same back-end", () => {
    expect(resolveTarget({ url: "https://shop.example.com/" }, {}, file, { needCredential: true }).source).toBe("profile");
  });

  it("refuses an unknown --profile with a usage error", () => {
    expect(() => resolveTarget({ profile: "nope" }, {}, file, { needCredential: true })).toThrow(expect.objectContaining({ exitCode: 2 }));
  });

  it("asks for a login when nothing is configured", () => {
    expect(() => resolveTarget({}, {}, { profiles: {} }, { needCredential: true })).toThrow(expect.objectContaining({ exitCode: 4 }));
  });
});

describe("URL safety", () => {
  it.each(["http://127.0.0.1:9000", "http://localhost:9000", "http://[::1]:9000", "https://shop.example.com"])("accepts %s", (url) => {
    expect(() => checkUrl(url, false)).not.toThrow();
  });

  it.each([
    ["http://shop.example.com", /refusing plain http/],
    ["ftp://shop.example.com", /unsupported URL scheme/],
    ["not a url", /invalid URL/],
    ["https://user:pw@shop.example.com", /credentials in the URL/],
  ])("refuses %s", (url, msg) => {
    expect(() => checkUrl(url, false)).toThrow(msg);
  });

  it("allows plain http to a remote host with --insecure", () => {
    expect(() => checkUrl("http://shop.example.com", true)).not.toThrow();
  });
});

describe("folders", () => {
  it.each([
    [{ MEDUSACTL_CONFIG_DIR: "/x/cfg", XDG_CONFIG_HOME: "/xdg" }, "/x/cfg"],
    [{ XDG_CONFIG_HOME: "/xdg", HOME: "/home/u" }, "/xdg/medusactl"],
    [{ HOME: "/home/u" }, "/home/u/.config/medusactl"],
  ])("config folder from %j", (env, expected) => {
    expect(configDir(env)).toBe(expected);
  });

  it("data folder honours MEDUSACTL_DATA_DIR first", () => {
    expect(dataDir({ MEDUSACTL_DATA_DIR: "/d" })).toBe("/d");
  });
});
