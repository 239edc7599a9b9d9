import { describe, expect, it } from "vitest";
import { safeNext } from "../../../../src/storefront-web/src/app/routes/login.js";

const origin = "https://shop.example";

describe("the ?next= path followed after logging in", () => {
  it.each([["/account/orders"], ["/products/mug?variant=2#reviews"], ["/"], ["/categories/apparel/sweatshirts?page=2"], ["/search?q=%2F%2Fevil.example"], ["/%5Cstays-here"]])(
    "follows %s on this shop",
    (next) => {
      expect(safeNext(next, origin)).toBe(next);
    },
  );

  it.each([
    ["/products/../account/orders", "/account/orders"],
    ["/./account", "/account"],
    ["/account/%2e%2e/cart", "/cart"],
  ])("follows %s as the normalised path %s", (next, path) => {
    expect(safeNext(next, origin)).toBe(path);
  });

  it.each([
    ["//evil.example/phish"],
    ["//evil.example"],
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["/%2e%2e//evil.example"],
    ["/%2E%2E//evil.example"],
    ["/./..//evil.example/path?x=1"],
    ["/a/..//evil.example"],
    ["/\\evil.example"],
    ["https://evil.example"],
    ["https://shop.example.evil.example/"],
    ["/\\evil.example"],
    ["/\\/evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["evil.example"],
    [""],
    [null],
  ])("refuses %j and goes to the account instead", (next) => {
    expect(safeNext(next, origin)).toBe("/account");
  });
});
