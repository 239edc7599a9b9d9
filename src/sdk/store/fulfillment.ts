import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Shipping options of a cart and their calculated prices. https://docs.medusajs.com/api/store#shipping-options
 * @example const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: "cart_123" })
 */
export const fulfillment = defineResource({
  name: "fulfillment",
  path: "/store/shipping-options",
  one: "shipping_option",
  many: "shipping_options",
  columns: ["id", "name", "price_type", "amount"],
  docs: "https://docs.medusajs.com/api/store#shipping-options",
  methods: {
    /**
     * List cart options. `GET /store/shipping-options`
     * https://docs.medusajs.com/api/store#shipping-options
     * @example
     * const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ limit: 20 })
     */
    listCartOptions: op<[query?: HttpTypes.StoreGetShippingOptionList, headers?: H], HttpTypes.StoreShippingOptionListResponse>("GET /store/shipping-options", "query"),
    /**
     * Calculate. `POST /store/shipping-options/{id}/calculate`
     * https://docs.medusajs.com/api/store#shipping-options
     * @example
     * const { shipping_option } = await sdk.store.fulfillment.calculate("so_123", { cart_id: "cart_123" })
     */
    calculate: op<[id: string, body: HttpTypes.StoreCalculateShippingOptionPrice, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreShippingOptionResponse>("POST /store/shipping-options/{id}/calculate", "id body query"),
  },
});
