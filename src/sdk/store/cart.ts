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
    /**
     * Create a cart. `POST /store/carts`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.create({ region_id: "reg_123" })
     */
    create: op<[body: HttpTypes.StoreCreateCart, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts", "body query"),
    /**
     * Update a cart. `POST /store/carts/{id}`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.update("cart_123", { region_id: "reg_123" })
     */
    update: op<[id: string, body: HttpTypes.StoreUpdateCart, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{id}", "id body query"),
    /**
     * Retrieve one cart. `GET /store/carts/{id}`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.retrieve("cart_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("GET /store/carts/{id}", "id query"),
    /**
     * Create line item. `POST /store/carts/{cartId}/line-items`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.createLineItem("cart_123", { variant_id: "variant_123", quantity: 1 })
     */
    createLineItem: op<[cartId: string, body: HttpTypes.StoreAddCartLineItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{cartId}/line-items", "cartId body query"),
    /**
     * Update line item. `POST /store/carts/{cartId}/line-items/{lineItemId}`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.updateLineItem("cart_123", "cali_123", { quantity: 1 })
     */
    updateLineItem: op<[cartId: string, lineItemId: string, body: HttpTypes.StoreUpdateCartLineItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{cartId}/line-items/{lineItemId}", "cartId lineItemId body query"),
    /**
     * Delete line item. `DELETE /store/carts/{cartId}/line-items/{lineItemId}`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { id, deleted } = await sdk.store.cart.deleteLineItem("cart_123", "cali_123")
     */
    deleteLineItem: op<[cartId: string, lineItemId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreLineItemDeleteResponse>("DELETE /store/carts/{cartId}/line-items/{lineItemId}", "cartId lineItemId query"),
    /**
     * Add shipping method. `POST /store/carts/{cartId}/shipping-methods`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.addShippingMethod("cart_123", { option_id: "opt_123" })
     */
    addShippingMethod: op<[cartId: string, body: HttpTypes.StoreAddCartShippingMethods, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{cartId}/shipping-methods", "cartId body query"),
    /**
     * Add promotions. `POST /store/carts/{cartId}/promotions`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.addPromotions("cart_123", { promo_codes: [] })
     */
    addPromotions: op<[cartId: string, body: HttpTypes.StoreCartAddPromotion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{cartId}/promotions", "cartId body query"),
    /**
     * Remove promotions. `DELETE /store/carts/{cartId}/promotions`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.removePromotions("cart_123", { promo_codes: [] })
     */
    removePromotions: op<[cartId: string, body: HttpTypes.StoreCartRemovePromotion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("DELETE /store/carts/{cartId}/promotions", "cartId body query"),
    /**
     * Complete. `POST /store/carts/{cartId}/complete`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const res = await sdk.store.cart.complete("cart_123")
     */
    complete: op<[cartId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCompleteCartResponse>("POST /store/carts/{cartId}/complete", "cartId query"),
    /**
     * Transfer cart. `POST /store/carts/{id}/customer`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.transferCart("cart_123")
     */
    transferCart: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{id}/customer", "id query"),
    /**
     * Ours (no js-sdk method): recomputes the cart's taxes. `POST /store/carts/{id}/taxes`
     * https://docs.medusajs.com/api/store#carts
     * @example
     * const { cart } = await sdk.store.cart.calculateTaxes("cart_123")
     */
    calculateTaxes: op<[id: string, query?: HttpTypes.StoreCalculateCartTaxes, headers?: H], HttpTypes.StoreCartResponse>("POST /store/carts/{id}/taxes", "id query", {
      summary: "Ours (no js-sdk method): recomputes the cart's taxes.",
    }),
  },
});
