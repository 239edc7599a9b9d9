import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Reasons a customer can give for a return. Ours: the js-sdk has no method for these routes. https://docs.medusajs.com/api/store#return-reasons
 * @example const { return_reasons } = await sdk.store.returnReason.list()
 */
export const returnReason = defineResource({
  name: "returnReason",
  path: "/store/return-reasons",
  one: "return_reason",
  many: "return_reasons",
  columns: ["id", "value", "label"],
  docs: "https://docs.medusajs.com/api/store#return-reasons",
  methods: {
    /**
     * Ours (no js-sdk method). `GET /store/return-reasons`
     * https://docs.medusajs.com/api/store#return-reasons
     * @example
     * const { return_reasons, count } = await sdk.store.returnReason.list({ limit: 20, fields: "id,value" })
     */
    list: op<[query?: HttpTypes.StoreReturnReasonsParams, headers?: H], HttpTypes.StoreReturnReasonListResponse>("GET /store/return-reasons", "query", { list: true, summary: "Ours (no js-sdk method)." }),
    /**
     * Ours (no js-sdk method). `GET /store/return-reasons/{id}`
     * https://docs.medusajs.com/api/store#return-reasons
     * @example
     * const { return_reason } = await sdk.store.returnReason.retrieve("rr_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.StoreReturnReasonParams, headers?: H], HttpTypes.StoreReturnReasonResponse>("GET /store/return-reasons/{id}", "id query", { summary: "Ours (no js-sdk method)." }),
  },
});
