import { describe, expect, it } from "vitest";
import { safeNext } from "../../../../src/storefront-web/src/app/routes/login.js";

const origin = "https://shop.example";

describe("the ?next= path followed after logging in", () => {
  it.each([["/account/orders"], ["/products/mug?variant=2#reviews"], ["/"]])("follows %s on this shop", (next) => {
    expect(safeNext(next, origin)).toBe(next);
  });

  it.each([
    ["//evil.example/phish"],
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
