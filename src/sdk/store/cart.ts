import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Carts: line items, shipping, promotions and completion. https://docs.medusajs.com/api/store#carts
 * @example const { cart } = await sdk.store.cart.create({ region_id: "reg_123" })
 */
export const cart = defineResource({
  name: "cart",
  path: "/store/carts",
  one: "cart",
  columns: ["id", "email", "region_id", "currency_code", "total", "updated_at"],
  docs: "https://docs.medusajs.com/api/store#carts",
  methods: {
    create: op<[body: HttpTypes.StoreCreateCart, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts", "body query"),
    update: op<[id: string, body: HttpTypes.StoreUpdateCart, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{id}", "id body query"),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("GET /store/carts/{id}", "id query"),
    createLineItem: op<[cartId: string, body: HttpTypes.StoreAddCartLineItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{cartId}/line-items", "cartId body query"),
    updateLineItem: op<[cartId: string, lineItemId: string, body: HttpTypes.StoreUpdateCartLineItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{cartId}/line-items/{lineItemId}", "cartId lineItemId body query"),
    deleteLineItem: op<[cartId: string, lineItemId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreLineItemDeleteResponse>("DELETE /store/carts/{cartId}/line-items/{lineItemId}", "cartId lineItemId query"),
    addShippingMethod: op<[cartId: string, body: HttpTypes.StoreAddCartShippingMethods, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{cartId}/shipping-methods", "cartId body query"),
    addPromotions: op<[cartId: string, body: HttpTypes.StoreCartAddPromotion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{cartId}/promotions", "cartId body query"),
    removePromotions: op<[cartId: string, body: HttpTypes.StoreCartRemovePromotion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("DELETE /store/carts/{cartId}/promotions", "cartId body query"),
    complete: op<[cartId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCompleteCartResponse>("POST /store/carts/{cartId}/complete", "cartId query"),
    transferCart: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{id}/customer", "id query"),
    calculateTaxes: op<[id: string, query?: HttpTypes.StoreCalculateCartTaxes, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{id}/taxes", "id query", {
      summary: "Ours (no js-sdk method): recomputes the cart's taxes.",
    }),
  },
});
