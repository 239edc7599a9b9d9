import { describe, expect, it } from "vitest";
import { parseAcceptLanguage } from "../../../src/storefront-web/server/accept-language.js";
import { countriesOf, pickCountry, readCookie, splitCountry } from "../../../src/storefront-web/src/lib/country.js";

const codes = ["de", "fr", "at", "us", "gb"];

describe("the shopper's country", () => {
  it.each([
    ["de-DE,de;q=0.9,en;q=0.8", ["de-de", "de", "en"]],
    ["en;q=0.5, fr-FR", ["fr-fr", "en"]],
    ["*, de;q=0", []],
    ["x".repeat(5000), []],
  ])("reads Accept-Language %j best first", (header, tags) => {
    expect(parseAcceptLanguage(header)).toEqual(tags);
  });

  it.each([
    ["the earlier choice first", { chosen: "FR", languages: ["de-DE"] }, "fr"],
    ["a region subtag (de-AT is Austria)", { languages: ["de-AT", "de"] }, "at"],
    ["a bare language naming a country", { languages: ["fr"] }, "fr"],
    ["English to Britain where the shop sells there", { languages: ["en"] }, "gb"],
    ["a choice the shop does not sell to is ignored", { chosen: "jp", languages: [] }, "de"],
    ["nothing usable: the fallback", { languages: ["ja-JP"] }, "de"],
  ])("picks %s", (_what, o, expected) => {
    expect(pickCountry(codes, { ...o, fallback: "de" })).toBe(expected);
  });

  it("splits the country off a path", () => {
    expect(splitCountry("/de/products/x", codes)).toEqual({ country: "de", rest: "/products/x", looksLikeCountry: true });
    expect(splitCountry("/de", codes)).toEqual({ country: "de", rest: "/", looksLikeCountry: true });
    expect(splitCountry("/products/x", codes)).toEqual({ country: null, rest: "/products/x", looksLikeCountry: false });
    expect(splitCountry("/xx/products/x", codes).looksLikeCountry).toBe(true);
  });

  it("reads the country cookie and lists each country once", () => {
    expect(readCookie("a=1; storefront_country=at; b=2", "storefront_country")).toBe("at");
    expect(readCookie("storefront_country=%E0%A4%A", "storefront_country")).toBeNull();
    const regions = [
      { id: "r1", currency_code: "EUR", countries: [{ iso_2: "DE", display_name: "Germany" }, { iso_2: "fr" }] },
      { id: "r2", currency_code: "usd", countries: [{ iso_2: "de" }, { iso_2: "us", name: "UNITED STATES" }] },
    ];
    expect(countriesOf(regions as never).map((c) => [c.code, c.regionId, c.currency])).toEqual([
      ["de", "r1", "eur"],
      ["fr", "r1", "eur"],
      ["us", "r2", "usd"],
    ]);
  });
});
