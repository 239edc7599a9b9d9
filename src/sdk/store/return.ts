import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Returns started by a customer. Ours: the js-sdk has no method for this route. https://docs.medusajs.com/api/store#returns
 * @example await sdk.store.return.create({ order_id: "order_123", items: [{ id: "item_1", quantity: 1 }], return_shipping: { option_id: "so_1" } })
 */
export const returnResource = defineResource({
  name: "return",
  path: "/store/returns",
  one: "return",
  columns: ["id", "order_id", "status", "created_at"],
  docs: "https://docs.medusajs.com/api/store#returns",
  methods: {
    /**
     * Ours (no js-sdk method): a customer-initiated return. `POST /store/returns`
     * https://docs.medusajs.com/api/store#returns
     * @example
     * const { return: returnRecord } = await sdk.store.return.create({ order_id: "order_123", items: [{ id: "ordli_123", quantity: 1 }], return_shipping: { option_id: "opt_123" } })
     */
    create: op<[body: HttpTypes.StoreCreateReturn, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreReturnResponse>("POST /store/returns", "body query", {
      summary: "Ours (no js-sdk method): a customer-initiated return.",
    }),
  },
});
